package dev.dag.internal.store.dialect;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Reads one column of the current row the way its database and driver give it exactly: the value type of
 * its {@link ColumnType} for the types dag creates (never through {@code java.sql.Timestamp} or
 * {@code java.sql.Date}, which shift values in the JVM's time zone and before the Gregorian calendar).
 */
@FunctionalInterface
public interface ColumnReader {
    /** The value in {@code column} (1-based) of the current row of {@code row}, or null. */
    Object read(ResultSet row, int column) throws SQLException;
}
