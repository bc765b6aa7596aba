package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.LAZY_CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertExecuted;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.cache.Story.firstRun;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Blob;
import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskFailedException;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Stories where a cache could serve old data as new: each changes one thing a careless key would not see,
 * and asserts exactly which bodies ran and which rows are published.
 */
@ExtendWith({Bodies.class, PlansAgree.class})
class CacheTrustIT {
    static volatile String blobText = "a";
    static volatile String blobLimit = "12345678901234567.1";
    static volatile String tableName = "Out";

    @BeforeEach
    void reset() {
        blobText = "a";
        blobLimit = "12345678901234567.1";
        tableName = "Out";
    }

    /** Two teams' task classes, each with a task {@code orders} in a stage {@code src}. */
    static final class Sales {
        @Materialize(version = "1")
        static Table orders() {
            Bodies.ran("Sales.orders");
            return Table.of("SELECT 'sales' AS source").name("orders");
        }
    }

    static final class Returns {
        @Materialize(version = "1")
        static Table orders() {
            Bodies.ran("Returns.orders");
            return Table.of("SELECT 'returns' AS source").name("orders");
        }
    }

    @Materialize(version = "1")
    static Table part(int k) {
        Bodies.ran("part" + k);
        return Table.of("SELECT " + k + " AS k").name("part_" + k);
    }

    /** A constant whose state lives in a private field without a getter. */
    static final class Threshold {
        private final int min;
        private final String label;

        Threshold(int min, String label) {
            this.min = min;
            this.label = label;
        }

        String where() {
            return "n >= " + min;
        }
    }

    @Materialize(version = "1")
    static Table filtered(Table numbers, Threshold threshold) {
        Bodies.ran("filtered");
        return Table.of("SELECT * FROM " + numbers.ref() + " WHERE " + threshold.where()).name("filtered");
    }

    /** Reads a table outside dag, named by the test (its schema has the test's prefix). */
    static volatile String outsideTable = "";

    @Materialize(lazy = true)
    static Table fromOutside() {
        Bodies.ran("fromOutside");
        return Table.of("SELECT count(*) AS n FROM " + outsideTable).name("outside_count");
    }

    /** The same read, after a comment with an apostrophe in it (which once hid the rest of the SQL from dag). */
    @Materialize(lazy = true)
    static Table fromOutsideAfterAComment() {
        return Table.of("SELECT count(*) AS n -- the shop's orders\nFROM " + outsideTable + " WHERE 'x' <> 'y'")
                .name("outside_count_commented");
    }

    /** The fingerprint of the outside table: its row count. */
    static final class OutsideRows implements dev.dag.Freshness {
        @Override
        public Object fingerprint(Object... args) {
            return outsideTable;
        }
    }

    @Materialize(lazy = true, freshness = OutsideRows.class)
    static Table fromOutsideWithFreshness() {
        Bodies.ran("fromOutsideWithFreshness");
        return Table.of("SELECT count(*) AS n FROM " + outsideTable).name("outside_fresh");
    }

    /** The schema of stage "clean" in the test's instance (its prefix applied), as a user spells it in SQL. */
    static volatile String cleanSchema = "clean";

    @Materialize(version = "1")
    static Table loyalCustomers() {
        return Table.of("SELECT 1 AS id").name("loyal_customers");
    }

    @Materialize(version = "1")
    static Table mailing() {
        return Table.of("SELECT id FROM " + cleanSchema + ".loyal_customers").name("mailing");
    }

    @Materialize(version = "1")
    static Table mailingOf(Table loyal) {
        return Table.of("SELECT id FROM " + loyal.ref()).name("mailing_of");
    }

    @Materialize(lazy = true)
    static Table lastWeek() {
        return Table.of("SELECT CAST(current_date AS VARCHAR) AS as_of, 'now()' AS note -- random()").name("last_week");
    }

    /** The fingerprint of the date a query depends on. */
    static final class Today implements dev.dag.Freshness {
        @Override
        public Object fingerprint(Object... args) {
            return java.time.LocalDate.now().toString();
        }
    }

    @Materialize(lazy = true, freshness = Today.class)
    static Table lastWeekWithFreshness() {
        return Table.of("SELECT CAST(current_date AS VARCHAR) AS as_of").name("last_week_fresh");
    }

