package dev.dag.internal.engine.materialize;

import dev.dag.internal.cache.SqlTableNames;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.store.Database;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds tables a cached task's SQL reads that are neither its inputs nor dag's own: their changes are
 * invisible to the cache, so the task's result would go stale without a word. Each becomes a warning on the
 * task's result, and a log line once per JVM.
 */
final class OutsideReads {
    private static final Logger LOG = LoggerFactory.getLogger(OutsideReads.class);
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

    private OutsideReads() {
    }

    /** Checks the canonical SQL of a table of {@code scope}'s task (its inputs' refs are replaced by their keys). */
    static void check(TaskScope scope, String canonicalSql) {
        TaskDescriptor task = scope.descriptor();
        boolean cached = task.lazy() || !task.version().isEmpty();
        if (!cached || task.hasFreshness()) {
            return; // runs every time anyway, or declares how to notice its sources change
        }
        Set<String> own = ownSchemas(scope);
        for (String table : SqlTableNames.readBy(canonicalSql)) {
            int dot = table.lastIndexOf('.');
            String schema = dot < 0 ? "" : table.substring(table.lastIndexOf('.', dot - 1) + 1, dot);
            if (own.contains(schema.toLowerCase(Locale.ROOT))) {
                continue;
            }
            String warning = "reads " + table + ", which is neither an input nor a table of dag's, so the cache "
                    + "cannot see it change: declare a freshness function (@Materialize(freshness = ...), or "
                    + "freshness: in its tasks: entry), or read it through a task of its own";
            scope.warn(warning);
            if (LOGGED.add(task.key() + "/" + table)) {
                LOG.warn("{}: {}", scope.invocation(), warning);
            }
        }
    }

    private static Set<String> ownSchemas(TaskScope scope) {
        Database database = scope.stageRun().database();
        Set<String> own = new HashSet<>();
        own.add(database.dataSchema().toLowerCase(Locale.ROOT));
        own.add(database.debugSchema().toLowerCase(Locale.ROOT));
        for (String stage : scope.invocation().stage().flow().stageNames()) {
            own.add(database.stageSchema(stage).toLowerCase(Locale.ROOT));
        }
        return own;
    }
}
