package dev.dag.internal.store.meta;

import dev.dag.ConfigException;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Databases;
import dev.dag.internal.store.RunCatalog;
import dev.dag.internal.store.dialect.Capabilities;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;

/**
 * Tables in the instance's data schema that this metadata schema never wrote: another metadata's. Checked by every
 * run, except where the database is open to one process at a time and listing its catalog is costly (DuckDB, whose
 * listing reads every table of the file): there, once per open pool, while no other open instance of this process
 * has the same data schema under another metadata schema (nothing else can write it meanwhile).
 */
final class ForeignTables {
    /** The open databases whose data schema was found clean, while they stay open (a reopened one is checked). */
    private static final Set<Database> CHECKED = Collections.synchronizedSet(
            Collections.newSetFromMap(new WeakHashMap<>()));
    private final Database database;
    private final MetadataSql sql;

    ForeignTables(Database database, MetadataSql sql) {
        this.database = database;
        this.sql = sql;
    }

    /** Checks {@code database} again at its next run: its metadata tables were created or upgraded. */
    static void uncheck(Database database) {
        CHECKED.remove(database);
    }

    /** Whether this run checks (see above): else the names the metadata knows need not be read either. */
    boolean due() {
        return !CHECKED.contains(database) || Databases.anotherMetadataOver(database);
    }

    /**
     * Checks that every table in the instance's data schema was written under this metadata schema: dag
     * registers each table before it writes it (and drops it before it forgets it), so a table listed before and
     * after the metadata was read, which the metadata does not know, was written under
     * another metadata schema (a changed {@code metadata_schema} over the same stages), and each would take the
     * other's tables for its own.
     *
     * @param knownBefore the physical names the metadata knew when it was opened, if read then (else they are read
     *                    now)
     * @throws ConfigException naming the tables and what to do
     */
    void refuse(RunCatalog catalog, Optional<Set<String>> knownBefore) throws SQLException {
        check(catalog, knownBefore);
        Capabilities can = database.dialect().capabilities();
        if (can.costlyCatalogListing() && !can.crossProcessLocks()) {
            CHECKED.add(database);
        }
    }

    private void check(RunCatalog catalog, Optional<Set<String>> knownBefore) throws SQLException {
        try (Connection connection = database.connection()) {
            Set<String> unknown = new TreeSet<>(catalog.dataTables(connection));
            if (unknown.isEmpty()) {
                return;
            }
            knownBefore.ifPresent(unknown::removeAll);
            if (!unknown.isEmpty()) {
                // the names known were read before the listing (with the format): a table another run wrote
                // since is known now
                removeKnown(connection, unknown);
            }
            if (!unknown.isEmpty()) {
                // another run may have dropped and forgotten one since the listing (it drops before it forgets)
                catalog.relist(connection);
                unknown.retainAll(catalog.dataTables(connection));
            }
            if (!unknown.isEmpty()) {
                throw new ConfigException("Schema '" + database.dataSchema() + "' of instance '"
                        + database.config().instance() + "' holds " + unknown.size() + " tables that dag's metadata "
                        + "schema '" + database.metadataSchema() + "' never wrote (e.g. '" + unknown.iterator().next()
                        + "'): they belong to another metadata schema over the same stages, and each would take the "
                        + "other's tables for its own. Switch metadata_schema back, give this configuration a "
                        + "schema_prefix of its own, or reset the instance (docs/storage.md, 'Resetting').", null);
            }
        }
    }

    private void removeKnown(Connection connection, Set<String> unknown) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql.selectPhysicalNames())) {
            while (rows.next()) {
                unknown.remove(rows.getString(1));
            }
        }
    }
}
