package dev.dag.internal.store.dialect;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;

/**
 * Loads rows through PostgreSQL's {@code COPY ... FROM STDIN (FORMAT csv)}, streamed in chunks of about
 * a megabyte so that a large list never becomes one large buffer. Text is always quoted, so an empty
 * string stays distinct from NULL (an unquoted empty field).
 */
final class PostgresCopyLoader implements BulkLoader {
    private static final int CHUNK_BYTES = 1 << 20;

    @Override
    public long load(Connection connection, String schema, String table, List<Column> columns, Iterator<Object[]> rows)
            throws SQLException {
        CopyManager copyManager = connection.unwrap(PGConnection.class).getCopyAPI();
        String quotedColumns = columns.stream().map(column -> StandardSql.doubleQuoted(column.name()))
                .collect(Collectors.joining(", "));
        String sql = "COPY " + StandardSql.doubleQuoted(schema) + "." + StandardSql.doubleQuoted(table) + " ("
                + quotedColumns + ") FROM STDIN (FORMAT csv)";
        CopyIn copy = copyManager.copyIn(sql);
        long count = 0;
        StringBuilder chunk = new StringBuilder(CHUNK_BYTES + 4096);
        try {
            while (rows.hasNext()) {
                appendRow(chunk, rows.next(), columns);
                count++;
                if (chunk.length() >= CHUNK_BYTES) {
                    write(copy, chunk);
                }
            }
            write(copy, chunk);
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
        return count;
    }

    private static void write(CopyIn copy, StringBuilder chunk) throws SQLException {
        byte[] bytes = chunk.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        chunk.setLength(0);
    }

    private static void appendRow(StringBuilder out, Object[] row, List<Column> columns) {
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            Object value = row[i];
            if (value == null) {
                continue;
            }
            switch (columns.get(i).type()) {
                case VARCHAR -> quoted(out, value.toString());
                case DECIMAL -> out.append(DecimalScale.fit((BigDecimal) value, columns.get(i).name()).toPlainString());
                case BOOLEAN, SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, DATE, TIMESTAMP, TIMESTAMPTZ, UUID ->
                        out.append(value);
            }
        }
        out.append('\n');
    }

    private static void quoted(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                out.append('"');
            }
            out.append(c);
        }
        out.append('"');
    }
}
