package dev.dag.internal.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Names of physical tables: {@code <stage>__<table>__<run>}, unique by construction. When the stage or table
 * name itself could blur the separators (it contains {@code __}, or starts or ends with {@code _}: stage
 * {@code a} with table {@code b__c} and stage {@code a__b} with table {@code c} would both read
 * {@code a__b__c}), the name ends in {@code _h} and a hash of the exact pair. A name that would exceed the
 * database's identifier limit is cut and ends in a hash of the full name, so that two long names never
 * collide by truncation.
 */
public final class PhysicalNames {
    private static final int HASH_CHARS = 12;

    private PhysicalNames() {
    }

    /** The physical name of {@code table} of {@code stage} written by run {@code runTag}. */
    public static String of(String stage, String table, String runTag, int maxBytes) {
        String name = stage + "__" + table + "__" + runTag;
        if (blursSeparators(stage) || blursSeparators(table)) {
            name += "_h" + sha256Hex((stage + '\0' + table).getBytes(StandardCharsets.UTF_8)).substring(0, HASH_CHARS);
        }
        return fit(name, maxBytes);
    }

    private static boolean blursSeparators(String part) {
        return part.contains("__") || part.startsWith("_") || part.endsWith("_");
    }

    /** {@code name} itself if it fits in {@code maxBytes} UTF-8 bytes, else a prefix plus a stable hash. */
    public static String fit(String name, int maxBytes) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return name;
        }
        String hash = sha256Hex(bytes).substring(0, HASH_CHARS);
        int keep = maxBytes - HASH_CHARS - 1;
        StringBuilder prefix = new StringBuilder();
        int used = 0;
        for (int i = 0; i < name.length(); ) {
            int codePoint = name.codePointAt(i);
            int size = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8).length;
            if (used + size > keep) {
                break;
            }
            prefix.appendCodePoint(codePoint);
            used += size;
            i += Character.charCount(codePoint);
        }
        return prefix + "_" + hash;
    }

    private static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
