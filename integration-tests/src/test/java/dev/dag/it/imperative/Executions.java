package dev.dag.it.imperative;

import dev.dag.it.support.TestDatabase;

/**
 * Counts the queries the database really executed: a counted query puts {@link #counted()} in its select
 * list, which takes one number from a sequence each time the query runs. A table that was reused keeps
 * the number it got when it was written, so the stored value also tells which execution produced it.
 * Only for one-row queries: the sequence advances once per row.
 */
final class Executions {
    private final TestDatabase db;
    private final String sequence;
    private long probes;

    Executions(TestDatabase db) {
        this.db = db;
        String schema = db.schema("probe");
        db.execute("CREATE SCHEMA " + schema);
        db.execute("CREATE SEQUENCE " + schema + ".executions");
        this.sequence = schema + ".executions";
    }

    /** The SQL expression that counts an execution, e.g. {@code "SELECT " + counted() + " AS run_no, 1 AS a"}. */
    String counted() {
        return "nextval('" + sequence + "')";
    }

    /** How many counted queries ran so far. */
    long count() {
        probes++;
        return ((Number) db.value("SELECT " + counted())).longValue() - probes;
    }
}
