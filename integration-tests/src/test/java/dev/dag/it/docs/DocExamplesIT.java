package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.examples.OrdersFlow;
import dev.dag.it.docs.examples.CachingExamples;
import dev.dag.it.docs.examples.ConfigurationExamples;
import dev.dag.it.docs.examples.EagerExamples;
import dev.dag.it.docs.examples.ImperativeExamples;
import dev.dag.it.docs.examples.ParallelismExamples;
import dev.dag.it.etl.LegacyEtl;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the Java and YAML examples that docs/ show (their regions are checked against the doc text by
 * {@link DocsCodeBlocksIT}), and asserts that each does what its page says.
 */
class DocExamplesIT {
    @TempDir
    Path dir;

    private static Flow bigOrdersFlow(int minQty) {
        return Flows.twoStages("docs_caching", "raw", CachingExamples::orders, "clean",
                orders -> CachingExamples.bigOrdersOf(orders, minQty));
    }

    @OnEachDatabase
    void cachingBigOrdersKeepsTheBigOnesAndRerunsForAChangedMinimum(TestDatabase db) {
        db.run(bigOrdersFlow(5));
        assertEquals(1, db.rows("SELECT * FROM " + db.table("clean", "big_orders")).size());

        Result changed = db.run(bigOrdersFlow(2));
        assertTrue(changed.task("bigOrders").orElseThrow().reason()
                .contains("constant argument 'minQty' changed (5 → 2)"), changed.summary());
        assertEquals(2, db.rows("SELECT * FROM " + db.table("clean", "big_orders")).size());
    }

    @OnEachDatabase
    void cachingTodaysOrdersAreRebuiltByDayWithoutAWarning(TestDatabase db) {
        Flow flow = Flows.twoStages("docs_today", "raw", CachingExamples::orders, "clean",
                CachingExamples::ordersAsOfTodayOf);
        db.run(flow);

        Result again = db.run(flow);

        TaskResult today = again.task("ordersAsOfToday").orElseThrow();
        assertEquals(TaskOutcome.LAZY_CACHE_VALID, today.outcome(), again.summary());
        assertEquals(List.of(), today.warnings(), "the freshness says what current_date depends on");
    }

    @OnEachDatabase
    void cachingRepeatedCallsAreOneCallOrTablesOfTheirOwn(TestDatabase db) {
        Result result = db.run(CachingExamples.regions());

        List<String> tables = result.tasks().stream().map(task -> task.tables().get(0)).toList();
        assertEquals(2, tables.size(), result.summary());
        tables.forEach(table -> assertTrue(table.matches("region_[0-9a-f]{8}"), table));
        assertEquals("south", db.value("SELECT region FROM " + db.table("raw", tables.get(1))));
    }

