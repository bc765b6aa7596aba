package dev.dag;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a dag task. With the agent attached, a call inside a {@link Flow} definition
 * records the task instead of running it; a call inside a run executes it with caching and
 * materializes what it returns; any other call runs the body as ordinary Java.
 *
 * <pre>{@code
 * @Materialize(version = "1")
 * static Table clean(Table orders, int minQty) {
 *     return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + minQty).name("clean_orders");
 * }
 * }</pre>
 *
 * <p>Parameters are {@link Table}/{@link Blob} outputs of other tasks or constants; the return type is
 * {@link Table}, {@link Blob}, a {@code record} whose components are tables or blobs, a
 * {@code List<Table>} with {@link #nout()} set, or {@code void}. Anything else is refused when the
 * flow is defined.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Materialize {
    /**
     * The version that is the task's code: a fingerprint of the method's bytecode (without line numbers or
     * local names: a comment or a blank line changes nothing), of the lambdas and nested classes it uses, of the
     * project methods it calls, transitively, and of the constants it reads. Edit the SQL inside the task or a
     * helper it calls, and the task reruns, saying which method changed.
     *
     * <pre>{@code @Materialize(version = Materialize.AUTO)}</pre>
     */
    String AUTO = "auto";

    /**
     * The task's code version. {@code ""} (the default) means "no version": the body always runs and its
     * outputs count as new, so their consumers rerun too. {@link #AUTO} derives the version from the task's
     * code. Any other text is a manual version: bump it whenever the body changes; dag notices code that
     * changed under an unchanged version and says so (or fails, with {@link RunOptions#withStrictVersions()}).
     */
    String version() default "";

    /**
     * {@code true} for tasks whose body is cheap because it only builds SQL: the body always runs and
     * each produced SQL table is reused when its query is unchanged.
     */
    boolean lazy() default false;

    /**
     * What an input {@link Table} hands the body through {@link Table#obj()}: {@link TableRef} (the
     * default: a reference, no data read), a record class (rows as {@code List<R>}) or
     * {@code Map.class} (rows as {@code List<Map<String, Object>>}).
     */
    Class<?> inputType() default TableRef.class;

    /** The task name used in results and errors; defaults to the method name. */
    String name() default "";

    /**
     * The stage of the task in an eager run ({@code RunContext.open}) when the call is not inside a
     * {@code Stage} block; ignored in flows, where the enclosing {@code Stage} decides.
     */
    String stage() default "";

    /** Number of tables of a task that returns {@code List<Table>}; must be set for that return type. */
    int nout() default -1;

    /**
     * A source fingerprint for tasks that read outside data: its value joins the cache key, so a changed
     * source reruns the task. See {@link Freshness}.
     */
    Class<? extends Freshness> freshness() default Freshness.None.class;

    /**
     * Whether the body may read the committed (previous) version of its inputs of its own stage beside the new one,
     * with {@link Dag#previousVersion(Table)} (pipedag's {@code input_stage_versions}): to compare the two, or as a
     * data-quality gate that fails the stage before anything of it is published. The key of each such input's
     * previous version is then part of the task's cache key. See docs/outputs.md.
     */
    boolean previousVersions() default false;
}
