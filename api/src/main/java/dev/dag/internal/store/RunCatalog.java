package dev.dag.internal.store;

import dev.dag.internal.jdbc.Queries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a run needs of the database's catalog: the tables and views of the data schema, and the views of the run's
 * stage schemas. Listed with one query the first time it is asked (a catalog query costs milliseconds on an
 * embedded database, and a run checks every stage against it), and listed again when a stage seems to miss a
 * table or view, so that one another run wrote since is not taken for one dropped by hand. Where listing costs in
 * proportion to every table of the database ({@code Capabilities.costlyCatalogListing}), a stage's own tables and
 * views are first asked for by name ({@link #allExist}), and the catalog is listed only when one seems missing.
 */
public final class RunCatalog {
    /**
     * More views than this are listed rather than bound: binding costs DuckDB about 0.1 ms a view (it binds the
     * view's table too), a listing about 0.006 ms a table of the file, so binding wins for a run's few tables in a
     * file of many.
     */
    private static final int MAX_PROBED = 30;
    /** Stages that bind their own relations before the run lists the catalog once for the rest. */
    private static final int MAX_OWN_PROBES = 2;
    private final Database database;
    private final Set<String> stages = new LinkedHashSet<>();
    private Set<String> dataTables;
    private final Map<String, Set<String>> views = new HashMap<>();
    private final Map<String, Relations> foundAhead = new HashMap<>();
    private int ownProbes;
    /** The run's stages hold too many relations to bind: one listing answers them all for less. */
    private boolean lists;

    /** The catalog of a run that expects to write {@code stages} (more may come, each listed when first asked). */
    public RunCatalog(Database database, Collection<String> stages) {
        this.database = database;
        this.stages.addAll(stages);
    }

    /** The names of the data schema's tables and views, as first listed. */
    public synchronized Set<String> dataTables(Connection connection) throws SQLException {
        if (dataTables == null) {
            list(connection);
        }
        return dataTables;
    }

    /** The names of the views in the schema of {@code stage}, as first listed. */
    public synchronized Set<String> views(Connection connection, String stage) throws SQLException {
        if (!views.containsKey(stage)) {
            stages.add(stage);
            list(connection);
        }
        return views.get(stage);
    }

    /**
     * A stage's committed relations: its tables in the data schema and the views of their names in the stage's
     * schema. The views are what is bound: each reads its table, so a view binds only while its table is there.
     */
    public record Relations(Set<String> physicalNames, Set<String> viewNames) {
        public Relations {
            physicalNames = Set.copyOf(physicalNames);
            viewNames = Set.copyOf(viewNames);
        }

        int size() {
            return viewNames.size();
        }
    }

    /**
     * Before the run's stages begin, where listing the catalog is costly: binds the committed relations of every
     * stage read ahead ({@code byStage}) with one statement, so that each stage finds its own there; nothing is
     * noted if one is missing (each stage then asks on its own), and when there are more than binding is worth,
     * the stages are answered by one listing.
     */
    public synchronized void probeAhead(Connection connection, Map<String, Relations> byStage) {
        int total = byStage.values().stream().mapToInt(Relations::size).sum();
        if (total > MAX_PROBED) {
            lists = true;
        }
        if (!listingIsCostly() || dataTables != null || total == 0 || lists) {
            return;
        }
        List<List<String>> probed = new ArrayList<>();
        byStage.forEach((stage, relations) -> probed.addAll(named(stage, relations)));
        if (bind(connection, probed)) {
            foundAhead.putAll(byStage);
        }
    }

    /**
     * Whether every committed relation of {@code stage} exists, found without listing the catalog where listing
     * costs more than binding them and has not been done in this run: by the probe ahead, or by one of its own for
     * the first few stages (after those, one listing answers every stage for less). False when one is missing or
     * the question was not asked that way: the caller lists then, to learn which.
     */
    public synchronized boolean allExist(Connection connection, String stage, Relations relations) {
        if (relations.size() == 0 || relations.equals(foundAhead.get(stage))) {
            return true;
        }
        if (!listingIsCostly() || dataTables != null || lists || relations.size() > MAX_PROBED
                || ownProbes >= MAX_OWN_PROBES) {
            return false;
        }
        ownProbes++;
        return bind(connection, named(stage, relations));
    }

    private boolean listingIsCostly() {
        return database.dialect().capabilities().costlyCatalogListing();
    }

    /** The views of a stage's relations, as schema and name. */
    private List<List<String>> named(String stage, Relations relations) {
        String stageSchema = database.stageSchema(stage);
        return relations.viewNames().stream().map(view -> List.of(stageSchema, view)).toList();
    }

    /**
     * Whether a statement over {@code relations} binds: each exists. Run once, not prepared: its text names this
     * run's tables, so a prepared one would be prepared for nothing, and kept on the connection for nothing.
     */
    private boolean bind(Connection connection, List<List<String>> relations) {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(database.dialect().probeRelations(relations))) {
            return true; // bound: it reads no row
        } catch (SQLException missing) {
            return false;
        }
    }

    /** Lists everything again. */
    public synchronized void relist(Connection connection) throws SQLException {
        list(connection);
    }

    private void list(Connection connection) throws SQLException {
        List<String> stageSchemas = new ArrayList<>();
        Map<String, String> stageBySchema = new HashMap<>();
        for (String stage : stages) {
            String schema = database.stageSchema(stage);
            stageSchemas.add(schema);
            stageBySchema.put(schema, stage);
        }
        Set<String> tables = new HashSet<>();
        Map<String, Set<String>> listedViews = new HashMap<>();
        stages.forEach(stage -> listedViews.put(stage, new HashSet<>()));
        String dataSchema = database.dataSchema();
        Object[] schemas = new Object[stageSchemas.size() + 1];
        schemas[0] = dataSchema;
        for (int i = 0; i < stageSchemas.size(); i++) {
            schemas[i + 1] = stageSchemas.get(i);
        }
        Queries.list(connection, database.dialect().selectCatalogOfRun(stageSchemas.size()), rows -> {
            String schema = rows.getString(1);
            if (schema.equals(dataSchema)) {
                tables.add(rows.getString(2));
            }
            String stage = stageBySchema.get(schema);
            if (stage != null && rows.getBoolean(3)) {
                listedViews.get(stage).add(rows.getString(2));
            }
            return null;
        }, schemas);
        dataTables = tables;
        views.clear();
        views.putAll(listedViews);
    }
}
