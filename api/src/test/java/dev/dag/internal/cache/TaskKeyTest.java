package dev.dag.internal.cache;

import static dev.dag.internal.cache.TestKeys.freshKey;
import static dev.dag.internal.cache.TestKeys.keyOf;
import static dev.dag.internal.cache.TestKeys.readBack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A task is cache-valid when its key equals the committed one: every part must count, nothing else may. */
class TaskKeyTest {

    private static final Map<String, String> ARGS = Map.of("00", "{\"$input\":\"k-orders\"}", "01", "3");
    private static final List<String> NAMES = List.of("orders", "min");

    private static TaskKey base() {
        return keyOf("clean", "clean", "1", ARGS, NAMES, "", null);
    }

    @Test
    void theSamePartsGiveTheSameKey() {
        assertEquals(base().key(), base().key());
        assertTrue(base().key().matches("[0-9a-f]{64}"), base().key());
    }

    @Test
    void everyPartChangesTheKey() {
        Set<String> keys = Stream.of(
                base(),
                keyOf("clean2", "clean", "1", ARGS, NAMES, "", null),
                keyOf("clean", "other", "1", ARGS, NAMES, "", null),
                keyOf("clean", "clean", "2", ARGS, NAMES, "", null),
                keyOf("clean", "clean", "1", Map.of("00", "{\"$input\":\"k-other\"}", "01", "3"), NAMES, "", null),
                keyOf("clean", "clean", "1", Map.of("00", "{\"$input\":\"k-orders\"}", "01", "4"), NAMES, "", null),
                keyOf("clean", "clean", "1", Map.of("00", "{\"$input\":\"k-orders\"}"), NAMES, "", null),
                keyOf("clean", "clean", "1", ARGS, NAMES, "Pricing{\"rate\":1}", null),
                keyOf("clean", "clean", "1", ARGS, NAMES, "", "\"2024-01-01\""),
                keyOf("clean", "clean", "1", ARGS, NAMES, "", "\"2024-01-02\"")
        ).map(TaskKey::key).collect(Collectors.toSet());

        assertEquals(10, keys.size());
    }

    @Test
    void samePartsAgreesWithComparingTheStoredPartsJson() {
        List<TaskKey> keys = List.of(
                base(),
                readBack(base()),
                keyOf("clean", "clean", "2", ARGS, NAMES, "", null),
                keyOf("clean", "clean", "1", Map.of("00", "{\"$input\":\"k-orders\"}", "01", "4"), NAMES, "", null),
                keyOf("clean", "clean", "1", ARGS, List.of("other", "names"), "", null),
                keyOf("clean", "clean", "1", ARGS, NAMES, "Pricing{\"rate\":1}", null),
                keyOf("clean", "clean", "1", ARGS, NAMES, "", "\"2024-01-01\""),
                readBack(keyOf("clean", "clean", "1", ARGS, NAMES, "", "\"2024-01-01\"")),
                TaskKey.of(new TaskKey.Subject("clean", "clean", "example.Other.m()V"), TaskKey.Code.of("1"), ARGS,
                        NAMES, "", null),
                TaskKey.of(new TaskKey.Subject("clean", "clean", "example.Tasks.m()V"),
                        new TaskKey.Code("1", "f1", "{\"m\":\"a\"}"), ARGS, NAMES, "", null),
                TaskKey.of(new TaskKey.Subject("clean", "clean", "example.Tasks.m()V"),
                        new TaskKey.Code("1", "f2", "{\"m\":\"b\"}"), ARGS, NAMES, "", null));

        for (TaskKey a : keys) {
            for (TaskKey b : keys) {
                assertEquals(a.partsJson().equals(b.partsJson()), a.sameParts(b), a.partsJson() + " vs " + b.partsJson());
            }
        }
    }

    @Test
    void argumentsHashTheSameWhateverTheOrderOfTheirMap() {
        Map<String, String> reversed = new LinkedHashMap<>();
        reversed.put("01", "3");
        reversed.put("00", "{\"$input\":\"k-orders\"}");

        assertEquals(base().key(), keyOf("clean", "clean", "1", reversed, NAMES, "", null).key());
        assertEquals(base().key(), keyOf("clean", "clean", "1", new HashMap<>(ARGS), NAMES, "", null).key());
    }

    @Test
    void parameterNamesDoNotEnterTheKey() {
        // a class retransformed by a self-attached agent loses its parameter names: the key must not change
        assertEquals(base().key(), keyOf("clean", "clean", "1", ARGS, List.of("arg0", "arg1"), "", null).key());
        assertEquals(base().key(), keyOf("clean", "clean", "1", ARGS, List.of(), "", null).key());
    }

    @Test
    void swappedArgumentsChangeTheKey() {
        TaskKey ab = keyOf("t", "s", "1", Map.of("00", "\"a\"", "01", "\"b\""), List.of(), "", null);
        TaskKey ba = keyOf("t", "s", "1", Map.of("00", "\"b\"", "01", "\"a\""), List.of(), "", null);

        assertNotEquals(ab.key(), ba.key());
    }

