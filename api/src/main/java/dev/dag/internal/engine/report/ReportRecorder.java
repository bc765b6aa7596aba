package dev.dag.internal.engine.report;

import dev.dag.Materialization;
import dev.dag.RunContext;
import dev.dag.RunListener;
import java.util.HashMap;
import java.util.Map;

/** Hears, for the run's report, the SQL and rows of each table as the run writes or keeps it. */
public final class ReportRecorder implements RunListener {
    private final Map<String, Materialization> tables = new HashMap<>();

    @Override
    public synchronized void tableMaterialized(RunContext run, Materialization table) {
        tables.put(key(table.stage(), table.task(), table.table()), table);
    }

    /** What was heard of table {@code table} of {@code task} in {@code stage}, or null. */
    synchronized Materialization table(String stage, String task, String table) {
        return tables.get(key(stage, task, table));
    }

    private static String key(String stage, String task, String table) {
        return stage + "\u0000" + task + "\u0000" + table;
    }
}
