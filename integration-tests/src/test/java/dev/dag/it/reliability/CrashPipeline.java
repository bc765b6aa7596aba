package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The pipeline that the crash and lock tests run, killed or not, in a child JVM ({@link #main}) or in
 * the test JVM ({@link #run}).
 * <ul>
 * <li>stage {@value #RAW}: {@code orders} (in-memory rows, bulk-loaded), {@code customers} (SQL on
 * them), {@code scores} (a deliberately slow query from no table, as long as {@code work} asks), and,
 * when a gate file is given, a task that holds the stage until that file exists;</li>
 * <li>stage {@value #REPORT}: {@code totals}.</li>
 * </ul>
 * Every row depends on the generation, so that two versions of a stage are told apart.
 *
 * <p>As a program it takes {@code key=value} arguments: {@code url}, {@code user}, {@code password},
 * {@code prefix}, {@code generation}, {@code rows}, {@code work}, {@code gate}, {@code lockTimeout},
 * {@code leaseSeconds} (lock mode lease with leases of that many seconds). It
 * prints {@value #SUCCEEDED} and one {@value #OUTCOME} line per task, or {@value #FAILED} and the
 * message (exit code 1).
 */
public final class CrashPipeline {
    static final String RAW = "raw";
    static final String REPORT = "report";
    static final List<String> STAGES = List.of(RAW, REPORT);

    /** Printed by {@code scores} just before its query runs. */
    static final String SCORES_QUERY_STARTS = "dag-it: scores query starts";
    /** Printed by {@code holdStage} once it holds the stage and waits for its gate file. */
    static final String HOLDING_STAGE = "dag-it: holding stage raw";
    static final String SUCCEEDED = "dag-it: run succeeded";
    static final String FAILED = "dag-it: run failed: ";
    static final String OUTCOME = "dag-it: outcome ";

    /** How long a held stage waits for its gate before giving up, so that a lost child ends by itself. */
    private static final long GATE_PATIENCE_MILLIS = 120_000;

    private CrashPipeline() {
    }

    /** One row of {@code orders}. */
    public record Order(long id, String customer, long cents, int generation) {
    }

    /** What to run: the data's generation and size, and optionally a gate that holds stage raw. */
    record Options(int generation, int rows, int work, Path gate) {
        static Options generation(int generation) {
            return new Options(generation, 1_000, 1_000, null);
        }

        Options withRows(int count) {
            return new Options(generation, count, work, gate);
        }

        /** Makes {@code scores} process {@code work} rows per customer (50 customers). */
        Options withWork(int count) {
            return new Options(generation, rows, count, gate);
        }

        /** Holds stage raw, from inside a task, until {@code file} exists. */
        Options withGate(Path file) {
            return new Options(generation, rows, work, file);
        }

        List<String> asArguments() {
            List<String> arguments = new ArrayList<>(List.of("generation=" + generation, "rows=" + rows,
                    "work=" + work));
            if (gate != null) {
                arguments.add("gate=" + gate);
            }
            return arguments;
        }
    }

    @Materialize(version = "1")
    static Table orders(int generation, int count) {
        List<Order> rows = IntStream.range(0, count)
                .mapToObj(i -> new Order(i, "c" + (i % 50), (i * 7L + generation * 13L) % 1_000, generation))
                .toList();
        return Table.of(rows).name("orders");
    }

    @Materialize(lazy = true)
    static Table customers(Table orders) {
        return Table.of("SELECT customer, count(*) AS orders, sum(cents) AS cents, max(generation) AS generation "
                + "FROM " + orders.ref() + " GROUP BY customer").name("customers");
    }

    /** A slow query that reads no table of its stage, so that it locks none while it runs. */
    @Materialize(lazy = true)
    static Table scores(int generation, int work) {
        System.out.println(SCORES_QUERY_STARTS);
        System.out.flush();
        String customer = "'c' || CAST(s.g % 50 AS VARCHAR)";
        return Table.of("SELECT " + customer + " AS customer, count(*) AS n, "
                + "min(md5(CAST(s.g * " + generation + " AS VARCHAR))) AS smallest "
                + "FROM generate_series(1, " + 50L * work + ") AS s(g) GROUP BY " + customer).name("scores");
    }

    @Materialize(version = "1")
    static void holdStage(Table customers, String gate) {
        System.out.println(HOLDING_STAGE + " until " + gate + " exists");
        System.out.flush();
        long deadline = System.currentTimeMillis() + GATE_PATIENCE_MILLIS;
        while (!Files.exists(Path.of(gate))) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("gate " + gate + " never opened");
            }
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while holding stage raw", e);
        }
    }

    @Materialize(lazy = true)
    static Table totals(Table customers, Table scores) {
        return Table.of("SELECT count(*) AS customers, sum(c.cents) AS cents, max(c.generation) AS generation, "
                + "sum(s.n) AS work FROM " + customers.ref() + " c JOIN " + scores.ref() + " s "
                + "ON s.customer = c.customer").name("totals");
    }

    /** Defines the flow (needs the agent). */
    static Flow flow(Options options) {
        Flow flow = new Flow("crash-pipeline");
        try (flow) {
            Table customers;
            Table scores;
            try (Stage raw = new Stage(RAW)) {
                Table orders = orders(options.generation(), options.rows());
                customers = customers(orders);
                scores = scores(options.generation(), options.work());
                if (options.gate() != null) {
                    holdStage(customers, options.gate().toString());
                }
            }
            try (Stage report = new Stage(REPORT)) {
                totals(customers, scores);
            }
        }
        return flow;
    }

    /** Runs the pipeline on {@code config}. */
    static Result run(ConfigContext config, Options options) {
        return flow(options).run(RunOptions.of(config));
    }

    /** Runs the pipeline with {@code key=value} arguments; see the class comment. */
    public static void main(String[] args) {
        Map<String, String> arguments = new HashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            arguments.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        Options options = new Options(Integer.parseInt(arguments.get("generation")),
                Integer.parseInt(arguments.get("rows")), Integer.parseInt(arguments.get("work")),
                arguments.containsKey("gate") ? Path.of(arguments.get("gate")) : null);
        try (ConfigContext config = config(arguments)) {
            Result result = run(config, options);
            System.out.println(SUCCEEDED);
            for (TaskResult task : result.tasks()) {
                System.out.println(OUTCOME + task.task() + " " + task.outcome());
            }
        } catch (DagException e) {
            System.out.println(FAILED + e.getMessage());
            System.exit(1);
        }
    }

    private static ConfigContext config(Map<String, String> arguments) {
        ConfigContext.Builder builder = ConfigContext.builder().instance("crash-pipeline").url(arguments.get("url"))
                .schemaPrefix(arguments.getOrDefault("prefix", ""));
        if (arguments.containsKey("user")) {
            builder.user(arguments.get("user")).password(arguments.getOrDefault("password", ""));
        }
        if (arguments.containsKey("lockTimeout")) {
            builder.lockTimeoutSeconds(Integer.parseInt(arguments.get("lockTimeout")));
        }
        if (arguments.containsKey("parallelism")) {
            builder.parallelism(Integer.parseInt(arguments.get("parallelism")));
        }
        if (arguments.containsKey("leaseSeconds")) {
            builder.lockMode(ConfigContext.LockMode.LEASE)
                    .lockLeaseSeconds(Integer.parseInt(arguments.get("leaseSeconds")));
        }
        return builder.build();
    }
}
