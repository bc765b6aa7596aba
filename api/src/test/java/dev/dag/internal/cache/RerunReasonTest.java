package dev.dag.internal.cache;

import static dev.dag.internal.cache.TestKeys.freshKey;
import static dev.dag.internal.cache.TestKeys.keyOf;
import static dev.dag.internal.cache.TestKeys.readBack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The words a run gives for rerunning a task, derived from the parts of its old and new keys. */
class RerunReasonTest {

    private static final List<String> NAMES = List.of("orders", "min");

    private static String input(String key) {
        return CanonicalJson.of(Map.of("$input", key));
    }

    private static TaskKey key(String version, String orders, int min) {
        return keyOf("clean", "clean", version, Map.of("00", input(orders), "01", CanonicalJson.of(min)), NAMES,
                "", null);
    }

    private static TaskKey withFreshness(String freshness) {
        return keyOf("clean", "clean", "1", Map.of("00", input("k1"), "01", "3"), NAMES, "", freshness);
    }

    // ---- between ----

    @Test
    void aTaskWithoutVersionRunsEveryTime() {
        TaskKey fresh = freshKey(Map.of(), List.of(), "", null, "run-1", "clean", 0);

        assertEquals("no version: runs every time", RerunReason.between(null, fresh));
        assertEquals("no version: runs every time", RerunReason.between(fresh, fresh));
    }

    @Test
    void withoutACacheEntryItIsTheFirstRunInTheStage() {
        assertEquals("no cache entry: first run in this stage", RerunReason.between(null, key("1", "k1", 3)));
    }

    @Test
    void changedVersionIsNamedInTheReason() {
        assertEquals("version changed (1 → 2)", RerunReason.between(key("1", "k1", 3), key("2", "k1", 3)));
    }

    @Test
    void aChangedVersionIsTheReasonEvenWhenArgumentsChangedToo() {
        assertEquals("version changed (1 → 2)", RerunReason.between(key("1", "k1", 3), key("2", "k2", 4)));
    }

    @Test
    void changedConstantArgumentReasonShowsOldAndNewValue() {
        assertEquals("constant argument 'min' changed (3 → 4)",
                RerunReason.between(key("1", "k1", 3), key("1", "k1", 4)));
    }

    @Test
    void aChangedTextArgumentShowsItsJson() {
        TaskKey before = keyOf("t", "s", "1", Map.of("00", CanonicalJson.of("EU")), List.of("region"), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", CanonicalJson.of("US")), List.of("region"), "", null);

        assertEquals("constant argument 'region' changed (\"EU\" → \"US\")", RerunReason.between(before, after));
    }

    @Test
    void changedInputIsNamedWithoutItsCacheKeys() {
        String reason = RerunReason.between(key("1", "k-old", 3), key("1", "k-new", 3));

        assertEquals("input 'orders' changed", reason);
    }

    @Test
    void aChangedSecretIsNamedButNeitherItsTextNorItsHashIsShown() {
        String hashA = "a".repeat(64);
        String hashB = "b".repeat(64);
        TaskKey before = keyOf("t", "s", "1", Map.of("00", "{\"$record\":\"x.Login\",\"fields\":{\"password\":"
                + "{\"$secret\":\"" + hashA + "\"},\"user\":\"etl\"}}"), List.of("login"), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", "{\"$record\":\"x.Login\",\"fields\":{\"password\":"
                + "{\"$secret\":\"" + hashB + "\"},\"user\":\"etl\"}}"), List.of("login"), "", null);

        String reason = RerunReason.between(before, after);

        assertEquals("constant argument 'login' changed (a secret in it changed; dag keeps only a keyed hash of a "
                + "secret and never shows it)", reason);
        TaskKey otherUser = keyOf("t", "s", "1", Map.of("00", "{\"$record\":\"x.Login\",\"fields\":{\"password\":"
                + "{\"$secret\":\"" + hashB + "\"},\"user\":\"admin\"}}"), List.of("login"), "", null);
        String both = RerunReason.between(before, otherUser);
        assertTrue(both.contains("admin") && !both.contains("aaaa") && !both.contains("bbbb"), both);
    }

    @Test
    void aConstantThatMerelyMentionsInputIsStillAConstant() {
        TaskKey before = keyOf("t", "s", "1", Map.of("00", CanonicalJson.of("{\"$input\":\"a\"}")),
                List.of("text"), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", CanonicalJson.of("{\"$input\":\"b\"}")),
                List.of("text"), "", null);

        assertEquals("constant argument 'text' changed", RerunReason.between(before, after).replaceAll(" \\(.*", ""));
    }

