package dev.dag.internal.store.meta;

import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.store.dialect.MetadataSql;
import dev.dag.internal.store.meta.CacheEntries.StageEntries;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run reads of a stage before it writes it: every object the metadata holds of it, whatever its state, and
 * the cache entries of its published version and of versions written but not published. One query reads them for
 * any number of stages: on an embedded database each query costs about a millisecond, whatever it reads.
 *
 * @param objects the stage's objects (a list the caller may change)
 * @param entries the stage's cache entries
 */
public record StageRecords(List<StoredObject> objects, StageEntries entries) {

    /** The records of each of {@code stages}, with one query; a stage never written has empty ones. */
    static Map<String, StageRecords> read(Connection connection, MetadataSql sql, Collection<String> stages)
            throws SQLException {
        Map<String, StageRecords> byStage = new LinkedHashMap<>();
        stages.forEach(stage -> byStage.put(stage, new StageRecords(new ArrayList<>(),
                new StageEntries(new ArrayList<>(), new ArrayList<>(), null))));
        Array names = MetadataValues.varchars(connection, stages, stage -> stage);
        Queries.list(connection, sql.selectStageRecords(), rows -> {
            String stage = rows.getString(1);
            StageRecords records = byStage.get(stage);
            if ("object".equals(rows.getString(2))) {
                records.objects().add(ObjectRegistry.stored(rows, 3));
            } else {
                String runId = rows.getString(11);
                if (CacheEntries.add(records.entries(), stage, rows.getString(12), runId, rows.getString(10))) {
                    StageEntries entries = records.entries();
                    byStage.put(stage, new StageRecords(records.objects(),
                            new StageEntries(entries.published(), entries.staged(), runId)));
                }
            }
            return null;
        }, names, names);
        return byStage;
    }
}
