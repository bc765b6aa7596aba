package dev.dag.internal.rows;

import dev.dag.internal.hash.Hashes;
import dev.dag.internal.store.dialect.Column;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

/** A SHA-256 of in-memory rows (column names, types and every value), for lazy tasks that return rows. */
public final class RowDigest {
    private RowDigest() {
    }

    /**
     * The digest of a list of records or maps, with the decimal columns of {@code declared}: of the values as they
     * would be stored.
     *
     * @throws dev.dag.internal.rows.ValueRefusal for rows that would not be stored exactly
     */
    public static String of(List<?> rows, List<Column> declared) {
        RowSource source = RowSources.of(rows, declared);
        MessageDigest digest = Hashes.sha256();
        update(digest, source.columns().toString());
        Iterator<Object[]> values = source.rows();
        while (values.hasNext()) {
            for (Object value : values.next()) {
                update(digest, value == null ? "\u0000" : value instanceof byte[] bytes
                        ? "bytes:" + HexFormat.of().formatHex(bytes) : value.getClass().getSimpleName() + ":" + value);
            }
            digest.update((byte) '\n');
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void update(MessageDigest digest, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) ':');
        digest.update(bytes);
    }
}