    @Materialize
    static Table lastWeekEveryRun() {
        return Table.of("SELECT CAST(current_date AS VARCHAR) AS as_of").name("last_week_every_run");
    }

    /** An instance task whose object holds nothing: keyed by its class alone. */
    static final class Stateless {
        @Materialize(version = "1")
        Table constant() {
            Bodies.ran("constant");
            return Table.of("SELECT 42 AS answer").name("constant");
        }
    }

    /** Settings that hold a connection: its state says nothing about what the task computes. */
    record Source(String table, java.sql.Connection connection) {
    }

    @Materialize(version = "1")
    static Table fromSource(Source source) {
        Bodies.ran("fromSource");
        return Table.of("SELECT 1 AS n").name("from_source");
    }

    @Materialize(version = "1")
    static Table numbers() {
        Bodies.ran("numbers");
        return Table.of("SELECT 1 AS n UNION ALL SELECT 2").name("numbers");
    }

    @Materialize(version = "1")
    static Table doubled(Table numbers) {
        Bodies.ran("doubled");
        return Table.of("SELECT n * 2 AS n FROM " + numbers.ref()).name("doubled");
    }

    record Settings(String text, java.util.Set<java.math.BigDecimal> limits) {
    }

    @Materialize(lazy = true)
    static Blob settings() {
        Bodies.ran("settings");
        return Blob.of(new Settings(blobText, java.util.Set.of(new java.math.BigDecimal(blobLimit)))).name("settings");
    }

    @Materialize(lazy = true)
    static Table renamed() {
        Bodies.ran("renamed");
        return Table.of("SELECT 1 AS x").name(tableName);
    }

    @OnEachDatabase
    void twoFlowsWithTheSameStageAndTaskNameNeverServeEachOthersTables(TestDatabase db) {
        Flow sales = Flows.oneStage("sales", "src", Sales::orders);
        Flow returns = Flows.oneStage("returns", "src", Returns::orders);
        firstRun(db, sales);

        Result second = db.run(returns);

        assertExecuted("Returns.orders");
        assertOutcome(second, "orders", RAN, "stage 'src' was last published by flow 'sales'");
        assertRows(List.of(List.of("returns")), db.published("src", "orders"));
        assertEquals(1, second.warnings().size(), second.warnings().toString());
        assertTrue(second.warnings().get(0).startsWith("stage 'src' was last published by flow 'sales', and flow "
                + "'returns' publishes it now: two flows that publish a stage of the same name in one instance replace "
                + "each other's tables"), second.warnings().get(0));
        assertTrue(second.summary().contains("flow 'returns' publishes it now"), second.summary());

        Result back = db.run(sales);
        assertExecuted("Sales.orders");
        assertOutcome(back, "orders", RAN, "last published by flow 'returns'");
        assertRows(List.of(List.of("sales")), db.published("src", "orders"));
    }

    @OnEachDatabase
    void aConstantsPrivateStateIsPartOfTheKey(TestDatabase db) {
        firstRun(db, Flows.oneStage("filter", "raw", () -> filtered(numbers(), new Threshold(1, "x"))));

        Result second = db.run(Flows.oneStage("filter", "raw", () -> filtered(numbers(), new Threshold(2, "x"))));

        assertExecuted("filtered");
        assertOutcome(second, "filtered", RAN, "constant argument");
        assertTrue(second.task("filtered").orElseThrow().reason().contains("\"min\":1"),
                second.task("filtered").orElseThrow().reason());
        assertRows(List.of(List.of(2)), db.published("raw", "filtered"));
    }

