package dev.dag.internal.engine.stage.content;

import dev.dag.internal.cache.sql.SqlTableNames;
import dev.dag.internal.jdbc.Transactions;
import dev.dag.internal.rows.ColumnNames;
import dev.dag.internal.store.dialect.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * For a task's SQL that the database refused because a column does not exist, while a table the SQL reads has that
 * column in another spelling ({@code shippedOn} written, {@code shipped_on} stored): the sentence that names the
 * column and the rule of column names from Java. Such SQL worked before on a database that matches names without
 * regard to case, or was written after the record component's name; the rule is what the user needs to know.
 */
final class MissingColumnHint {
    /** PostgreSQL's {@code column "x" does not exist} / {@code column t.x does not exist}; DuckDB's binder errors. */
    private static final List<Pattern> MISSING = List.of(
            Pattern.compile("column \"?(?:[^\\s\".]+\\.)?\"?([^\\s\"]+?)\"? does not exist"),
            Pattern.compile("[Cc]olumn(?: named)? \"([^\"]+)\"(?: not found| does not)"),
            Pattern.compile("does not have a column named \"([^\"]+)\""));

    private MissingColumnHint() {
    }

    /**
     * The hint for {@code failure} of {@code sql} ("" for none). It may roll back {@code connection}'s transaction,
     * which the failed statement has lost anyway on PostgreSQL; the caller rolls back too.
     */
    static String of(Connection connection, Dialect dialect, String sql, SQLException failure) {
        String missing = missingColumn(failure.getMessage());
        if (missing == null) {
            return "";
        }
        try {
            Transactions.abandon(connection);
            for (String column : columnsRead(connection, dialect, sql)) {
                if (!column.equals(missing) && ColumnNames.sameWords(column, missing)) {
                    return "\nThe table has the column " + column + ": dag names the columns it derives from Java "
                            + "(record components, map keys) in snake_case on every database, e.g. shippedOn becomes "
                            + "shipped_on (see " + ColumnNames.DOCS + "). Write " + column + " in the SQL.";
                }
            }
        } catch (SQLException | RuntimeException e) {
            return ""; // only a hint: the database's own error stands
        }
        return "";
    }

    private static String missingColumn(String message) {
        if (message == null) {
            return null;
        }
        for (Pattern pattern : MISSING) {
            Matcher matcher = pattern.matcher(message);
            if (matcher.find()) {
                return matcher.group(1);
            }
        }
        return null;
    }

    private static List<String> columnsRead(Connection connection, Dialect dialect, String sql) throws SQLException {
        List<String> columns = new ArrayList<>();
        for (String table : SqlTableNames.readBy(sql)) {
            int dot = table.lastIndexOf('.');
            if (dot < 0) {
                continue;
            }
            String schema = table.substring(table.lastIndexOf('.', dot - 1) + 1, dot);
            try (Statement statement = connection.createStatement();
                 ResultSet result = statement.executeQuery(dialect.columnsOf(schema, table.substring(dot + 1)))) {
                ResultSetMetaData meta = result.getMetaData();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    columns.add(meta.getColumnLabel(i));
                }
            } catch (SQLException e) {
                Transactions.abandon(connection); // a name the reading took for a table; go on with the others
            }
        }
        return columns;
    }
}
