package dev.dag.internal.bridge;

import dev.dag.Dag;
import dev.dag.Debug;
import dev.dag.MaterializeOptions;
import dev.dag.Table;
import dev.dag.internal.engine.context.Activity;
import dev.dag.internal.engine.materialize.Materializer;
import dev.dag.internal.engine.run.MainRun;
import dev.dag.internal.engine.run.TaskCalls;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The only class the code woven by the agent calls, by name ({@code invokestatic}, resolved from the task
 * class's own class loader): the agent never links against dag-api. Keep these signatures stable; the
 * agent's {@code BridgeCalls} and {@code CallSiteRewriter} name them.
 *
 * <p>Per call of a task method: {@link #active()} (one volatile read; false means a plain call and
 * nothing else happens); otherwise {@link #enter}, {@link #skip} and {@link #exit}.
 *
 * <p>In classes that declare tasks the agent also rewrites calls of {@code Table.materialize},
 * {@code Dag.materialize} and {@code Debug.materializeTable} into the methods below that take the call
 * site as constants (class, method, file, line), and calls {@link #returning} before each
 * {@code return} of a task method: errors and results then name the user's line without creating a
 * Throwable or walking the stack.
 */
public final class TaskBridge {
    private TaskBridge() {
    }

    /** Whether any flow definition or run is open in this JVM. */
    public static boolean active() {
        return Activity.any();
    }

    /**
     * Called before the body of a task method.
     *
     * @param owner     the class declaring the method
     * @param methodKey the method's name and JVM descriptor
     * @param spec      "" for an annotated method; the agent's configured task spec otherwise
     * @param self      the receiver, or null for a static method
     * @param args      the arguments
     * @return null for a plain call, otherwise a token for {@link #skip} and {@link #exit}
     */
    public static Object enter(Class<?> owner, String methodKey, String spec, Object self, Object[] args) {
        return TaskCalls.enter(owner, methodKey, spec, self, args);
    }

    /** Whether the body must not run (a call recorded during a flow definition). */
    public static boolean skip(Object call) {
        return TaskCalls.skip(call);
    }

    /**
     * Called after the body (or instead of it, when skipped).
     *
     * @return the value the method returns to its caller
     * @throws Throwable the body's exception, or a dag exception if writing the outputs failed
     */
    public static Object exit(Object call, Object returned, Throwable thrown) throws Throwable {
        return TaskCalls.exit(call, returned, thrown);
    }

    /** A rewritten {@code table.materialize()}. */
    public static Table materialize(Table table, String owner, String method, String file, int line) {
        return TaskCalls.materialize(table, MaterializeOptions.defaults(), owner, method, file, line);
    }

    /** A rewritten {@code table.materialize(options)}. */
    public static Table materialize(Table table, MaterializeOptions options, String owner, String method, String file,
                                    int line) {
        return TaskCalls.materialize(table, Objects.requireNonNull(options, "options"), owner, method, file,
                line);
    }

    /** A rewritten {@code Dag.materialize(tables...)}. */
    public static List<Table> materializeAll(Table[] tables, String owner, String method, String file, int line) {
        return TaskCalls.atSite(owner, method, file, line, site -> Materializer.materializeGroup(Arrays.asList(tables), site),
                () -> Dag.materialize(tables));
    }

    /** A rewritten {@code Dag.materialize(map)}. */
    public static Map<String, Table> materializeAll(Map<String, Table> tables, String owner, String method, String file,
                                                    int line) {
        return TaskCalls.atSite(owner, method, file, line, site -> Materializer.materializeNamed(tables, site),
                () -> Dag.materialize(tables));
    }

    /** A rewritten {@code Debug.materializeTable(table, options)}. */
    public static Table debug(Table table, MaterializeOptions options, String owner, String method, String file,
                              int line) {
        return TaskCalls.atSite(owner, method, file, line, site -> Materializer.debug(table, options, site),
                () -> Debug.materializeTable(table, options));
    }

    /** A rewritten {@code Debug.materializeTable(table)}. */
    public static Table debug(Table table, String owner, String method, String file, int line) {
        return debug(table, MaterializeOptions.defaults(), owner, method, file, line);
    }

    /**
     * Opens an eager run around the application's {@code main} (agent option {@code flow=...}).
     *
     * @param run the run the agent's options describe: config file (empty for the default instance),
     *            instance and flow name, separated by NUL (the agent applied the options' rules and defaults)
     * @return the run, for {@link #endMainRun}
     */
    public static Object openMainRun(String run) {
        return MainRun.open(run);
    }

    /** Ends the run around {@code main}: commits it, or commits nothing when {@code main} threw. */
    public static void endMainRun(Object run, Throwable thrown) {
        MainRun.end(run, thrown);
    }

    /** Called before each {@code return} of a task method with its line. */
    public static void returning(String owner, String method, String file, int line) {
        if (Activity.any()) {
            TaskCalls.returning(owner, method, file, line);
        }
    }
}
