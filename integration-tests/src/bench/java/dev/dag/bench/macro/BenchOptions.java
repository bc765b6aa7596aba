package dev.dag.bench.macro;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Command-line options of {@link dev.dag.bench.MacroBenchmark}, each {@code --name=value}. Defaults are the
 * sizes the goals are stated for; {@code --small} switches every size to a smoke-check size first, and
 * explicit options still override it.
 *
 * @param scenarios    scenarios to run, among {@code a,b,c,d,e,f,g,h,i} (default all)
 * @param databases    databases, among {@code duckdb,postgres} (default both)
 * @param reps         timed repetitions per figure (default 5; scenario a takes four times as many); the median
 *                     is reported
 * @param warmup       untimed rounds before them (default 1; more measure a JVM whose JIT compiled dag's code,
 *                     a long-running service rather than a pipeline started for one run)
 * @param bigRows      a: rows of the large table (default 10,000,000)
 * @param smallRows    a: rows of the small table (default 1,000)
 * @param tenRows      b: rows of each of the ten tables (default 1,000,000)
 * @param stages       c: stages of the many-task flow (default 20)
 * @param lanes        c: tasks per stage (default 10)
 * @param bulkRows     d: in-memory rows (default 1,000,000)
 * @param batchRows    d: rows of the JDBC batch insert on DuckDB, extrapolated to {@code bulkRows} (default
 *                     50,000; PostgreSQL always inserts all {@code bulkRows})
 * @param parallelRows e: rows of each of the eight tables (default 2,000,000)
 * @param parallelism  the instances' {@code parallelism} for every scenario but e (default 0: the database's default,
 *                     as a user gets it)
 * @param scaleStages  h: stages of the large flow (default 50)
 * @param scaleLanes   h: tasks per stage of the large flow (default 100: 5,000 tasks)
 * @param history      i: the stored runs of the flow before the second measurement (default 1,000; the first is
 *                     after 10)
 * @param statements   b, c, i: after the figures, one more run with each of dag's JDBC statements timed and printed
 *                     (default off; {@code --statements})
 */
public record BenchOptions(Set<String> scenarios, Set<String> databases, int reps, int warmup, long bigRows,
                           long smallRows,
                           long tenRows, int stages, int lanes, int bulkRows, int batchRows, long parallelRows,
                           int parallelism, int scaleStages, int scaleLanes, int history, boolean statements) {

    private static final String USAGE = """
            options (--name=value): --scenarios=a,b,c,d,e,f,g,h,i --db=duckdb,postgres --reps=5 --warmup=1 --small
              --big-rows=10000000 --small-rows=1000 --ten-rows=1000000 --stages=20 --lanes=10
              --bulk-rows=1000000 --batch-rows=50000 --parallel-rows=2000000 --parallelism=0
              --scale-stages=50 --scale-lanes=100 --history=1000 --statements""";

    /** Parses {@code args}; throws {@link IllegalArgumentException} with the usage for an unknown option. */
    public static BenchOptions parse(String[] args) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'\n" + USAGE);
            }
            int eq = arg.indexOf('=');
            given.put(eq < 0 ? arg.substring(2) : arg.substring(2, eq), eq < 0 ? "true" : arg.substring(eq + 1));
        }
        boolean small = Boolean.parseBoolean(given.remove("small"));
        BenchOptions options = new BenchOptions(
                Set.copyOf(List.of(take(given, "scenarios", "a,b,c,d,e,f,g,h,i").split(","))),
                Set.copyOf(List.of(take(given, "db", "duckdb,postgres").split(","))),
                Integer.parseInt(take(given, "reps", small ? "3" : "5")),
                Integer.parseInt(take(given, "warmup", "1")),
                Long.parseLong(take(given, "big-rows", small ? "200000" : "10000000")),
                Long.parseLong(take(given, "small-rows", "1000")),
                Long.parseLong(take(given, "ten-rows", small ? "50000" : "1000000")),
                Integer.parseInt(take(given, "stages", small ? "4" : "20")),
                Integer.parseInt(take(given, "lanes", small ? "5" : "10")),
                Integer.parseInt(take(given, "bulk-rows", small ? "50000" : "1000000")),
                Integer.parseInt(take(given, "batch-rows", small ? "2000" : "50000")),
                Long.parseLong(take(given, "parallel-rows", small ? "100000" : "2000000")),
                Integer.parseInt(take(given, "parallelism", "0")),
                Integer.parseInt(take(given, "scale-stages", small ? "10" : "50")),
                Integer.parseInt(take(given, "scale-lanes", small ? "10" : "100")),
                Integer.parseInt(take(given, "history", small ? "40" : "1000")),
                Boolean.parseBoolean(take(given, "statements", "false")));
        if (!given.isEmpty()) {
            throw new IllegalArgumentException("unknown option(s) " + given.keySet() + "\n" + USAGE);
        }
        if (options.reps < 1 || options.warmup < 0) {
            throw new IllegalArgumentException("--reps must be at least 1, --warmup at least 0");
        }
        if (options.history <= StoredRunsRerun.FEW_RUNS) {
            throw new IllegalArgumentException("--history must be more than " + StoredRunsRerun.FEW_RUNS);
        }
        return options;
    }

    private static String take(Map<String, String> given, String name, String fallback) {
        String value = given.remove(name);
        return value == null ? fallback : value;
    }

    @Override
    public String toString() {
        return String.format("scenarios %s, databases %s, reps %d after %d warm-up, a: %,d vs %,d rows, b: 10 x %,d rows, c: %d x %d "
                        + "tasks, d: %,d rows (DuckDB batch insert: %,d rows), e: 8 x %,d rows, h: %d x %d tasks, i: %,d "
                        + "stored runs vs %d, parallelism %s",
                new TreeSet<>(scenarios), new TreeSet<>(databases), reps, warmup, bigRows, smallRows, tenRows, stages, lanes,
                bulkRows, batchRows, parallelRows, scaleStages, scaleLanes, history, StoredRunsRerun.FEW_RUNS,
                parallelism == 0 ? "the database's default" : parallelism);
    }

    /** Whether scenario {@code id} ({@code a}..{@code i}) is selected. */
    public boolean runs(String id) {
        return scenarios.contains(id);
    }
}
