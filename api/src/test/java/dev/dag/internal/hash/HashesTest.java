package dev.dag.internal.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Every cache key is a hash of parts: two different part lists must never hash alike. */
class HashesTest {

    @Test
    void isTheHexSha256OfThePartsEachPrefixedByItsByteLength() {
        // pinned: another encoding would silently invalidate every committed cache entry
        byte[] encoded = "3:abc2:\u00e9".getBytes(StandardCharsets.UTF_8);

        assertEquals(HexFormat.of().formatHex(Hashes.sha256().digest(encoded)), Hashes.of("abc", "\u00e9"));
    }

    @Test
    void partsAreLengthPrefixedSoMovingTheBoundaryChangesTheHash() {
        assertNotEquals(Hashes.of("ab", "c"), Hashes.of("a", "bc"));
        assertNotEquals(Hashes.of("abc"), Hashes.of("a", "bc"));
    }

    @Test
    void anEmptyPartCounts() {
        assertNotEquals(Hashes.of("a"), Hashes.of("a", ""));
        assertNotEquals(Hashes.of("a", ""), Hashes.of("", "a"));
    }

    @Test
    void aNullPartDiffersFromTheTextNullAndFromEmpty() {
        assertNotEquals(Hashes.of((String) null), Hashes.of("null"));
        assertNotEquals(Hashes.of((String) null), Hashes.of(""));
    }

    @Test
    void lengthsCountBytesSoNonAsciiTextCannotCollide() {
        assertNotEquals(Hashes.of("é", "x"), Hashes.of("é" + "x"));
        assertNotEquals(Hashes.of("é"), Hashes.of("e\u0301"));
    }

    @Test
    void aPartThatSpellsALengthPrefixCannotForgeTwoParts() {
        assertNotEquals(Hashes.of("a", "b"), Hashes.of("a1:b"));
        assertNotEquals(Hashes.of("1:a", "b"), Hashes.of("1:a1:b"));
    }
}