    @OnEachDatabase
    void aCachedTaskReadingATableOutsideDagIsWarnedAboutWithTheFix(TestDatabase db) {
        String shop = db.config().schemaPrefix() + "shop";
        db.execute("CREATE SCHEMA " + shop, "CREATE TABLE " + shop + ".orders AS SELECT 1 AS id");
        outsideTable = shop + ".orders";

        Result result = db.run(Flows.oneStage("outside", "raw", () -> {
            fromOutside();
            fromOutsideWithFreshness();
        }));

        List<String> warnings = result.task("fromOutside").orElseThrow().warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("reads " + shop + ".orders, which is neither an input"), warnings.get(0));
        assertTrue(warnings.get(0).contains("freshness"), "the warning says what to do: " + warnings.get(0));
        assertTrue(result.summary().contains("warning: raw.fromOutside reads " + shop + ".orders"), result.summary());
        assertEquals(List.of(), result.task("fromOutsideWithFreshness").orElseThrow().warnings(),
                "a task that declares its source's freshness is not warned about");
        db.execute("DROP SCHEMA " + shop + " CASCADE");
    }

    @OnEachDatabase
    void aCommentWithAnApostropheDoesNotHideTheTableOutsideDagFromTheWarning(TestDatabase db) {
        String shop = db.config().schemaPrefix() + "shop";
        db.execute("CREATE SCHEMA " + shop, "CREATE TABLE " + shop + ".orders AS SELECT 1 AS id");
        outsideTable = shop + ".orders";

        Result result = db.run(Flows.oneStage("outside", "raw", CacheTrustIT::fromOutsideAfterAComment));

        List<String> warnings = result.task("fromOutsideAfterAComment").orElseThrow().warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("reads " + shop + ".orders, which is neither an input"), warnings.get(0));
        db.execute("DROP SCHEMA " + shop + " CASCADE");
    }

    @OnEachDatabase
    void sqlNamingAnotherStagesViewIsWarnedAboutWithTheFix(TestDatabase db) {
        cleanSchema = db.schema("clean");
        // the view exists before: with parallelism the task may run before this run publishes it (the warned hazard)
        db.run(Flows.oneStage("views", "clean", CacheTrustIT::loyalCustomers));
        Flow flow = new Flow("views");
        try (flow) {
            Table loyal;
            try (dev.dag.Stage clean = new dev.dag.Stage("clean")) {
                loyal = loyalCustomers();
            }
            try (dev.dag.Stage marts = new dev.dag.Stage("marts")) {
                mailing();
                mailingOf(loyal);
            }
        }

        Result result = db.run(flow);

        List<String> warnings = result.task("mailing").orElseThrow().warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("reads " + cleanSchema + ".loyal_customers, the view of stage 'clean', "
                + "by its name"), warnings.get(0));
        assertTrue(warnings.get(0).contains("Take the table as an input"), "the warning names the fix: "
                + warnings.get(0));
        assertTrue(result.summary().contains("warning: marts.mailing reads " + cleanSchema + ".loyal_customers"),
                result.summary());
        assertEquals(List.of(), result.task("mailingOf").orElseThrow().warnings(),
                "a task that takes the table as an input is not warned about");
    }

    @OnEachDatabase
    void aCachedTaskWhoseSqlCallsCurrentDateIsWarnedAboutWithTheFix(TestDatabase db) {
        Result result = db.run(Flows.oneStage("dates", "raw", () -> {
            lastWeek();
            lastWeekWithFreshness();
            lastWeekEveryRun();
        }));

        List<String> warnings = result.task("lastWeek").orElseThrow().warnings();
        assertEquals(1, warnings.size(), "current_date only, not the literal or the comment: " + warnings);
        assertTrue(warnings.get(0).startsWith("calls current_date, whose value changes from run to run"),
                warnings.get(0));
        assertTrue(warnings.get(0).contains("freshness"), "the warning says what to do: " + warnings.get(0));
        assertTrue(result.summary().contains("warning: raw.lastWeek calls current_date"), result.summary());
        assertEquals(List.of(), result.task("lastWeekWithFreshness").orElseThrow().warnings(),
                "a task that declares what its SQL depends on is not warned about");
        assertEquals(List.of(), result.task("lastWeekEveryRun").orElseThrow().warnings(),
                "a task without a version runs every time");
    }

    @OnEachDatabase
    void anInstanceTaskWhoseObjectHasNoFieldsIsCached(TestDatabase db) {
        firstRun(db, Flows.oneStage("stateless", "raw", () -> new Stateless().constant()));

        Result second = db.run(Flows.oneStage("stateless", "raw", () -> new Stateless().constant()));

        assertExecuted();
        assertOutcome(second, "constant", CACHE_VALID, "cache-valid");
    }

    @OnEachDatabase
    void anArgumentHoldingAConnectionIsRefusedNamingThePathAndTheFix(TestDatabase db) throws Exception {
        try (java.sql.Connection connection = db.connect()) {
            Flow flow = Flows.oneStage("source", "raw", () -> fromSource(new Source("orders", connection)));

            dev.dag.DagException refused = assertThrows(dev.dag.DagException.class, () -> db.run(flow));

            assertTrue(refused.getMessage().contains("source.connection"), refused.getMessage());
            assertTrue(refused.getMessage().contains("transient") && refused.getMessage().contains("ignore"),
                    "the message says what to do: " + refused.getMessage());
            assertExecuted();
        }
    }

    @OnEachDatabase
    void aStoredTableDroppedByHandIsRebuiltNotServed(TestDatabase db) {
        Flow flow = Flows.oneStage("numbers", "raw", CacheTrustIT::numbers);
        firstRun(db, flow);
        TableRef physical = db.physicalBehind("raw", "numbers");
        db.execute("DROP VIEW " + db.table("raw", "numbers"), "DROP TABLE " + physical);

        Result second = db.run(flow);

        assertExecuted("numbers");
        assertOutcome(second, "numbers", RAN, "stored table missing");
        assertRows(List.of(List.of(1), List.of(2)), db.published("raw", "numbers"));
        assertEquals(CACHE_VALID, db.run(flow).task("numbers").orElseThrow().outcome(), "and is cached again");
    }

    /**
     * The table behind a stage's view dropped by hand, its view left in place where the database allows that
     * (DuckDB; PostgreSQL drops the view with it): the view no longer reads, and the task reruns.
     */
    @OnEachDatabase
    void aStoredTableDroppedByHandUnderItsViewIsRebuiltNotServed(TestDatabase db) {
        Flow flow = Flows.oneStage("numbers", "raw", CacheTrustIT::numbers);
        firstRun(db, flow);
        TableRef physical = db.physicalBehind("raw", "numbers");
        db.execute("DROP TABLE " + physical + (db.kind() == TestDatabase.Kind.POSTGRES ? " CASCADE" : ""));

        Result second = db.run(flow);

        assertExecuted("numbers");
        assertOutcome(second, "numbers", RAN, "stored table missing");
        assertRows(List.of(List.of(1), List.of(2)), db.published("raw", "numbers"));
    }

    @OnEachDatabase
    void aViewOfALaterStageDroppedByHandIsRebuiltWhileTheFirstStageStaysCached(TestDatabase db) {
        Flow flow = Flows.twoStages("views", "raw", CacheTrustIT::numbers, "marts", CacheTrustIT::doubled);
        firstRun(db, flow);
        db.execute("DROP VIEW " + db.table("marts", "doubled"));

        Result second = db.run(flow);

        assertExecuted("doubled");
        assertOutcome(second, "numbers", CACHE_VALID, "cache-valid");
        assertOutcome(second, "doubled", RAN, "stored table missing");
        assertRows(List.of(List.of(2), List.of(4)), db.published("marts", "doubled"));
        assertEquals(CACHE_VALID, db.run(flow).task("doubled").orElseThrow().outcome(), "and is cached again");
    }

    @OnEachDatabase
    void aStageSchemaDroppedByHandIsRebuilt(TestDatabase db) {
        Flow flow = Flows.oneStage("numbers", "raw", CacheTrustIT::numbers);
        firstRun(db, flow);
        db.execute("DROP SCHEMA " + db.schema("raw") + " CASCADE");

        Result second = db.run(flow);

        assertExecuted("numbers");
        assertOutcome(second, "numbers", RAN, "stored table missing");
        assertRows(List.of(List.of(1), List.of(2)), db.published("raw", "numbers"));
    }

    @OnEachDatabase
    void anotherMetadataSchemaOverTheSameStagesIsRefused(TestDatabase db) {
        Flow flow = Flows.oneStage("numbers", "raw", CacheTrustIT::numbers);
        firstRun(db, flow);
        try (ConfigContext other = otherMetadataOver(db)) { // closed even when an assertion fails: it would stay open
            ConfigException refused = assertThrows(ConfigException.class,
                    () -> db.run(flow, options -> options.withConfig(other)));

            assertTrue(refused.getMessage().contains("never wrote"), refused.getMessage());
            assertTrue(refused.getMessage().contains("metadata_schema"), refused.getMessage());
            assertExecuted();
        }
    }

    /** The instance of {@code db} with another metadata schema over the same data schema. */
    private static ConfigContext otherMetadataOver(TestDatabase db) {
        return ConfigContext.builder().instance(db.config().instance()).url(db.config().url())
                .user(db.config().user()).password(db.config().password())
                .schemaPrefix(db.config().schemaPrefix()).metadataSchema("other_meta").build();
    }

    @Materialize(version = "1")
    static Table failsBeforeWriting() {
        throw new IllegalStateException("fails on purpose, before it writes anything");
    }

    /**
     * Where the check for another metadata schema is not repeated by every run (DuckDB checks once per process),
     * an instance that checked already checks again while another instance of its process has the same data schema
     * under another metadata schema: that one's tables are refused even after a clean first check.
     */
    @OnEachDatabase
    void anotherMetadataSchemaOpenInTheSameProcessIsRefusedAfterAFirstCleanCheck(TestDatabase db) {
        // the first run fails, but only after its metadata was opened and the data schema found clean
        assertThrows(TaskFailedException.class,
                () -> db.run(Flows.oneStage("broken", "raw", CacheTrustIT::failsBeforeWriting)));
        Flow flow = Flows.oneStage("numbers", "raw", CacheTrustIT::numbers);
        try (ConfigContext other = otherMetadataOver(db)) {
            assertTrue(db.run(flow, options -> options.withConfig(other)).successful(),
                    "the other metadata's first run found the data schema empty");

            ConfigException refused = assertThrows(ConfigException.class, () -> db.run(flow));

            assertTrue(refused.getMessage().contains("never wrote"), refused.getMessage());
        }
    }

    @OnEachDatabase
    void repeatedCallsOfATaskAreMatchedByTheirKeysNotTheirOrder(TestDatabase db) {
        firstRun(db, Flows.oneStage("parts", "raw", () -> {
            part(1);
            part(2);
        }));

        // the call left alone names its unnamed table after the task again (docs/caching.md, "Calls of a task in a
        // flow"): it reruns once, saying why, and is cache-valid from then on
        Result onlySecond = db.run(Flows.oneStage("parts", "raw", () -> part(2)));
        assertExecuted("part2");
        assertOutcome(onlySecond, "part", RAN, "the tables it gives no name are named 'part' now");
        Result again = db.run(Flows.oneStage("parts", "raw", () -> part(2)));
        assertExecuted();
        assertOutcome(again, "part", CACHE_VALID, "cache-valid");

        firstRun(db, Flows.oneStage("parts", "raw", () -> {
            part(1);
            part(2);
        }));
        Result swapped = db.run(Flows.oneStage("parts", "raw", () -> {
            part(2);
            part(1);
        }));
        assertExecuted();
        assertTrue(swapped.tasks().stream().allMatch(task -> task.outcome() == CACHE_VALID), swapped.summary());
    }

    @OnEachDatabase
    void aLazyTaskWhoseOnlyOutputIsAnUnchangedBlobIsLazyCacheValid(TestDatabase db) {
        Flow flow = Flows.oneStage("settings", "cfg", CacheTrustIT::settings);
        firstRun(db, flow);

        Result unchanged = db.run(flow);
        assertOutcome(unchanged, "settings", LAZY_CACHE_VALID, "unchanged");

        blobText = "b";
        Result changed = db.run(flow);
        assertOutcome(changed, "settings", RAN, "blob 'settings' changed");

        blobLimit = "12345678901234567.2";
        Result lastDigit = db.run(flow);
        assertOutcome(lastDigit, "settings", RAN, "blob 'settings' changed");
    }

    @OnEachDatabase
    void aTableRenamedOnlyInCaseIsPublishedUnderItsNewNameAlone(TestDatabase db) {
        Flow flow = Flows.oneStage("rename", "out", CacheTrustIT::renamed);
        firstRun(db, flow);
        TableRef before = db.physicalBehind("out", "Out");

        tableName = "out";
        db.run(flow);

        assertEquals(List.of("out"), db.tablesIn("out"), "one view, spelled as the task names it now");
        assertFalse(db.exists(before), "the old physical table was dropped");
    }
}
