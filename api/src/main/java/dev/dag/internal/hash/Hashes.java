package dev.dag.internal.hash;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in hex, the form of every cache key. */
public final class Hashes {
    private Hashes() {
    }

    /** The SHA-256 of the parts, each prefixed by its length so that no two part lists collide. */
    public static String of(String... parts) {
        MessageDigest digest = sha256();
        for (String part : parts) {
            byte[] bytes = (part == null ? "\u0000null" : part).getBytes(StandardCharsets.UTF_8);
            digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
            digest.update((byte) ':');
            digest.update(bytes);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** A new SHA-256 digest. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
