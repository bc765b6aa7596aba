package dev.dag.internal.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key that hashes secrets: from the environment, or a random key kept in a file outside the metadata. */
class SecretDigestTest {
    @TempDir
    Path home;

    @Test
    void theEnvironmentVariableIsTheKeyWhenSet() {
        Path file = home.resolve(".dag/secret-key");

        byte[] key = SecretDigest.machineKey(Map.of(SecretDigest.KEY_VARIABLE, " shared key "), file);

        assertArrayEquals("shared key".getBytes(StandardCharsets.UTF_8), key);
        assertEquals(false, Files.exists(file), "no file written when the environment gives the key");
    }

    @Test
    void withoutItARandomKeyIsCreatedOnceReadableByItsOwnerOnlyAndKept() throws IOException {
        Path file = home.resolve(".dag/secret-key");

        byte[] first = SecretDigest.machineKey(Map.of(), file);
        byte[] again = SecretDigest.machineKey(Map.of(), file);

        assertEquals(32, first.length);
        assertArrayEquals(first, again);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertNotEquals(new String(first, StandardCharsets.ISO_8859_1),
                new String(SecretDigest.machineKey(Map.of(), home.resolve("other/secret-key")),
                        StandardCharsets.ISO_8859_1), "another machine, another key");
    }

    @Test
    void theSameTextUnderTheSameKeyHashesAlikeAndUnderAnotherKeyNot() {
        assertEquals(SecretDigest.withKey("k").of("hunter2"), SecretDigest.withKey("k").of("hunter2"));
        assertNotEquals(SecretDigest.withKey("k").of("hunter2"), SecretDigest.withKey("l").of("hunter2"));
        assertEquals(64, SecretDigest.withKey("k").of("hunter2").length());
    }
}
