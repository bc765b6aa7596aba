package dev.dag.internal.engine.materialize;

import dev.dag.internal.cache.sql.ChangingCalls;
import dev.dag.internal.cache.sql.SqlTableNames;
import dev.dag.internal.cache.sql.SqlTokens;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.store.Database;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds what a task's SQL depends on that dag cannot see: a stage's view named directly instead of taken as an input
 * (any task: its order in the run is not known); and for a cached task, what the cache cannot see change, so that its
 * result would go stale without a word: tables that are neither its inputs nor dag's own, and calls whose value
 * changes from run to run ({@code now()}, {@code current_date}, {@code random()}). Each becomes a warning on the
 * task's result, and a log line once per JVM.
 */
final class UnseenChanges {
    private static final Logger LOG = LoggerFactory.getLogger(UnseenChanges.class);
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();
    private static final String REMEDY = "declare a freshness function (@Materialize(freshness = ...), or freshness: "
            + "in its tasks: entry)";

    private UnseenChanges() {
    }

    /** Checks the canonical SQL of a table of {@code scope}'s task (its inputs' refs are replaced by their keys). */
    static void check(TaskScope scope, String canonicalSql) {
        List<String> tokens = SqlTokens.of(canonicalSql); // split once for both checks
        List<String> read = SqlTableNames.readBy(tokens);
        Map<String, String> stagesBySchema = stagesBySchema(scope);
        for (String table : read) {
            String stage = stagesBySchema.get(schemaOf(table).toLowerCase(Locale.ROOT));
            if (stage != null) {
                warn(scope, table, "reads " + table + ", the view of stage '" + stage + "', by its name: dag does "
                        + "not see that the task depends on it, so the task may run before that table is written "
                        + "(or, with parallelism, read its previous version), and a change to it does not rerun the "
                        + "task. Take the table as an input: give the task the Table that returns it as an argument, "
                        + "and write that argument's ref() in the SQL");
            }
        }
        TaskDescriptor task = scope.descriptor();
        boolean cached = task.lazy() || !task.version().isEmpty();
        if (!cached || task.hasFreshness()) {
            return; // runs every time anyway, or declares how to notice its sources change
        }
        Set<String> own = ownSchemas(scope);
        for (String table : read) {
            if (own.contains(schemaOf(table).toLowerCase(Locale.ROOT))) {
                continue;
            }
            warn(scope, table, "reads " + table + ", which is neither an input nor a table of dag's, so the cache "
                    + "cannot see it change: " + REMEDY + ", or read it through a task of its own");
        }
        for (String call : ChangingCalls.in(tokens)) {
            warn(scope, call, "calls " + call + ", whose value changes from run to run while the SQL stays the "
                    + "same, so a cached table keeps the value of the run that built it: " + REMEDY + " returning "
                    + "what the value depends on (the date, for current_date), or give the task neither a version "
                    + "nor lazy = true, so that it runs every time");
        }
    }

    private static void warn(TaskScope scope, String subject, String warning) {
        scope.warn(warning);
        if (LOGGED.add(scope.descriptor().key() + "/" + subject)) {
            LOG.warn("{}: {}", scope.invocation(), warning);
        }
    }

    /** The schema a table name read from SQL is qualified with ("" for none). */
    private static String schemaOf(String table) {
        int dot = table.lastIndexOf('.');
        return dot < 0 ? "" : table.substring(table.lastIndexOf('.', dot - 1) + 1, dot);
    }

    /** The schemas of the flow's stages (small letters), each to its stage. */
    private static Map<String, String> stagesBySchema(TaskScope scope) {
        Database database = scope.stageRun().database();
        Map<String, String> stages = new HashMap<>();
        for (String stage : scope.invocation().stage().flow().stageNames()) {
            stages.put(database.stageSchema(stage).toLowerCase(Locale.ROOT), stage);
        }
        return stages;
    }

    private static Set<String> ownSchemas(TaskScope scope) {
        Database database = scope.stageRun().database();
        Set<String> own = new HashSet<>(stagesBySchema(scope).keySet());
        own.add(database.dataSchema().toLowerCase(Locale.ROOT));
        own.add(database.debugSchema().toLowerCase(Locale.ROOT));
        return own;
    }
}
