package dev.dag.internal.rows.read;

import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.rows.ValueRefusal;
import dev.dag.internal.store.dialect.ColumnReader;
import dev.dag.internal.store.dialect.Dialect;
import dev.dag.internal.store.dialect.UnreadableValue;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a table into records (see {@link RecordTarget}) or maps (column label to value), each value read the way
 * its dialect reads it exactly, streaming with a fetch size so that the driver does not buffer the whole result
 * twice. A table dag wrote from records reads back into records equal to them (docs/types.md).
 */
public final class RowReader {
    private static final int FETCH_SIZE = 10_000;

    private RowReader() {
    }

    /**
     * Every row of {@code query} as {@code rowType}: a record class or {@code Map.class}.
     *
     * @throws ValueRefusal naming the column, row and value that {@code rowType} cannot take exactly
     */
    public static <R> List<R> read(Connection connection, Dialect dialect, String query, Class<R> rowType)
            throws SQLException {
        if (!rowType.isRecord() && rowType != Map.class) {
            throw ValueRefusal.of("rows are read as records or maps, not as " + rowType.getName(),
                    "Pass a record class or Map.class");
        }
        // PostgreSQL's driver honours the fetch size only inside a transaction; otherwise it buffers everything
        return Transactions.readInTransaction(connection, reading -> {
            try (Statement statement = reading.createStatement()) {
                statement.setFetchSize(FETCH_SIZE);
                try (ResultSet rows = statement.executeQuery(query)) {
                    ColumnReader[] readers = readers(dialect, rows.getMetaData());
                    return rowType.isRecord() ? readRecords(rows, readers, rowType)
                            : readMaps(rows, readers, rowType);
                }
            }
        });
    }

    private static ColumnReader[] readers(Dialect dialect, ResultSetMetaData meta) throws SQLException {
        ColumnReader[] readers = new ColumnReader[meta.getColumnCount() + 1];
        for (int i = 1; i < readers.length; i++) {
            readers[i] = dialect.columnReader(meta, i);
        }
        return readers;
    }

    private static <R> List<R> readMaps(ResultSet rows, ColumnReader[] readers, Class<R> rowType) throws SQLException {
        ResultSetMetaData meta = rows.getMetaData();
        String[] labels = new String[readers.length];
        for (int i = 1; i < readers.length; i++) {
            labels[i] = meta.getColumnLabel(i);
        }
        List<R> out = new ArrayList<>();
        for (long index = 0; rows.next(); index++) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 1; i < readers.length; i++) {
                row.put(labels[i], value(rows, readers, i, index));
            }
            out.add(rowType.cast(row));
        }
        return out;
    }

    private static <R> List<R> readRecords(ResultSet rows, ColumnReader[] readers, Class<R> type) throws SQLException {
        RecordTarget<R> target = RecordTarget.of(type, rows.getMetaData());
        List<R> out = new ArrayList<>();
        for (long row = 0; rows.next(); row++) {
            Object[] values = new Object[target.componentCount()];
            for (int i = 0; i < values.length; i++) {
                int column = target.column(i);
                values[i] = target.value(i, value(rows, readers, column, row), row);
            }
            out.add(target.create(values));
        }
        return out;
    }

    /** The value of {@code column} in the current row; refused, naming column and row, when no Java value is it. */
    private static Object value(ResultSet rows, ColumnReader[] readers, int column, long row) throws SQLException {
        try {
            return readers[column].read(rows, column);
        } catch (UnreadableValue unreadable) {
            throw ValueRefusal.ofPrinted(unreadable.value(), unreadable.getMessage(), unreadable.remedy())
                    .at(rows.getMetaData().getColumnLabel(column), row);
        }
    }
}
