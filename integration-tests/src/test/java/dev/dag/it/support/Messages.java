package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions on the text of dag's error messages. */
public final class Messages {
    private Messages() {
    }

    /** Asserts that the message of {@code error} contains every one of {@code parts}. */
    public static void assertMessageContains(Throwable error, String... parts) {
        for (String part : parts) {
            assertTrue(error.getMessage().contains(part),
                    () -> "message lacks \"" + part + "\": " + error.getMessage());
        }
    }

    /** Asserts that the message shows no raw control character (they must be escaped). */
    public static void assertPrintable(Throwable error) {
        assertFalse(error.getMessage().chars().anyMatch(Character::isISOControl),
                () -> "the message must show control characters escaped: " + error.getMessage());
    }
}
