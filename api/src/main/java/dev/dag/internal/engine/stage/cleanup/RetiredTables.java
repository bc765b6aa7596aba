package dev.dag.internal.engine.stage.cleanup;

import dev.dag.internal.store.meta.ObjectRegistry.RetiredObject;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.RetiredWatch;
import dev.dag.internal.store.PhysicalTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The old versions' tables that a publish kept because other live runs might still read them (a later stage of
 * such a run reads the physical tables of the version it found): at the end of a run, those that no live run
 * other than the ending one may read any more are dropped, in every stage.
 */
public final class RetiredTables {
    private static final Logger LOG = LoggerFactory.getLogger(RetiredTables.class);

    private RetiredTables() {
    }

    /** Drops the retired objects kept for readers that are no longer live, {@code endingRun} counting as ended. */
    public static void dropUnread(Database database, Metadata metadata, String endingRun) {
        RetiredWatch watch = database.retiredWatch();
        if (!watch.mayHoldSome()) {
            return;
        }
        long mark = watch.mark();
        try (Connection connection = database.connection()) {
            List<RetiredObject> kept = metadata.objects().retired(connection).stream()
                    .filter(object -> !object.retiredWhile().isEmpty()).toList();
            if (kept.isEmpty()) {
                watch.noneLeftAsOf(mark);
                return;
            }
            boolean allGone = true;
            Set<String> readers = new HashSet<>();
            kept.forEach(object -> readers.addAll(object.retiredWhile()));
            readers.remove(endingRun);
            Set<String> live = metadata.runs().live(connection, readers);
            PhysicalTables tables = PhysicalTables.data(database);
            for (RetiredObject object : kept) {
                allGone &= Collections.disjoint(object.retiredWhile(), live) && new ObjectDropper(object.stage(),
                        tables, metadata).dropQuietly(connection, object.physicalName(), object.kind());
            }
            if (allGone) {
                watch.noneLeftAsOf(mark);
            }
        } catch (SQLException e) {
            LOG.warn("could not drop old versions' tables kept for runs that ended ({}); later runs drop them",
                    e.getMessage());
        }
    }
}
