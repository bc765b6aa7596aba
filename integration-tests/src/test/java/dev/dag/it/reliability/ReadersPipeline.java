package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline that {@link StageReadersIT}'s readers read while it publishes, named after its flow so that two
 * flows of it share an instance: stage {@code <flow>_raw} holds the tables {@value #PARTS_TEXT}, {@value #ROWS}
 * rows each, and stage {@code <flow>_report} the table {@code summary}, one row counting them. Tasks have no
 * version, so every run writes every table anew and every publish replaces every view; every row carries the
 * run's generation, so that two versions are told apart.
 *
 * <p>As a program (in a child JVM) it runs the flow again and again, one generation after the other, printing
 * {@value #PUBLISHED} and the generation after each run that succeeded, {@value #FAILED} and the message after
 * each that failed, and {@value #DONE} and the count of failures at the end. Arguments: url, user, password,
 * schema prefix, flow, first generation, runs.
 */
public final class ReadersPipeline {
    static final int ROWS = 100;
    static final List<String> PARTS = List.of("a", "b", "c", "d");
    static final String PUBLISHED = "dag-it: published generation ";
    static final String FAILED = "dag-it: run failed: ";
    static final String DONE = "dag-it: runs done, failed: ";
    private static final String PARTS_TEXT = "a, b, c and d";

    private ReadersPipeline() {
    }

    static String raw(String flow) {
        return flow + "_raw";
    }

    static String report(String flow) {
        return flow + "_report";
    }

    @Materialize
    static Table part(String name, int generation) {
        return Table.of("SELECT id, " + generation + " AS generation FROM generate_series(1, " + ROWS + ") AS t(id)")
                .name(name);
    }

    /** How many rows the parts of its run hold together, and the generations they carry. */
    @Materialize
    static Table summary(Table a, Table b, Table c, Table d) {
        return Table.of("SELECT count(*) AS n, min(generation) AS generation, max(generation) AS newest FROM ("
                + "SELECT generation FROM " + a.ref() + " UNION ALL SELECT generation FROM " + b.ref()
                + " UNION ALL SELECT generation FROM " + c.ref() + " UNION ALL SELECT generation FROM " + d.ref()
                + ") AS p").name("summary");
    }

    static Flow flow(String name, int generation) {
        Flow flow = new Flow(name);
        try (flow) {
            List<Table> parts = new ArrayList<>();
            try (Stage raw = new Stage(raw(name))) {
                for (String part : PARTS) {
                    parts.add(part(part, generation));
                }
            }
            try (Stage report = new Stage(report(name))) {
                summary(parts.get(0), parts.get(1), parts.get(2), parts.get(3));
            }
        }
        return flow;
    }

    /**
     * Runs flow {@code name} {@code runs} times from {@code firstGeneration} on, printing the outcome of each; returns
     * why the failed ones failed.
     */
    static List<String> runRepeatedly(RunOptions options, String name, int firstGeneration, int runs) {
        List<String> failed = new ArrayList<>();
        for (int generation = firstGeneration; generation < firstGeneration + runs; generation++) {
            int failures = failed.size();
            try {
                Result result = flow(name, generation).run(options);
                if (result.successful()) {
                    System.out.println(PUBLISHED + generation);
                } else {
                    failed.add(result.summary());
                }
            } catch (DagException e) {
                failed.add(e.getMessage());
            }
            if (failed.size() > failures) {
                System.out.println(FAILED + failed.get(failures).replace('\n', ' '));
            }
        }
        return failed;
    }

    public static void main(String[] args) {
        try (ConfigContext config = ConfigContext.builder().instance("readers").url(args[0]).user(args[1])
                .password(args[2]).schemaPrefix(args[3]).build()) {
            List<String> failed = runRepeatedly(RunOptions.of(config), args[4], Integer.parseInt(args[5]),
                    Integer.parseInt(args[6]));
            System.out.println(DONE + failed.size());
        }
    }
}
