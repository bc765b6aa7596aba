package dev.dag.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PhysicalNamesTest {
    private static final int LIMIT = 63;

    private static int bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The part before the hash suffix {@code _xxxxxxxxxxxx}. */
    private static String prefixOf(String fitted) {
        assertTrue(fitted.matches("(?s).*_[0-9a-f]{12}"), "ends in a 12-digit hex hash: " + fitted);
        return fitted.substring(0, fitted.length() - 13);
    }

    @Test
    void shortNameIsKeptUnchanged() {
        assertEquals("raw__orders__r1", PhysicalNames.fit("raw__orders__r1", LIMIT));
        assertEquals("raw__orders__r1", PhysicalNames.of("raw", "orders", "r1", LIMIT));
    }

    @Test
    void nameOfExactlyTheLimitIsKeptAndOneByteMoreIsCut() {
        String atLimit = "t".repeat(LIMIT);

        assertEquals(atLimit, PhysicalNames.fit(atLimit, LIMIT));
        assertNotEquals(atLimit + "t", PhysicalNames.fit(atLimit + "t", LIMIT));
    }

    @Test
    void longNameIsCutToTheByteLimitAndEndsInAHash() {
        String name = "stage__" + "very_long_table_name_".repeat(5) + "__run42";

        String fitted = PhysicalNames.fit(name, LIMIT);

        assertEquals(LIMIT, bytes(fitted), fitted);
        assertTrue(name.startsWith(prefixOf(fitted)), "keeps the start of the name: " + fitted);
    }

    @Test
    void hashIsStableAcrossCalls() {
        String name = "x".repeat(100);

        assertEquals(PhysicalNames.fit(name, LIMIT), PhysicalNames.fit(name, LIMIT));
    }

    @Test
    void longNamesDifferingOnlyAtTheEndStayDistinct() {
        String common = "stage__" + "t".repeat(80) + "__run";

        String first = PhysicalNames.fit(common + "1", LIMIT);
        String second = PhysicalNames.fit(common + "2", LIMIT);

        assertEquals(prefixOf(first), prefixOf(second), "the cut keeps the same start");
        assertNotEquals(first, second);
    }

    @Test
    void multiByteCharactersAreNeverSplit() {
        for (String character : new String[] {"é", "€", "😀"}) {
            String name = character.repeat(40);

            String fitted = PhysicalNames.fit(name, LIMIT);
            String prefix = prefixOf(fitted);

            assertTrue(bytes(fitted) <= LIMIT, fitted);
            assertEquals(fitted, new String(fitted.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                    "no half character (a lone surrogate would not survive UTF-8)");
            assertEquals(character.repeat(prefix.codePointCount(0, prefix.length())), prefix);
            assertTrue(LIMIT - bytes(fitted) < bytes(character),
                    "uses the room up to the last whole character: " + bytes(fitted) + " bytes");
        }
    }

    @Test
    void physicalNamesOfLongTablesInTheSameStageStayDistinct() {
        String table = "orders_with_a_name_that_is_long_enough_to_need_cutting_";

        assertNotEquals(PhysicalNames.of("clean", table + "a", "r1", LIMIT),
                PhysicalNames.of("clean", table + "b", "r1", LIMIT));
        assertNotEquals(PhysicalNames.of("clean", table + "a", "r1", LIMIT),
                PhysicalNames.of("clean", table + "a", "r2", LIMIT));
    }

    @Test
    void stageAndTableNamesThatBlurTheSeparatorsNeverShareAPhysicalName() {
        assertNotEquals(PhysicalNames.of("a", "b__c", "r1", LIMIT), PhysicalNames.of("a__b", "c", "r1", LIMIT));
        assertNotEquals(PhysicalNames.of("a_", "b", "r1", LIMIT), PhysicalNames.of("a", "_b", "r1", LIMIT));
        assertNotEquals(PhysicalNames.of("a", "b__c__r1", "r1", LIMIT), PhysicalNames.of("a__b", "c__r1", "r1", LIMIT));
    }

    @Test
    void plainNamesKeepTheReadableForm() {
        assertEquals("clean_data__big_orders__r1", PhysicalNames.of("clean_data", "big_orders", "r1", LIMIT));
        assertTrue(PhysicalNames.of("a", "b__c", "r1", LIMIT).matches("a__b__c__r1_h[0-9a-f]{12}"),
                PhysicalNames.of("a", "b__c", "r1", LIMIT));
    }
}
