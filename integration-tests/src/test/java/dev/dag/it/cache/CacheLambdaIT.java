package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.support.Rows.assertRows;

import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.SourceVariant;
import dev.dag.it.support.TestDatabase;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Stories of lambda arguments: a task called with another lambda of the same shape, from the same unchanged class,
 * reruns, wherever the lambda sits (the argument itself, a list, a record, a lambda it captured, a field of the
 * task's object), because each lambda is told by the method it runs and not by its class's code.
 */
@ExtendWith(PlansAgree.class)
class CacheLambdaIT {
    private static final String SOURCE = """
            package lambdatasks;

            import dev.dag.Materialize;
            import dev.dag.Table;
            import java.util.List;
            import java.util.function.IntUnaryOperator;

            public class Choice {
                public record Step(IntUnaryOperator f) {
                }

                @Materialize(version = "1")
                public static Table mapped(IntUnaryOperator f) {
                    return Table.of("SELECT " + f.applyAsInt(1) + " AS v").name("mapped");
                }

                @Materialize(version = "1")
                public static Table listed(List<IntUnaryOperator> fs) {
                    return Table.of("SELECT " + fs.get(0).applyAsInt(1) + " AS v").name("listed");
                }

                @Materialize(version = "1")
                public static Table stepped(Step step) {
                    return Table.of("SELECT " + step.f().applyAsInt(1) + " AS v").name("stepped");
                }

                @Materialize(version = "1")
                public static Table wrapped(IntUnaryOperator f) {
                    return Table.of("SELECT " + f.applyAsInt(1) + " AS v").name("wrapped");
                }

                public static final class Job {
                    private final IntUnaryOperator f;

                    public Job(IntUnaryOperator f) {
                        this.f = f;
                    }

                    @Materialize(version = "1")
                    public Table held() {
                        return Table.of("SELECT " + f.applyAsInt(1) + " AS v").name("held");
                    }
                }

                public static void define(boolean flag) {
                    mapped(flag ? x -> x + 1 : x -> x * 100);
                    listed(List.of(flag ? x -> x + 2 : x -> x * 200));
                    stepped(new Step(flag ? x -> x + 3 : x -> x * 300));
                    IntUnaryOperator inner = flag ? x -> x + 4 : x -> x * 400;
                    wrapped(x -> inner.applyAsInt(x));
                    new Job(flag ? x -> x + 5 : x -> x * 500).held();
                }
            }
            """;

    private static final List<String> TASKS = List.of("mapped", "listed", "stepped", "wrapped", "held");

    private static Flow flow(Class<?> tasks, boolean flag) {
        Flow flow = new Flow("lambdas");
        try (flow) {
            try (Stage stage = new Stage("raw")) {
                tasks.getMethod("define", boolean.class).invoke(null, flag);
            }
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
        return flow;
    }

    @OnEachDatabase
    void rerunWithAnotherLambdaOfTheSameClassRebuildsTheTable(TestDatabase db) {
        Class<?> tasks = SourceVariant.load("lambdatasks.Choice", SOURCE);
        db.run(flow(tasks, true));

        Result other = db.run(flow(tasks, false));
        for (String task : TASKS) {
            assertOutcome(other, task, RAN, task.equals("held") ? "task object changed" : "constant argument");
        }
        assertRows(List.of(List.of(100)), db.published("raw", "mapped"));
        assertRows(List.of(List.of(200)), db.published("raw", "listed"));
        assertRows(List.of(List.of(300)), db.published("raw", "stepped"));
        assertRows(List.of(List.of(400)), db.published("raw", "wrapped"));
        assertRows(List.of(List.of(500)), db.published("raw", "held"));

        Result same = db.run(flow(SourceVariant.load("lambdatasks.Choice", SOURCE), false));
        for (String task : TASKS) {
            assertOutcome(same, task, CACHE_VALID, "cache-valid");
        }
    }
}
