package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.Materialize;
import dev.dag.RunContext;
import dev.dag.Stage;
import dev.dag.Table;

/** The eager run of docs/existing-etl.md, run by DocExamplesIT. */
public final class EagerExamples {
    private EagerExamples() {
    }

    /** Steps of an existing ETL program, made tasks by their annotation. */
    public static final class Steps {
        private Steps() {
        }

        @Materialize(version = Materialize.AUTO)
        public static Table loadOrders() {
            return Table.of("SELECT 1 AS id, 2 AS qty UNION ALL SELECT 2, 5").name("orders");
        }

        @Materialize(version = Materialize.AUTO, stage = "clean")
        public static Table cleanOrders(Table orders, int minQty) {
            return Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + minQty).name("clean_orders");
        }
    }

    /** The nightly run on the instance {@code default} of {@code file}. */
    public static void nightly(String file) {
        // docs:eager
        try (RunContext run = RunContext.open(ConfigContext.load(file, "default"), "nightly")) {
            Table orders;
            try (Stage raw = new Stage("raw")) {          // committed when the block closes
                orders = Steps.loadOrders();              // runs now, or is cache-valid and returns the stored table
            }
            Steps.cleanOrders(orders, 3);                 // stage from @Materialize(stage = "clean"), else "nightly"
        }                                                 // commits the stages still open
        // end:eager
    }
}