    @Test
    void oneArgumentsTextCannotSpellTwoArguments() {
        TaskKey two = keyOf("t", "s", "1", Map.of("00", "1", "01", "2"), List.of(), "", null);
        TaskKey one = keyOf("t", "s", "1", Map.of("00", "1\",\"01\":\"2"), List.of(), "", null);

        assertNotEquals(two.key(), one.key());
    }

    @Test
    void partsCannotBeShiftedFromOneFieldToAnother() {
        assertNotEquals(keyOf("ab", "c", "1", Map.of(), List.of(), "", null).key(),
                keyOf("a", "bc", "1", Map.of(), List.of(), "", null).key());
    }

    @Test
    void noFingerprintDiffersFromAnEmptyFingerprint() {
        assertNotEquals(base().key(), keyOf("clean", "clean", "1", ARGS, NAMES, "", CanonicalJson.of("")).key());
        assertNotEquals(base().key(), keyOf("clean", "clean", "1", ARGS, NAMES, "", CanonicalJson.of(null)).key());
    }

    @Test
    void theArgumentsAreCopiedSoLaterChangesToTheMapDoNotAlterTheKeysParts() {
        Map<String, String> arguments = new HashMap<>(ARGS);
        TaskKey key = keyOf("clean", "clean", "1", arguments, NAMES, "", null);
        arguments.put("01", "4");

        assertEquals("3", key.arguments().get("01"));
        assertEquals(base().partsJson(), key.partsJson());
    }

    @Test
    void argumentsAreKeptInPositionOrder() {
        Map<String, String> arguments = new HashMap<>();
        for (int i = 11; i >= 0; i--) {
            arguments.put(TaskKey.position(i), Integer.toString(i));
        }
        TaskKey key = keyOf("t", "s", "1", arguments, List.of(), "", null);

        assertEquals(new TreeMap<>(arguments).keySet().stream().toList(), List.copyOf(key.arguments().keySet()));
        assertEquals("00", key.arguments().keySet().iterator().next());
    }

    @Test
    void positionsAreTwoDigitsSoTheySortInOrder() {
        assertEquals("00", TaskKey.position(0));
        assertEquals("09", TaskKey.position(9));
        assertEquals("10", TaskKey.position(10));
        assertTrue(TaskKey.position(9).compareTo(TaskKey.position(10)) < 0);
    }

    @Test
    void anArgumentIsNamedByItsParameterOrByItsPosition() {
        assertEquals("min", base().nameOf("01"));
        assertEquals("argument 3", base().nameOf("02"));
    }

    // ---- keys of tasks without a version ----

    @Test
    void aFreshKeyNeverEqualsAnotherRunsFreshKey() {
        TaskKey first = freshKey(ARGS, NAMES, "", null, "run-1", "clean", 0);
        TaskKey second = freshKey(ARGS, NAMES, "", null, "run-2", "clean", 0);

        assertNotEquals(first.key(), second.key());
    }

    @Test
    void freshKeysOfTwoCallsInTheSameRunDiffer() {
        assertNotEquals(freshKey(ARGS, NAMES, "", null, "run-1", "clean", 0).key(),
                freshKey(ARGS, NAMES, "", null, "run-1", "clean", 1).key());
        assertNotEquals(freshKey(ARGS, NAMES, "", null, "run-1", "clean", 0).key(),
                freshKey(ARGS, NAMES, "", null, "run-1", "load", 0).key());
    }

    @Test
    void aFreshKeyNeverEqualsAKeyBuiltFromParts() {
        TaskKey fresh = freshKey(ARGS, NAMES, "", null, "run-1", "clean", 0);

        assertNotEquals(keyOf("clean", "clean", "", ARGS, NAMES, "", null).key(), fresh.key());
    }

    @Test
    void aFreshKeyKeepsItsPartsToExplainTheRun() {
        TaskKey fresh = freshKey(ARGS, NAMES, "R{}", "\"f\"", "run-1", "clean", 0);

        assertEquals("", fresh.version());
        assertEquals(new TreeMap<>(ARGS), fresh.arguments());
        assertEquals("R{}", fresh.receiver());
        assertEquals("\"f\"", fresh.freshness());
        assertEquals("min", fresh.nameOf("01"));
    }

    // ---- output keys ----

    @Test
    void outputKeysDifferByPath() {
        assertNotEquals(base().outputKey(""), base().outputKey("orders"));
        assertNotEquals(base().outputKey("0"), base().outputKey("1"));
        assertEquals(base().outputKey("orders"), base().outputKey("orders"));
    }

    @Test
    void outputKeysFollowTheTasksKey() {
        TaskKey changed = keyOf("clean", "clean", "1", Map.of("00", "{\"$input\":\"k-orders\"}", "01", "4"), NAMES,
                "", null);

        assertNotEquals(base().outputKey(""), changed.outputKey(""));
        assertNotEquals(base().key(), base().outputKey(""));
    }

    // ---- parts in the metadata ----

