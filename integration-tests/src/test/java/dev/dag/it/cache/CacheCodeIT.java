package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.SourceVariant;
import dev.dag.it.support.TestDatabase;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Stories of a task's code changing between runs, as a user edits and rebuilds it: with
 * {@code version = Materialize.AUTO} the task reruns exactly when its code (or code it calls) changed; with
 * a manual version the old tables stay, but never silently.
 */
@ExtendWith(PlansAgree.class)
class CacheCodeIT {
    private static final String CLASS = "autotasks.Orders";

    /** The task class, with {@code version} and the SQL of a helper it calls. */
    private static String source(String version, String sql, String comment) {
        return """
                package autotasks;

                import dev.dag.Materialize;
                import dev.dag.Table;

                public class Orders {
                    %s
                    @Materialize(version = %s)
                    public static Table orders() {
                        return Table.of(Sql.query()).name("orders");
                    }

                    static final class Sql {
                        static String query() {
                            return "%s";
                        }
                    }
                }
                """.formatted(comment, version, sql);
    }

    /** A task taking a lambda, and the call that passes one (the flow's code, edited between runs). */
    private static String mapperSource(String lambda) {
        return """
                package autotasks;

                import dev.dag.Materialize;
                import dev.dag.Table;
                import java.util.function.IntUnaryOperator;

                public class Mapper {
                    @Materialize(version = "1")
                    public static Table mapped(IntUnaryOperator f) {
                        return Table.of("SELECT " + f.applyAsInt(1) + " AS v").name("mapped");
                    }

                    public static Table define(int offset) {
                        return mapped(%s);
                    }
                }
                """.formatted(lambda);
    }

    private static Flow flowOf(Class<?> tasks) {
        return flowOf(tasks, "orders");
    }

    private static Flow flowOf(Class<?> tasks, String call, Object... args) {
        Flow flow = new Flow("code");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                java.lang.reflect.Method method = java.util.Arrays.stream(tasks.getMethods())
                        .filter(candidate -> candidate.getName().equals(call)).findFirst().orElseThrow();
                method.invoke(null, args);
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
        return flow;
    }

    private static Result run(TestDatabase db, String version, String sql, String comment) {
        return db.run(flowOf(SourceVariant.load(CLASS, source(version, sql, comment))));
    }

    @OnEachDatabase
    void autoVersionRerunsWhenTheSqlInACalledHelperChangesAndNotForAComment(TestDatabase db) {
        run(db, "Materialize.AUTO", "SELECT 1 AS n", "");

        Result comment = run(db, "Materialize.AUTO", "SELECT 1 AS n", "// a comment and\n\n    // blank lines");
        assertOutcome(comment, "orders", CACHE_VALID, "cache-valid");

        Result edited = run(db, "Materialize.AUTO", "SELECT 2 AS n", "");
        assertOutcome(edited, "orders", RAN, "code changed");
        assertTrue(edited.task("orders").orElseThrow().reason().contains("query"),
                "the reason names the helper: " + edited.task("orders").orElseThrow().reason());
        assertRows(List.of(List.of(2)), db.published("raw", "orders"));
    }

    @OnEachDatabase
    void aManualVersionKeepsItsTablesButSaysTheCodeChangedOnEveryRun(TestDatabase db) {
        run(db, "\"1\"", "SELECT 1 AS n", "");

        Result edited = run(db, "\"1\"", "SELECT 2 AS n", "");
        assertOutcome(edited, "orders", CACHE_VALID, "code changed since version \"1\" was cached");
        assertTrue(edited.summary().contains("code changed since version"), edited.summary());

        Result again = run(db, "\"1\"", "SELECT 2 AS n", "");
        assertOutcome(again, "orders", CACHE_VALID, "bump the version or use version = Materialize.AUTO");
        assertRows(List.of(List.of(1)), db.published("raw", "orders"));

        Result bumped = run(db, "\"2\"", "SELECT 2 AS n", "");
        assertOutcome(bumped, "orders", RAN, "version changed (1 → 2)");
        assertRows(List.of(List.of(2)), db.published("raw", "orders"));
    }

    @OnEachDatabase
    void aLambdaArgumentIsKeyedByItsCodeAndWhatItCaptured(TestDatabase db) {
        db.run(flowOf(SourceVariant.load("autotasks.Mapper", mapperSource("x -> x + 1")), "define", 0));

        Result same = db.run(flowOf(SourceVariant.load("autotasks.Mapper", mapperSource("x -> x + 1")), "define", 0));
        assertOutcome(same, "mapped", CACHE_VALID, "cache-valid");

        Result edited = db.run(flowOf(SourceVariant.load("autotasks.Mapper", mapperSource("x -> x * 100")), "define", 0));
        assertOutcome(edited, "mapped", RAN, "constant argument");
        assertRows(List.of(List.of(100)), db.published("raw", "mapped"));

        Class<?> capturing = SourceVariant.load("autotasks.Mapper", mapperSource("x -> x + offset"));
        db.run(flowOf(capturing, "define", 5));
        Result otherCapture = db.run(flowOf(capturing, "define", 7));
        assertOutcome(otherCapture, "mapped", RAN, "constant argument");
        assertRows(List.of(List.of(8)), db.published("raw", "mapped"));
    }

    @OnEachDatabase
    void strictVersionsRefuseChangedCodeUnderAnUnchangedVersionBeforeWritingAnything(TestDatabase db) {
        run(db, "\"1\"", "SELECT 1 AS n", "");
        Flow edited = flowOf(SourceVariant.load(CLASS, source("\"1\"", "SELECT 2 AS n", "")));

        DefinitionException refused = assertThrows(DefinitionException.class,
                () -> db.run(edited, RunOptions::withStrictVersions));

        assertTrue(refused.getMessage().contains("strict_versions"), refused.getMessage());
        assertTrue(refused.getMessage().contains("Orders.orders"), refused.getMessage());
        assertRows(List.of(List.of(1)), db.published("raw", "orders"));
    }
}
