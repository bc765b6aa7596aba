package dev.dag.it;

import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tasks are static methods or instance methods; an instance task sees the fields of its receiver. */
class TaskOwnersIT {
    record Net(int id, double net) {
    }

    @Materialize(version = "1")
    static Table net() {
        return Table.of(List.of(new Net(1, 100.0), new Net(2, 50.0))).name("net");
    }

    /** Tasks whose SQL depends on the instance they are called on. */
    static final class Pricing {
        private final String country;
        private final double vatRate;

        Pricing(String country, double vatRate) {
            this.country = country;
            this.vatRate = vatRate;
        }

        @Materialize(version = "1")
        Table gross(Table net) {
            // a cast, not round(x, 2): PostgreSQL has no round(double precision, integer)
            return Table.of("SELECT id, CAST(net * " + (1 + vatRate) + " AS DECIMAL(10, 2)) AS gross FROM " + net.ref())
                    .name("gross_" + country);
        }
    }

    @OnEachDatabase
    void instanceTaskUsesTheFieldsOfTheInstanceItWasCalledOn(TestDatabase db) {
        Flow flow = new Flow("prices");
        try (flow) {
            Table net;
            try (Stage raw = new Stage("raw")) {
                net = net();
            }
            try (Stage prices = new Stage("prices")) {
                new Pricing("de", 0.19).gross(net);
                new Pricing("fr", 0.20).gross(net);
            }
        }

        flow.run(db.options());

        assertRows(List.of(List.of(1, 119.0), List.of(2, 59.5)), db.published("prices", "gross_de"));
        assertRows(List.of(List.of(1, 120.0), List.of(2, 60.0)), db.published("prices", "gross_fr"));
    }

    @Test
    void instanceTaskCalledPlainlyUsesItsFieldsToo() {
        Table gross = new Pricing("at", 0.2).gross(Table.of(TableRef.of("raw", "net")));

        assertEquals("gross_at", gross.name());
        assertEquals("SELECT id, CAST(net * 1.2 AS DECIMAL(10, 2)) AS gross FROM \"raw\".\"net\"", gross.obj());
    }
}
