package dev.dag.internal.store.dialect;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/** Loads rows through DuckDB's appender: columnar, about 100 times faster than batched inserts. */
final class DuckDbAppenderLoader implements BulkLoader {

    @Override
    public long load(Connection connection, String schema, String table, List<Column> columns,
                     Iterator<Object[]> rows) throws SQLException {
        DuckDBConnection duckdb = connection.unwrap(DuckDBConnection.class);
        ColumnType[] types = columns.stream().map(Column::type).toArray(ColumnType[]::new);
        long count = 0;
        try (DuckDBAppender appender = duckdb.createAppender(schema, table)) {
            while (rows.hasNext()) {
                Object[] row = rows.next();
                appender.beginRow();
                for (int i = 0; i < types.length; i++) {
                    append(appender, types[i], row[i], columns.get(i).name());
                }
                appender.endRow();
                count++;
            }
        }
        return count;
    }

    private static void append(DuckDBAppender appender, ColumnType type, Object value, String column)
            throws SQLException {
        if (value == null) {
            appender.appendNull();
            return;
        }
        switch (type) {
            case BOOLEAN -> appender.append((boolean) (Boolean) value);
            case SMALLINT -> appender.append(((Number) value).shortValue());
            case INTEGER -> appender.append(((Number) value).intValue());
            case BIGINT -> appender.append(((Number) value).longValue());
            case REAL -> appender.append(((Number) value).floatValue());
            case DOUBLE -> appender.append(((Number) value).doubleValue());
            case DECIMAL -> appender.append(DecimalScale.fit((BigDecimal) value, column));
            case VARCHAR -> appender.append(value.toString());
            case DATE -> appender.append((LocalDate) value);
            case TIMESTAMP -> appender.append((LocalDateTime) value);
            case TIMESTAMPTZ -> appender.append(((Instant) value).atOffset(ZoneOffset.UTC));
            case UUID -> appender.append((UUID) value);
        }
    }
}
