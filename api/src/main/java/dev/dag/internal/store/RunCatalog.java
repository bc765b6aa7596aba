package dev.dag.internal.store;

import dev.dag.internal.jdbc.Queries;
import java.sql.Connection;
import java.sql.SQLException;
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
 * table or view, so that one another run wrote since is not taken for one dropped by hand.
 */
public final class RunCatalog {
    private final Database database;
    private final Set<String> stages = new LinkedHashSet<>();
    private Set<String> dataTables;
    private final Map<String, Set<String>> views = new HashMap<>();

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
