package dev.dag.it.cache;

import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertOutcome;

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
 * Reasons name a task's parameters as written in its source, also for a class compiled without
 * {@code -parameters} (Maven's compiler plugin writes only the local variable table by default).
 */
@ExtendWith(PlansAgree.class)
class CacheReasonNamesIT {
    private static final String SOURCE = """
            package names;

            import dev.dag.Flow;
            import dev.dag.Materialize;
            import dev.dag.Stage;
            import dev.dag.Table;

            public class BigOrders {
                @Materialize(version = Materialize.AUTO)
                public static Table bigOrders(String region, int minQty) {
                    return Table.of("SELECT '" + region + "' AS region, " + minQty + " AS min_qty").name("big_orders");
                }

                public static Flow define(int minQty) {
                    Flow flow = new Flow("names");
                    try (flow) {
                        try (Stage clean = new Stage("clean")) {
                            bigOrders("North", minQty);
                        }
                    }
                    return flow;
                }
            }
            """;

    private static Flow define(Class<?> tasks, int minQty) {
        try {
            return (Flow) tasks.getMethod("define", int.class).invoke(null, minQty);
        } catch (IllegalAccessException | InvocationTargetException | NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Result changeMinQty(TestDatabase db, List<String> javacOptions) {
        Class<?> tasks = SourceVariant.load("names.BigOrders", SOURCE, javacOptions);
        db.run(define(tasks, 3));
        return db.run(define(tasks, 5));
    }

    @OnEachDatabase
    void aClassCompiledWithoutParametersFlagStillShowsItsParameterNames(TestDatabase db) {
        assertOutcome(changeMinQty(db, List.of("-g")), "bigOrders", RAN, "constant argument 'minQty' changed (3 → 5)");
    }

    @OnEachDatabase
    void aClassWithoutAnyDebugInformationShowsPositions(TestDatabase db) {
        assertOutcome(changeMinQty(db, List.of("-g:none")), "bigOrders", RAN, "constant argument 'arg1' changed (3 → 5)");
    }
}
