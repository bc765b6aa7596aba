package dev.dag.internal.store.meta;

import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.jdbc.Queries;
import dev.dag.internal.store.dialect.MetadataSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The objects (tables, blobs) of each stage and where each is in its life ({@link ObjectState}): registered as
 * staged in the transaction that writes it, published with its stage version, retired when a later version
 * replaces it, forgotten once dropped.
 */
public final class ObjectRegistry {
    private final MetadataSql sql;
    private final RunLog runs;
    /** What this run registered, as published: see {@link #asPublished}. */
    private final Map<String, StoredObject> registered = new ConcurrentHashMap<>();

    ObjectRegistry(MetadataSql sql, RunLog runs) {
        this.sql = sql;
        this.runs = runs;
    }

    /**
     * An object a stage holds; {@code retiredWhile}: for a retired one, the runs that were live when it was
     * retired (they may still read it).
     */
    public record StoredObject(String physicalName, String name, ObjectKind kind, long rows, String cacheKey,
                               String query, String blobType, String blobJson, String runId, ObjectState state,
                               Set<String> retiredWhile) {
    }

    /** A retired object of some stage, and the runs that were live when it was retired. */
    public record RetiredObject(String physicalName, String stage, ObjectKind kind, Set<String> retiredWhile) {
    }

    /** An object a run wrote, with its rows (0 for a blob). */
    public record NewObject(String physicalName, String stage, String name, ObjectKind kind, String task,
                            String cacheKey, String query, String blobType, String blobJson, long rows) {
    }

    /**
     * Records an object a run wrote, as staged: within the transaction that wrote it, so that a crash leaves both
     * the table and its record, or neither, and the run pays one commit per table. The run's start is recorded
     * with its first such write, if it waits for one ({@link RunLog#started}).
     */
    public void registerStaged(Connection connection, NewObject object, String runId) throws SQLException {
        runs.recordStartWith(connection, runId);
        Queries.update(connection, sql.insertStaged(), object.physicalName(), object.stage(), object.name(),
                object.kind().stored(), object.task(), runId, object.rows(), object.cacheKey(), object.query(),
                object.blobType(), object.blobJson());
        registered.put(object.physicalName(), new StoredObject(object.physicalName(), object.name(), object.kind(),
                object.rows(), object.cacheKey(), object.query(), object.blobType(), object.blobJson(), runId,
                ObjectState.PUBLISHED, Set.of()));
    }

    /**
     * An object this run registered ({@link #registerStaged}), as a read of its stage returns it once published;
     * empty for one it did not register.
     */
    public Optional<StoredObject> asPublished(String physicalName) {
        return Optional.ofNullable(registered.get(physicalName));
    }

    /** Every object of a stage, whatever its state: published ones and what earlier runs left. */
    public List<StoredObject> of(Connection connection, String stage) throws SQLException {
        return Queries.list(connection, sql.selectObjects(), rows -> stored(rows, 1), stage);
    }

    /** The object in the columns of {@code rows} from {@code first} on (as {@link MetadataSql#selectObjects()}). */
    static StoredObject stored(ResultSet rows, int first) throws SQLException {
        return new StoredObject(rows.getString(first), rows.getString(first + 1),
                ObjectKind.fromStored(rows.getString(first + 2)), rows.getLong(first + 3), rows.getString(first + 4),
                rows.getString(first + 5), rows.getString(first + 6), rows.getString(first + 7),
                rows.getString(first + 8), ObjectState.fromStored(rows.getString(first + 9)),
                runIds(rows.getString(first + 10)));
    }

    /** The retired objects of every stage. */
    public List<RetiredObject> retired(Connection connection) throws SQLException {
        return Queries.list(connection, sql.selectRetired(), rows -> new RetiredObject(rows.getString(1),
                rows.getString(2), ObjectKind.fromStored(rows.getString(3)), runIds(rows.getString(4))));
    }

    /** Forgets an object (after its table was dropped). */
    public void forget(Connection connection, String physicalName) throws SQLException {
        Queries.update(connection, sql.deleteObject(), physicalName);
    }

    /**
     * Publishes what run {@code runId} staged in {@code stage} and the {@code takenOver} objects, and retires the
     * {@code retired} ones, noting the runs live now, in one statement; forgets the {@code dropped} ones (their
     * tables were dropped in the same transaction) in another, if any. An empty list is no parameter, and one
     * dropped object is forgotten by its name: on DuckDB an array parameter costs a statement a third more.
     */
    void publish(Connection connection, String stage, String runId, Collection<String> retired,
                 Collection<String> dropped, Collection<String> takenOver, Set<String> liveRuns) throws SQLException {
        List<Object> parameters = new ArrayList<>();
        parameters.add(liveRuns.isEmpty() ? null : String.join(",", new TreeSet<>(liveRuns)));
        parameters.add(stage);
        parameters.add(runId);
        if (!takenOver.isEmpty()) {
            parameters.add(MetadataValues.varchars(connection, takenOver, physical -> physical));
        }
        if (!retired.isEmpty()) {
            parameters.add(MetadataValues.varchars(connection, retired, physical -> physical));
        }
        Queries.update(connection, sql.publishObjects(!takenOver.isEmpty(), !retired.isEmpty()),
                parameters.toArray());
        if (dropped.size() == 1) { // the usual publish: one table replaced
            forget(connection, dropped.iterator().next());
        } else if (!dropped.isEmpty()) {
            Queries.update(connection, sql.deleteObjects(),
                    MetadataValues.varchars(connection, dropped, physical -> physical));
        }
    }

    private static Set<String> runIds(String stored) {
        return stored == null || stored.isEmpty() ? Set.of() : Set.of(stored.split(","));
    }
}
