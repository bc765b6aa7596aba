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
import java.util.Optional;

/**
 * What a run reads of a stage before it writes it: every object the metadata holds of it, whatever its state, and
 * the cache entries of its published version and of versions written but not published. One query reads them for
 * any number of stages: on an embedded database each query costs about a millisecond, whatever it reads.
 *
 * @param objects the stage's objects (a list the caller may change)
 * @param entries the stage's cache entries
 * @param digest  the digest of these records as the database computed it with them, or null when not asked for
 *                (a run that read them ahead checks it under the stage's lock: equal, they are still the stage's)
 */
public record StageRecords(List<StoredObject> objects, StageEntries entries, String digest) {

    /** The records of each of {@code stages}, with one query; a stage never written has empty ones. */
    static Map<String, StageRecords> read(Connection connection, MetadataSql sql, Collection<String> stages)
            throws SQLException {
        Array names = MetadataValues.varchars(connection, stages, stage -> stage);
        return read(connection, sql.selectStageRecords(), stages, names, names);
    }

    /** As {@link #read}, each with its digest, where the database computes them; empty elsewhere. */
    static Optional<Map<String, StageRecords>> readWithDigests(Connection connection, MetadataSql sql,
                                                               Collection<String> stages) throws SQLException {
        Optional<String> query = sql.selectStageRecordsAndDigests();
        if (query.isEmpty()) {
            return Optional.empty();
        }
        Array names = MetadataValues.varchars(connection, stages, stage -> stage);
        return Optional.of(read(connection, query.get(), stages, names, names, names));
    }

    private static Map<String, StageRecords> read(Connection connection, String query, Collection<String> stages,
                                                  Object... parameters) throws SQLException {
        Map<String, Builder> byStage = new LinkedHashMap<>();
        stages.forEach(stage -> byStage.put(stage, new Builder()));
        Queries.list(connection, query, rows -> {
            String stage = rows.getString(1);
            Builder records = byStage.get(stage);
            String kind = rows.getString(2);
            if ("object".equals(kind)) {
                records.objects.add(ObjectRegistry.stored(rows, 3));
            } else if ("digest".equals(kind)) {
                records.digest = rows.getString(3);
            } else {
                String runId = rows.getString(11);
                if (CacheEntries.add(records.entries, stage, rows.getString(12), runId, rows.getString(10))) {
                    records.publishedBy = runId;
                }
            }
            return null;
        }, parameters);
        Map<String, StageRecords> read = new LinkedHashMap<>();
        byStage.forEach((stage, records) -> read.put(stage, records.build()));
        return read;
    }

    /** A stage's records as the rows come. */
    private static final class Builder {
        final List<StoredObject> objects = new ArrayList<>();
        final StageEntries entries = new StageEntries(new ArrayList<>(), new ArrayList<>(), null);
        String publishedBy;
        String digest;

        StageRecords build() {
            return new StageRecords(objects, new StageEntries(entries.published(), entries.staged(), publishedBy),
                    digest);
        }
    }
}
