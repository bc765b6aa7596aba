package dev.dag.internal.engine.stage;

import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;

/**
 * The physical tables of the instance's data schema, listed once per run (listing a schema is a catalog scan
 * of milliseconds; a run checks every stage against it) and listed again when a stage seems to miss one, so
 * that a table another run wrote since is not taken for a table dropped by hand.
 */
public final class DataTables {
    private final PhysicalTables tables;
    private Set<String> names;

    public DataTables(PhysicalTables tables) {
        this.tables = tables;
    }

    /** The names as listed first in this run. */
    synchronized Set<String> names(Connection connection) throws SQLException {
        if (names == null) {
            names = tables.names(connection);
        }
        return names;
    }

    /** The names as they are now. */
    synchronized Set<String> relisted(Connection connection) throws SQLException {
        names = tables.names(connection);
        return names;
    }
}