    @OnEachDatabase
    void cachingATaskThatReadsAFileRerunsWhenTheFileChanges(TestDatabase db) throws IOException {
        Path csv = dir.resolve("orders.csv");
        Files.writeString(csv, "id,qty,amount\n1,2,10.50\n");
        Files.setLastModifiedTime(csv, FileTime.fromMillis(1_600_000_000_000L));
        Flow flow = new Flow("docs_csv");
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                CachingExamples.ordersFromCsvOf(csv);
            }
        }
        db.run(flow);
        TaskResult same = db.run(flow).task("ordersFromCsv").orElseThrow();
        assertEquals(TaskOutcome.CACHE_VALID, same.outcome(), same.reason());
        assertEquals(List.of(), same.warnings(), "the freshness says what the task reads");

        Files.writeString(csv, "id,qty,amount\n1,2,10.50\n2,7,99.00\n");
        Files.setLastModifiedTime(csv, FileTime.fromMillis(1_700_000_000_000L));
        TaskResult changed = db.run(flow).task("ordersFromCsv").orElseThrow();

        assertEquals(TaskOutcome.RAN, changed.outcome(), changed.reason());
        assertEquals(2, db.rows("SELECT * FROM " + db.table("raw", "orders_csv")).size());
    }

    @OnEachDatabase
    void cachingModesAndSubsetsRun(TestDatabase db) {
        List<Result> last = CachingExamples.modesAndSubsets(bigOrdersFlow(5), db.config());
        assertTrue(last.get(0).successful(), last.get(0).summary());
    }

    @OnEachDatabase
    void typesDeclaredDecimalReadsBackWithItsScale(TestDatabase db) {
        Flow flow = new Flow("docs_types");
        Table orders;
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                orders = CachingExamples.declaredOrders();
            }
        }
        List<CachingExamples.Order> rows = db.run(flow).rows(orders, CachingExamples.Order.class);
        assertEquals(new BigDecimal("10.50"), rows.get(0).amount());
    }

    @OnEachDatabase
    void typesNullableColumnsAreTheOnlyOnesThatMayHoldNull(TestDatabase db) {
        List<CachingExamples.Customer> customers = List.of(new CachingExamples.Customer(1, "ann", null),
                new CachingExamples.Customer(2, "bob", "bob@example.com"));
        db.run(Flows.twoStages("docs_constraints", "raw", () -> CachingExamples.customersOf(customers), "clean",
                CachingExamples::mailableOf));
        assertEquals(List.of(List.of("id", "NO"), List.of("name", "NO"), List.of("email", "YES")),
                nullability(db, db.physicalBehind("raw", "customers")));
        assertEquals(List.of(List.of("id", "YES"), List.of("email", "NO")),
                nullability(db, db.physicalBehind("clean", "mailable")));

        List<CachingExamples.Customer> nameless = List.of(new CachingExamples.Customer(3, null, null));
        dev.dag.DagException refused = org.junit.jupiter.api.Assertions.assertThrows(dev.dag.DagException.class,
                () -> db.run(Flows.twoStages("docs_constraints", "raw", () -> CachingExamples.customersOf(nameless),
                        "clean", CachingExamples::mailableOf)));
        assertTrue(refused.getMessage().contains("wrote NULL into column 'name' of table 'customers'"),
                refused.getMessage());
    }

    private static List<List<Object>> nullability(TestDatabase db, dev.dag.TableRef physical) {
        return db.rows("SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = ? "
                + "AND table_name = ? ORDER BY ordinal_position", physical.schema(), physical.name());
    }

    @OnEachDatabase
    void typesTypedBlobReadsBackEqual(TestDatabase db) {
        Flow flow = new Flow("docs_blob");
        dev.dag.Blob limits;
        try (flow) {
            try (Stage raw = new Stage("raw")) {
                limits = CachingExamples.limitsBlob();
            }
        }
        assertEquals(CachingExamples.expectedLimits(), db.run(flow).get(limits, Object.class));
    }

    @OnEachDatabase
    void imperativeTopCustomersWritesTotalsAndTheTop(TestDatabase db) {
        Flow flow = Flows.twoStages("docs_imperative", "raw", ImperativeExamples::sales, "marts",
                ImperativeExamples::topCustomersOf);
        db.run(flow);
        List<List<Object>> top = db.rows("SELECT customer, total FROM " + db.table("marts", "top_customers"));
        assertEquals(List.of("ann", "bob"), top.stream().map(row -> row.get(0)).toList());
        assertEquals(2, db.rows("SELECT * FROM " + db.table("marts", "customer_totals")).size());
    }

    /** The interactive write of docs/imperative.md, on the demo's tables: it writes rows, not an empty table. */
    @Test
    void imperativeInteractiveWriteWritesTheDemosBigOrders() throws IOException {
        Path yaml = duckDbConfig("demo.duckdb");
        try (ConfigContext config = ConfigContext.load(yaml.toString(), "default")) {
            OrdersFlow.define(20_000, 400).flow().run(RunOptions.of(config));
        }
        ImperativeExamples.interactive(yaml.toString());
        long rows = countRows(yaml, "scratch.big_orders");
        assertTrue(rows > 100, "scratch.big_orders has " + rows + " rows");
    }

    @Test
    void eagerRunCommitsBothStages() throws IOException {
        Path yaml = duckDbConfig("eager.duckdb");
        EagerExamples.nightly(yaml.toString());
        assertEquals(1L, countRows(yaml, "clean.clean_orders"));
    }

    /** The rows of {@code table} of the instance {@code default} of {@code yaml}, counted by a task. */
    private static long countRows(Path yaml, String table) {
        try (ConfigContext config = ConfigContext.load(yaml.toString(), "default")) {
            Flow reader = new Flow("docs_reader");
            Table count;
            try (reader) {
                try (Stage stage = new Stage("check")) {
                    count = CountRows.count(table);
                }
            }
            return ((Number) reader.run(RunOptions.of(config)).rows(count, Map.class).get(0).get("n")).longValue();
        }
    }

    @OnEachDatabase
    void parallelismRegionsRunAndSummarizeInDefinitionOrder(TestDatabase db) {
        Result result = ParallelismExamples.run(db.config());

        assertEquals(List.of("ordersOf", "ordersOf", "ordersOf", "ordersOf", "totals"),
                result.tasks().stream().map(task -> task.task()).toList());
        assertEquals(List.of("east", "north", "south", "west"), db.rows("SELECT region FROM "
                + db.table("report", "totals") + " ORDER BY region").stream().map(row -> row.get(0)).toList());
    }

    @Test
    void configurationThreeWaysEachRun() throws IOException {
        Path defaultFile = Path.of("dag.duckdb");
        boolean existed = Files.exists(defaultFile);
        try {
            ConfigurationExamples.threeWays(bigOrdersFlow(5), dir.resolve("orders.duckdb").toString(),
                    duckDbConfig("yaml.duckdb").toString());
            assertTrue(Files.exists(dir.resolve("orders.duckdb")));
            assertTrue(Files.exists(dir.resolve("yaml.duckdb")));
        } finally {
            if (!existed) {
                Files.deleteIfExists(defaultFile);
                Files.deleteIfExists(Path.of("dag.duckdb.wal"));
            }
        }
    }

    @Test
    void configurationFileLoadsEachInstance() {
        Path file = DocsCodeBlocksIT.ROOT.resolve("integration-tests/src/test/resources/docs/configuration.yaml");
        for (String instance : List.of("default", "mine", "postgres")) {
            try (ConfigContext config = ConfigContext.load(file.toString(), instance)) {
                assertEquals(instance, config.instance());
            }
        }
    }

    /** The instance of docs/concurrency.md for a pooler in transaction mode. */
    @Test
    void pooledConfigurationTakesItsLocksAsLeases() {
        Path file = DocsCodeBlocksIT.ROOT.resolve("integration-tests/src/test/resources/docs/pooled.yaml");
        try (ConfigContext config = ConfigContext.load(file.toString(), "warehouse")) {
            assertEquals(ConfigContext.LockMode.LEASE, config.lockMode());
            assertEquals(30, config.lockLeaseSeconds());
            assertTrue(config.url().endsWith("?prepareThreshold=0"), config.url());
        }
    }

    /** The tasks: file of docs/existing-etl.md, with the legacy program it names: twice, the second reuses all. */
    @Test
    void existingEtlConfigMaterializesTheStepsAndReusesThemOnARerun() throws IOException {
        Path config = DocsCodeBlocksIT.ROOT.resolve("integration-tests/src/test/resources/docs/etl.yaml");
        Path database = Path.of("etl.duckdb"); // the file's url is relative to the program's working folder
        Files.deleteIfExists(database);
        try {
            String first = runEtl(config);
            assertTrue(first.contains("RESULT 500"), first);
            String second = runEtl(config);
            assertTrue(second.contains("RESULT 500"), second);
            assertEquals(queryLine(first), queryLine(second), "the rerun reads the same stored table: " + second);
        } finally {
            Files.deleteIfExists(database);
            Files.deleteIfExists(Path.of("etl.duckdb.wal"));
        }
    }

    /** The line where the program prints its final query: the stored table it reads. */
    private static String queryLine(String output) {
        Matcher query = Pattern.compile("QUERY SELECT \\* FROM \"dag_data\"\\.\"marts__summary__\\w+\"").matcher(output);
        assertTrue(query.find(), output);
        return query.group();
    }

    private static String runEtl(Path config) {
        try (ChildJvm etl = ChildJvm.start("legacy ETL", "config=" + config + ",flow=nightly", List.of(),
                LegacyEtl.class, List.of("jdbc:duckdb:etl.duckdb"))) {
            assertEquals(0, etl.awaitExit(Duration.ofMinutes(2)), etl.output());
            return etl.output();
        }
    }

    private Path duckDbConfig(String file) throws IOException {
        return Files.writeString(dir.resolve(file + ".yaml"),
                "instances:\n  default:\n    url: jdbc:duckdb:" + dir.resolve(file) + "\n");
    }

    /** Counts the rows of a table outside any stage: a task that reads it by name. */
    public static final class CountRows {
        private CountRows() {
        }

        @dev.dag.Materialize
        public static Table count(String table) {
            return Table.of("SELECT count(*) AS n FROM " + table).name("n");
        }
    }
}
