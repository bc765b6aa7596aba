package dev.dag.internal.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keyed hash that stands for a secret in a cache key: HMAC-SHA256 under a key that is never stored with the
 * metadata. A change of the secret changes the hash, so the task reruns; but the hash cannot be turned back into the
 * secret, nor checked against guesses, without the key (a plain SHA-256 of a short password can).
 *
 * <p>The key is the environment variable {@value #KEY_VARIABLE} when set (give every machine that runs the same
 * instance the same value, so that they agree on keys), otherwise 32 random bytes kept in the file
 * {@code ~/.dag/secret-key} (owner-only), created on first use. Another key (another machine, a deleted file) makes
 * tasks that hold secrets rerun once.
 */
public final class SecretDigest {
    /** The environment variable that gives the key. */
    public static final String KEY_VARIABLE = "DAG_SECRET_KEY";

    private static final SecretDigest MACHINE = new SecretDigest(() -> machineKey(System.getenv(),
            Path.of(System.getProperty("user.home"), ".dag", "secret-key")));

    private final Supplier<byte[]> source;
    private volatile byte[] key;

    private SecretDigest(Supplier<byte[]> source) {
        this.source = source;
    }

    /**
     * The digest under the key of this machine (the environment variable, or the key file), read when the first
     * secret is hashed.
     */
    public static SecretDigest machine() {
        return MACHINE;
    }

    /** A digest under {@code key} (tests). */
    public static SecretDigest withKey(String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        return new SecretDigest(() -> bytes);
    }

    /** The hex HMAC-SHA256 of {@code text}. */
    public String of(String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key(), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private byte[] key() {
        byte[] known = key;
        if (known == null) {
            synchronized (this) {
                if (key == null) {
                    key = source.get();
                }
                known = key;
            }
        }
        return known;
    }

    static byte[] machineKey(Map<String, String> env, Path file) {
        String fromEnv = env.get(KEY_VARIABLE);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.strip().getBytes(StandardCharsets.UTF_8);
        }
        try {
            if (!Files.isRegularFile(file)) {
                create(file);
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("dag keeps the key that hashes secrets in cache keys in " + file
                    + " and cannot read or create it (" + e.getMessage() + "). Set the environment variable "
                    + KEY_VARIABLE + " instead.", e);
        }
    }

    /** Writes a new key beside the file and moves it in place, unless another process was first. */
    private static void create(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Path fresh = Files.createTempFile(file.getParent(), "secret-key", ".new");
        try {
            try {
                Files.setPosixFilePermissions(fresh, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the file stays in the user's profile, readable by its owner
            }
            Files.write(fresh, key);
            publish(fresh, file);
        } catch (FileAlreadyExistsException otherProcessWasFirst) {
            // its key is the one every process reads
        } finally {
            Files.deleteIfExists(fresh);
        }
    }

    /** A hard link appears whole and never replaces a file (a rename may); a move where links are not supported. */
    private static void publish(Path fresh, Path file) throws IOException {
        try {
            Files.createLink(file, fresh);
        } catch (UnsupportedOperationException noLinks) {
            Files.move(fresh, file);
        }
    }
}
