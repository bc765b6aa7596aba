package dev.dag.internal.store.dialect.duckdb;

import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import dev.dag.internal.store.dialect.Dialect;
import static dev.dag.testing.DuckDbFiles.connect;
import static dev.dag.testing.DuckDbFiles.execute;
import static dev.dag.testing.DuckDbFiles.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.TableRef;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbDialectTest {
    private static final String DATA = "da\"ta";
    private static final String STAGE = "sta\"ge one";
    private static final String TABLE = "we\"ird name";
    private static final String COLUMN = "co\"l";

    private final Dialect dialect = new DuckDbDialect();

    @TempDir
    Path dir;

    @Test
    void quotingDoublesEmbeddedDoubleQuotes() {
        assertEquals("\"we\"\"ird name\"", dialect.quote(TABLE));
        assertEquals("\"\"\"\"", dialect.quote("\""));
        assertEquals("\"sta\"\"ge one\".\"we\"\"ird name\"", dialect.qualified(STAGE, TABLE));
    }

    @Test
    void tableRefQuotesExactlyLikeTheDialect() {
        assertEquals(dialect.qualified(STAGE, TABLE), TableRef.of(STAGE, TABLE).toString());
    }

    @Test
    void oddlyNamedTableIsCreatedLoadedReadThroughAViewAndDropped() throws SQLException {
        try (Connection connection = connect(dir)) {
            execute(connection, dialect.createSchema(DATA), dialect.createSchema(STAGE),
                    dialect.createTable(DATA, TABLE, List.of(new Column(COLUMN, ColumnType.INTEGER),
                            new Column("label", ColumnType.VARCHAR))));
            long loaded = dialect.bulkLoader().load(connection, DATA, TABLE,
                    List.of(new Column(COLUMN, ColumnType.INTEGER), new Column("label", ColumnType.VARCHAR)),
                    List.of(new Object[] {1, "one"}, new Object[] {2, "two \"quoted\""}).iterator());
            execute(connection, dialect.createView(STAGE, TABLE, DATA, TABLE));

            assertEquals(2, loaded);
            assertEquals(List.of(List.of(1, "one"), List.of(2, "two \"quoted\"")),
                    rows(connection, dialect.selectAll(STAGE, TABLE) + " ORDER BY 1"));
            assertEquals(List.of(List.of(2L)), rows(connection, dialect.countRows(STAGE, TABLE)));
            assertEquals(List.of(COLUMN, "label"), columnNames(connection, STAGE, TABLE));

            execute(connection, dialect.dropView(STAGE, TABLE), dialect.dropTable(DATA, TABLE));

            assertEquals(List.of(), tableNames(connection, STAGE));
            assertEquals(List.of(), tableNames(connection, DATA));
        }
    }

    @Test
    void oddlyNamedTableGetsKeysAndIndexes() throws SQLException {
        try (Connection connection = connect(dir)) {
            execute(connection, dialect.createSchema(DATA),
                    dialect.createTableAs(DATA, TABLE, "SELECT 1 AS \"co\"\"l\", 'x' AS label"),
                    dialect.addPrimaryKey(DATA, TABLE, List.of(COLUMN)),
                    dialect.createIndex(DATA, TABLE, "ix \"1\"", List.of(COLUMN, "label")));

            assertEquals(List.of(List.of(1, "x")), rows(connection, dialect.selectAll(DATA, TABLE)));
            assertEquals(List.of("ix \"1\""), indexNames(connection, DATA, TABLE));
        }
    }

    @Test
    void droppingWhatDoesNotExistIsNotAnError() throws SQLException {
        try (Connection connection = connect(dir)) {
            execute(connection, dialect.createSchema(STAGE), dialect.createSchema(STAGE),
                    dialect.dropView(STAGE, TABLE), dialect.dropTable(STAGE, TABLE));

            assertEquals(List.of(), tableNames(connection, STAGE));
        }
    }

    @Test
    void everyColumnTypeHasASqlTypeDuckDbAccepts() throws SQLException {
        List<Column> columns = new ArrayList<>();
        for (ColumnType type : ColumnType.values()) {
            String name = "c_" + type.name().toLowerCase();
            columns.add(type == ColumnType.DECIMAL ? Column.decimal(name, 38, 10) : new Column(name, type));
        }
        try (Connection connection = connect(dir)) {
            execute(connection, dialect.createSchema(DATA), dialect.createTable(DATA, "all_types", columns));

            assertEquals(columns.stream().map(Column::name).toList(), columnNames(connection, DATA, "all_types"));
        }
    }

    private static List<String> tableNames(Connection connection, String schema) throws SQLException {
        return strings(connection, "SELECT table_name FROM information_schema.tables WHERE table_schema = ? "
                + "ORDER BY table_name", schema);
    }

    private static List<String> columnNames(Connection connection, String schema, String table) throws SQLException {
        return strings(connection, "SELECT column_name FROM information_schema.columns WHERE table_schema = ? "
                + "AND table_name = ? ORDER BY ordinal_position", schema, table);
    }

    private static List<String> indexNames(Connection connection, String schema, String table) throws SQLException {
        return strings(connection, "SELECT index_name FROM duckdb_indexes() WHERE schema_name = ? AND table_name = ?",
                schema, table);
    }

    private static List<String> strings(Connection connection, String query, String... parameters)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(query)) {
            for (int i = 0; i < parameters.length; i++) {
                select.setString(i + 1, parameters[i]);
            }
            List<String> out = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    out.add(rows.getString(1));
                }
            }
            return out;
        }
    }
}