    @Test
    void partsReadBackFromTheMetadataAreThePartsWritten() {
        TaskKey written = keyOf("clean", "clean", "1", ARGS, NAMES, "Pricing{\"rate\":1}", "{\"day\":\"2024-01-01\"}");
        TaskKey read = readBack(written);

        assertEquals(written.key(), read.key());
        assertEquals(written.version(), read.version());
        assertEquals(written.arguments(), read.arguments());
        assertEquals(written.receiver(), read.receiver());
        assertEquals(written.freshness(), read.freshness());
        assertEquals(List.of(), read.names());
    }

    @Test
    void randomKeysAreReadBackWithTheirPartsTextForText() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        for (int i = 0; i < 500; i++) {
            Map<String, String> arguments = new LinkedHashMap<>();
            for (int n = random.nextInt(4); n > 0; n--) {
                arguments.put(TaskKey.position(random.nextInt(12)), randomText(random));
            }
            String task = "t" + random.nextInt(3);
            TaskKey.Subject subject = new TaskKey.Subject(task, "s", "example.Tasks." + randomText(random) + "()V",
                    random.nextBoolean() ? task : task + "_" + random.nextInt(9));
            TaskKey.Code code = random.nextBoolean() ? TaskKey.Code.of(random.nextBoolean() ? "1" : "")
                    : new TaskKey.Code(random.nextBoolean() ? TaskKey.Code.AUTO : "2", randomText(random),
                    CanonicalJson.of(Map.of("hash", randomText(random), "parts", Map.of("m", randomText(random)))));
            TaskKey written = TaskKey.of(subject, code, arguments, List.of(), randomText(random),
                    random.nextBoolean() ? null : randomText(random) + "x");
            TaskKey read = readBack(written);

            assertEquals(written.partsJson(), read.partsJson(), "key " + i);
            assertTrue(read.sameParts(written), "key " + i);
            assertEquals(TaskKey.FORMAT, read.format(), "key " + i);
        }
    }

    /** Text with what JSON escapes, nested JSON and characters outside ASCII. */
    private static String randomText(java.util.SplittableRandom random) {
        String[] pieces = {"a", "Z", "0", "\"", "\\", "\n", "{\"k\":[1,\"v\"]}", "é", "\u0000", " ", "null"};
        StringBuilder text = new StringBuilder();
        for (int n = random.nextInt(6); n > 0; n--) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.toString();
    }

    @Test
    void noFingerprintIsReadBackAsNoFingerprint() {
        TaskKey read = readBack(base());

        assertNull(read.freshness());
        assertNull(RerunReason.freshInput(read, base()));
    }

    @Test
    void argumentsThatAreJsonTextAreReadBackAsTheSameText() {
        Map<String, String> arguments = Map.of("00", CanonicalJson.of(Map.of("b", List.of(1, 2), "a", "x\"y")),
                "01", CanonicalJson.of("text"), "02", "null");
        TaskKey written = keyOf("t", "s", "1", arguments, List.of(), "", null);

        assertEquals(written.arguments(), readBack(written).arguments());
    }

    @Test
    void partsJsonIsTheSameWhateverTheOrderOfTheArguments() {
        Map<String, String> reversed = new LinkedHashMap<>();
        reversed.put("01", "3");
        reversed.put("00", "{\"$input\":\"k-orders\"}");

        assertEquals(base().partsJson(), keyOf("clean", "clean", "1", reversed, NAMES, "", null).partsJson());
    }

    /** On a JVM whose locale has other digits (ar-SA, fa-IR) the keys must still match other machines'. */
    @Test
    void positionsAreAsciiDigitsWhateverTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("ar-SA"));
            assertEquals("01", TaskKey.position(1));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void aCallNamingItsTablesAfterTheTaskKeepsTheKeyItHadAndAnotherNameChangesIt() {
        TaskKey named = TaskKey.of(new TaskKey.Subject("clean", "clean", "example.Tasks.m()V", "clean"),
                TaskKey.Code.of("1"), ARGS, NAMES, "", null);
        TaskKey hashed = TaskKey.of(new TaskKey.Subject("clean", "clean", "example.Tasks.m()V", "clean_0a1b2c3d"),
                TaskKey.Code.of("1"), ARGS, NAMES, "", null);

        assertEquals(base().key(), named.key(), "a single call's key is the key dag computed before names were keyed");
        assertNotEquals(base().key(), hashed.key());
        assertEquals("clean_0a1b2c3d", TestKeys.readBack(hashed).subject().tableBase());
        assertEquals("clean", TestKeys.readBack(base()).subject().tableBase());
        assertFalse(hashed.sameParts(base()));
    }

    @Test
    void aCallIsFoundByItsKeyWithTheCommittedSourceFingerprint() {
        TaskKey committed = keyOf("clean", "clean", "1", ARGS, NAMES, "", "{\"day\":1}");
        TaskKey now = keyOf("clean", "clean", "1", ARGS, NAMES, "", null);
        TaskKey otherArguments = keyOf("clean", "clean", "1", Map.of("00", "{\"$input\":\"k-orders\"}", "01", "4"),
                NAMES, "", null);

        assertTrue(now.isCallOf(TestKeys.readBack(committed)));
        assertFalse(otherArguments.isCallOf(TestKeys.readBack(committed)));
    }
}
