package dev.dag.internal.store.dialect.postgres;

import dev.dag.internal.store.dialect.BulkLoader;
import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import dev.dag.internal.store.dialect.StandardSql;
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
 * Loads rows through PostgreSQL's {@code COPY ... FROM STDIN (FORMAT csv)}, streamed in chunks of about a megabyte
 * so that a large list never becomes one large buffer. The text of each value is {@link PostgresCsv}'s.
 */
final class PostgresCopyLoader implements BulkLoader {
    private static final int CHUNK_CHARS = 1 << 20;

    @Override
    public long load(Connection connection, String schema, String table, List<Column> columns, Iterator<Object[]> rows)
            throws SQLException {
        CopyManager copyManager = connection.unwrap(PGConnection.class).getCopyAPI();
        String quotedColumns = columns.stream().map(column -> StandardSql.doubleQuoted(column.name()))
                .collect(Collectors.joining(", "));
        String sql = "COPY " + StandardSql.doubleQuoted(schema) + "." + StandardSql.doubleQuoted(table) + " ("
                + quotedColumns + ") FROM STDIN (FORMAT csv)";
        ColumnType[] types = columns.stream().map(Column::type).toArray(ColumnType[]::new);
        CopyIn copy = copyManager.copyIn(sql);
        long count = 0;
        StringBuilder chunk = new StringBuilder(CHUNK_CHARS + 4096);
        try {
            while (rows.hasNext()) {
                appendRow(chunk, rows.next(), types);
                count++;
                if (chunk.length() >= CHUNK_CHARS) {
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

    private static void appendRow(StringBuilder out, Object[] row, ColumnType[] types) {
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            PostgresCsv.appendField(out, types[i], row[i]);
        }
        out.append('\n');
    }
}
