package dev.dag.internal.engine.stage.cleanup;

import dev.dag.MaterializationException;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.ObjectRegistry.StoredObject;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.store.meta.ObjectState;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.PhysicalTables;
import dev.dag.internal.engine.stage.StageLocks;
import dev.dag.internal.store.dialect.lock.StageLock;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Work on a stage outside a run, each under the stage's lock so that no run writes it meanwhile: dropping what
 * earlier runs left ({@code dag gc}), or the whole stage ({@code dag drop-stage}, {@code dag reset}).
 */
public final class StageMaintenance {
    private final Database database;
    private final Metadata metadata;
    private final String stage;
    private final PhysicalTables tables;
    /** Who holds the stage's lock meanwhile (a lease names its holder): no run, so an id of its own. */
    private final String holder = "maintenance-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());

    public StageMaintenance(Database database, Metadata metadata, String stage) {
        this.database = database;
        this.metadata = metadata;
        this.stage = stage;
        this.tables = PhysicalTables.data(database);
    }

    /**
     * Drops what failed or killed runs left in the stage and what replaced versions still hold, as the stage's next
     * run would; returns the objects that were left over (a table a recent killed run may still write is kept).
     *
     * @throws MaterializationException if the lock or the database refuses
     */
    public List<StoredObject> cleanUp() {
        try (StageLock lock = StageLocks.take(database, holder, stage); Connection connection = database.connection()) {
            List<StoredObject> leftovers = new ArrayList<>();
            for (StoredObject object : metadata.objects().of(connection, stage)) {
                if (object.state() != ObjectState.PUBLISHED) {
                    leftovers.add(object);
                }
            }
            ObjectDropper dropper = new ObjectDropper(stage, tables, metadata);
            new LeftoverCleanup(stage, tables, metadata, dropper).clean(connection, leftovers);
            return leftovers;
        } catch (SQLException e) {
            throw failed("clean up", e);
        }
    }

    /**
     * Drops the stage: its schema with its views, every physical table of it, and its metadata (objects, cache
     * entries, commits). Its next run starts from nothing. Refused while a run of the instance is live: any run may
     * read the stage's tables, published or kept for it after a publish.
     *
     * @throws MaterializationException if a run is live, or the lock or the database refuses
     */
    public void drop() {
        try (StageLock lock = StageLocks.take(database, holder, stage); Connection connection = database.connection()) {
            Set<String> live = metadata.runs().live(connection, metadata.runs().running(connection));
            if (!live.isEmpty()) {
                throw new MaterializationException("Stage '" + stage + "' was not dropped: run(s) " + String.join(", ",
                        live) + " of " + database.config() + " are running and may read its tables. Drop it when "
                        + "they have ended ('dag runs' lists them).", null, null, stage, null, null);
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute(database.dialect().dropSchema(database.stageSchema(stage))); // first: its views
            }
            for (StoredObject object : metadata.objects().of(connection, stage)) {
                if (object.kind() == ObjectKind.TABLE) {
                    tables.drop(connection, object.physicalName());
                }
                metadata.objects().forget(connection, object.physicalName());
            }
            metadata.forgetStage(connection, stage);
        } catch (SQLException e) {
            throw failed("drop", e);
        }
    }

    private MaterializationException failed(String what, SQLException e) {
        return new MaterializationException("Cannot " + what + " stage '" + stage + "' in " + database.config() + ": "
                + e.getMessage(), null, null, stage, null, e);
    }
}