    @Test
    void theFirstChangedArgumentByPositionIsTheOneNamed() {
        TaskKey before = keyOf("t", "s", "1", Map.of("00", "1", "01", "2", "02", "3"), List.of("a", "b", "c"), "",
                null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", "1", "01", "20", "02", "30"), List.of("a", "b", "c"), "",
                null);

        assertEquals("constant argument 'b' changed (2 → 20)", RerunReason.between(before, after));
    }

    @Test
    void anAddedArgumentWasNone() {
        TaskKey before = keyOf("t", "s", "1", Map.of("00", "1"), List.of("a"), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", "1", "01", "5"), List.of("a", "b"), "", null);

        assertEquals("constant argument 'b' changed (none → 5)", RerunReason.between(before, after));
    }

    @Test
    void aRemovedArgumentIsNoneNowAndNamedByItsPosition() {
        // names come from the current call only (the committed entry does not keep them)
        TaskKey before = keyOf("t", "s", "1", Map.of("00", "1", "01", "5"), List.of("a", "b"), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", "1"), List.of("a"), "", null);

        assertEquals("constant argument 'argument 2' changed (5 → none)", RerunReason.between(before, after));
    }

    @Test
    void anEntryReadBackFromTheMetadataIsComparedByItsParts() {
        TaskKey committed = key("1", "k1", 3);
        TaskKey readBack = readBack(committed);

        assertEquals("constant argument 'min' changed (3 → 4)", RerunReason.between(readBack, key("1", "k1", 4)));
        assertEquals("stored table missing", RerunReason.between(readBack, committed));
    }

    @Test
    void withoutParameterNamesAnArgumentIsNamedByItsPosition() {
        TaskKey before = keyOf("t", "s", "1", Map.of("00", "1", "01", "2"), List.of(), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", "1", "01", "3"), List.of(), "", null);

        assertEquals("constant argument 'argument 2' changed (2 → 3)", RerunReason.between(before, after));
    }

    @Test
    void longValuesAreShortenedInTheReason() {
        String longBefore = CanonicalJson.of("a".repeat(100));
        String longAfter = CanonicalJson.of("b".repeat(100));
        TaskKey before = keyOf("t", "s", "1", Map.of("00", longBefore), List.of("text"), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", longAfter), List.of("text"), "", null);

        assertEquals("constant argument 'text' changed (" + longBefore.substring(0, 39) + "… → "
                + longAfter.substring(0, 39) + "…)", RerunReason.between(before, after));
    }

    @Test
    void aValueOfExactlyTheLimitIsShownWhole() {
        String forty = "1".repeat(40);
        TaskKey before = keyOf("t", "s", "1", Map.of("00", forty), List.of("n"), "", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", "2"), List.of("n"), "", null);

        assertEquals("constant argument 'n' changed (" + forty + " → 2)", RerunReason.between(before, after));
    }

    @Test
    void aChangedTaskObjectIsNamed() {
        TaskKey before = keyOf("t", "s", "1", Map.of(), List.of(), "Pricing{\"rate\":1}", null);
        TaskKey after = keyOf("t", "s", "1", Map.of(), List.of(), "Pricing{\"rate\":2}", null);

        assertEquals("task object changed (Pricing{\"rate\":1} → Pricing{\"rate\":2})",
                RerunReason.between(before, after));
    }

    @Test
    void anArgumentChangeIsReportedBeforeATaskObjectChange() {
        TaskKey before = keyOf("t", "s", "1", Map.of("00", "1"), List.of("n"), "A{}", null);
        TaskKey after = keyOf("t", "s", "1", Map.of("00", "2"), List.of("n"), "B{}", null);

        assertEquals("constant argument 'n' changed (1 → 2)", RerunReason.between(before, after));
    }

    @Test
    void aChangedFingerprintIsFreshInput() {
        assertEquals("fresh input (fingerprint \"2024-01-01\" → \"2024-01-02\")",
                RerunReason.between(withFreshness("\"2024-01-01\""), withFreshness("\"2024-01-02\"")));
    }

    @Test
    void aFingerprintAppearingIsFreshInputFromNone() {
        assertEquals("fresh input (fingerprint none → 1)", RerunReason.between(withFreshness(null), withFreshness("1")));
    }

    @Test
    void sameKeyButRerunMeansTheCachedTablesAreMissing() {
        assertEquals("stored table missing",
                RerunReason.between(key("1", "k1", 3), key("1", "k1", 3)));
    }

    @Test
    void sameVersionAndArgumentsInAnotherStageSayTheKeyChanged() {
        TaskKey here = keyOf("t", "stage_a", "1", Map.of("00", "1"), List.of("n"), "", null);
        TaskKey there = keyOf("t", "stage_b", "1", Map.of("00", "1"), List.of("n"), "", null);

        assertEquals("cache key changed (stage or task name)", RerunReason.between(here, there));
    }

    // ---- freshInput ----

    @Test
    void freshInputIsNothingWithoutACacheEntry() {
        assertNull(RerunReason.freshInput(null, withFreshness("1")));
    }

    @Test
    void freshInputIsNothingWhenTheFingerprintIsUnchanged() {
        assertNull(RerunReason.freshInput(withFreshness("1"), withFreshness("1")));
        assertNull(RerunReason.freshInput(withFreshness(null), withFreshness(null)));
    }

    @Test
    void freshInputShowsOldAndNewFingerprint() {
        assertEquals("fresh input (fingerprint 1 → 2)", RerunReason.freshInput(withFreshness("1"), withFreshness("2")));
        assertEquals("fresh input (fingerprint 1 → none)", RerunReason.freshInput(withFreshness("1"), withFreshness(null)));
    }

    // ---- sqlDiff ----

    @Test
    void sqlDiffNamesTheFirstChangedLineWithOldAndNewText() {
        String before = "SELECT *\nFROM orders\nWHERE qty >= 3\nORDER BY id";
        String after = "SELECT *\nFROM orders\nWHERE amount >= 3\nORDER BY id";

        assertEquals("SQL changed at line 3: -WHERE qty >= 3 +WHERE amount >= 3", RerunReason.sqlDiff(before, after));
    }

    @Test
    void sqlDiffOfTheSameSqlOverAChangedInputSaysSoInsteadOfShowingKeys() {
        String before = "SELECT * FROM {table:b253750d1a477e78} WHERE qty > 3";
        String after = "SELECT * FROM {table:bb6f65a70243bc39} WHERE qty > 3";

        assertEquals("same SQL, a table it reads changed", RerunReason.sqlDiff(before, after));
        assertEquals("SQL changed at line 1: -…ERE qty > 3 +…ERE qty > 4",
                RerunReason.sqlDiff(before, after.replace("qty > 3", "qty > 4")));
    }

    @Test
    void sqlDiffOfALongLineStartsShortlyBeforeTheChange() {
        String prefix = "SELECT id, name, street, city, country, phone, email FROM customers WHERE ";
        String diff = RerunReason.sqlDiff(prefix + "country = 'FR'", prefix + "country = 'DE'");

        // ten characters of context before the first differing character
        assertEquals("SQL changed at line 1: -…ountry = 'FR' +…ountry = 'DE'", diff);
    }

    @Test
    void sqlDiffShowsAnAddedLine() {
        assertEquals("SQL changed at line 2: - +WHERE qty >= 3",
                RerunReason.sqlDiff("SELECT * FROM orders", "SELECT * FROM orders\nWHERE qty >= 3"));
    }

    @Test
    void sqlDiffShowsARemovedLine() {
        assertEquals("SQL changed at line 2: -WHERE qty >= 3 +",
                RerunReason.sqlDiff("SELECT * FROM orders\nWHERE qty >= 3", "SELECT * FROM orders"));
    }

    @Test
    void sqlOfATaskThatReadsAnEarlierStepsStoredTableSaysThatInputChanged() {
        // a SQL task of existing code splices in the query dag handed back for the step before it
        String before = "SELECT region, sum(amount) FROM (SELECT * FROM \"dag_data\".\"raw__orders__1a2b3c4d5e\") o "
                + "JOIN \"dag_data\".\"raw__regions__1a2b3c4d5e\" r USING (id) GROUP BY 1";
        String after = before.replace("raw__orders__1a2b3c4d5e", "raw__orders__9f8e7d6c5b");
        String prefixed = before.replace("\"dag_data\"", "\"demo_dag_data\"");

        assertEquals("input raw.orders changed (the SQL reads its new stored table)",
                RerunReason.sqlDiff(before, after));
        assertEquals("inputs raw.orders, raw.regions changed (the SQL reads their new stored tables)",
                RerunReason.sqlDiff(prefixed, prefixed.replace("1a2b3c4d5e", "0000000000")));
        assertEquals("SQL changed at line 1: -… r USING (id) GROUP BY 1 +… r USING (key) GROUP BY 1",
                RerunReason.sqlDiff(before, after.replace("USING (id)", "USING (key)")));
    }

    @Test
    void sqlDiffShortensLongLines() {
        String before = "SELECT " + "a, ".repeat(30);
        String after = "SELECT " + "b, ".repeat(30);

        assertEquals("SQL changed at line 1: -" + before.substring(0, 39) + "… +" + after.substring(0, 39) + "…",
                RerunReason.sqlDiff(before, after));
    }

    @Test
    void aKeyStoredInAnOlderFormatSaysTheFormatChanged() {
        TaskKey current = keyOf("t", "s", "1", Map.of(), List.of(), "", null);
        TaskKey older = new TaskKey("old", 1, new TaskKey.Subject("t", "s", ""), TaskKey.Code.of("1"), Map.of(),
                List.of(), "", null);

        assertEquals("dag's cache key format changed (format 1 → " + TaskKey.FORMAT + "): rebuilt once",
                RerunReason.between(older, current));
    }

    @Test
    void anotherMethodUnderTheSameTaskNameIsNamed() {
        TaskKey before = TaskKey.of(new TaskKey.Subject("orders", "src", "a.Sales.orders()V"), TaskKey.Code.of("1"),
                Map.of(), List.of(), "", null);
        TaskKey after = TaskKey.of(new TaskKey.Subject("orders", "src", "b.Returns.orders()V"), TaskKey.Code.of("1"),
                Map.of(), List.of(), "", null);

        assertEquals("task method changed (a.Sales.orders()V → b.Returns.orders()V)", RerunReason.between(before, after));
    }

    @Test
    void unnamedTablesNamedAnewSayWhyOnlyWhenTheArgumentsAreTheSame() {
        TaskKey single = TaskKey.of(new TaskKey.Subject("part", "s", "m(I)V"), TaskKey.Code.of("1"),
                Map.of("00", "1"), List.of("n"), "", null);
        TaskKey oneOfTwo = TaskKey.of(new TaskKey.Subject("part", "s", "m(I)V", "part_0a1b2c3d"), TaskKey.Code.of("1"),
                Map.of("00", "1"), List.of("n"), "", null);
        TaskKey otherArgument = TaskKey.of(new TaskKey.Subject("part", "s", "m(I)V", "part_4e5f6a7b"),
                TaskKey.Code.of("1"), Map.of("00", "2"), List.of("n"), "", null);

        assertTrue(RerunReason.between(single, oneOfTwo).startsWith("the tables it gives no name are named "
                + "'part_0a1b2c3d' now, not 'part'"), RerunReason.between(single, oneOfTwo));
        assertEquals("constant argument 'n' changed (1 → 2)", RerunReason.between(oneOfTwo, otherArgument));
        assertEquals("n: 1 → 2", RerunReason.argumentsThatDiffer(oneOfTwo, otherArgument));
    }

    @Test
    void anAutoVersionWhoseCodeChangedSaysSo() {
        TaskKey before = TaskKey.of(new TaskKey.Subject("t", "s", "m()V"), new TaskKey.Code("auto", "f1", ""),
                Map.of(), List.of(), "", null);
        TaskKey after = TaskKey.of(new TaskKey.Subject("t", "s", "m()V"), new TaskKey.Code("auto", "f2", ""),
                Map.of(), List.of(), "", null);

        assertNotEquals(before.key(), after.key());
        assertTrue(RerunReason.between(before, after).startsWith("code changed"), RerunReason.between(before, after));
    }

    @Test
    void aManualVersionWhoseCodeChangedKeepsItsKeyButDriftIsReported() {
        TaskKey before = TaskKey.of(new TaskKey.Subject("t", "s", "m()V"), new TaskKey.Code("1", "f1", ""),
                Map.of(), List.of(), "", null);
        TaskKey after = TaskKey.of(new TaskKey.Subject("t", "s", "m()V"), new TaskKey.Code("1", "f2", ""),
                Map.of(), List.of(), "", null);

        assertEquals(before.key(), after.key(), "a manual version is the user's promise: the fingerprint is not hashed");
        String drift = RerunReason.codeDrift(before, after);
        assertTrue(drift.startsWith("code changed since version \"1\" was cached"), drift);
        assertTrue(drift.endsWith("bump the version or use version = Materialize.AUTO"), drift);
        assertNull(RerunReason.codeDrift(before, before));
    }
}
