package dev.dag.internal.store.dialect.postgres;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Keys of PostgreSQL advisory locks, derived from names by SHA-256. */
final class AdvisoryKeys {
    private AdvisoryKeys() {
    }

    /** The 64-bit key of a stage lock (shown in {@code pg_locks} as classid, objid and objsubid 1). */
    static long of(String name) {
        return ByteBuffer.wrap(sha256(name)).getLong();
    }

    /**
     * A non-negative 31-bit key, for the two-key form {@code pg_advisory_lock(int, int)} (shown in {@code pg_locks}
     * as classid, objid and objsubid 2): a namespace and a member in it, each readable back as a number.
     */
    static int small(String name) {
        return ByteBuffer.wrap(sha256(name)).getInt() & Integer.MAX_VALUE;
    }

    private static byte[] sha256(String name) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
