package dev.dag.internal.engine.materialize;

import dev.dag.RawSql;
import dev.dag.Table;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.sql.CanonicalSql;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.stage.CommittedVersion;
import dev.dag.internal.engine.stage.StageWriter;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.hash.Hashes;
import dev.dag.internal.seam.TableAccess;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The outputs of a task that returned a {@link RawSql} script: one table per table the script creates, each at the
 * path of its name. A task with a version that runs, runs its script; a lazy task keys the script by its canonical
 * text (its inputs' refs replaced by their keys) and keeps the tables of the committed call whose script had the same
 * key, without running it.
 */
final class ScriptOutputs {
    private ScriptOutputs() {
    }

    /** Runs (or keeps) {@code script}; puts each table at its name into {@code byPath}; returns the bound script. */
    static RawSql write(TaskScope scope, RawSql script, Map<String, Object> byPath) {
        String canonical = CanonicalSql.of(script.script(), TableKeys.quotedRefs(scope));
        // no UnseenChanges check: a script reads the tables it creates by plain names, which that check would take
        // for outside tables
        String scriptKey = Hashes.of("script", scope.stage(), canonical, scope.lazySalt(), scope.chain());
        boolean lazy = scope.descriptor().lazy();
        CacheEntry unchanged = lazy && !scope.forceRebuild() ? unchangedCall(scope, scriptKey) : null;
        if (unchanged != null) {
            CommittedVersion committed = scope.committed();
            for (CacheEntry.Output output : unchanged.outputs()) {
                StoredTable table = committed.table(output);
                StoredTable kept = scope.writeTable(Table.of(table.ref()), output.name(),
                        new TableKeys.Keyed(output.key(), canonical), scope.returnSite(), true);
                scope.markReturned(kept.physicalName(), output.name());
                byPath.put(output.name(), Bindings.storedTable(null, kept));
            }
        } else {
            for (StageWriter.TableWrite write : scope.writeScript(script.script(), canonical,
                    name -> lazy ? tableKey(scriptKey, name) : scope.outputKey(name))) {
                scope.markReturned(write.stored().physicalName(), write.stored().tableName());
                byPath.put(write.stored().tableName(), Bindings.storedTable(null, write.stored()));
            }
        }
        List<String> names = List.copyOf(byPath.keySet());
        return TableAccess.scripts().bound(script.script(), names, name -> {
            Object table = byPath.get(name);
            if (table == null) {
                throw new dev.dag.DefinitionException("The SQL script of task '" + scope.task() + "' in stage '"
                        + scope.stage() + "' created no table '" + name + "'; it created " + names + ".",
                        scope.task(), name, scope.stage());
            }
            return (Table) table;
        });
    }

    private static String tableKey(String scriptKey, String name) {
        return Hashes.of(scriptKey, name.toLowerCase(Locale.ROOT));
    }

    /** The intact committed call of the task whose script had {@code scriptKey}: every table keyed by it. */
    private static CacheEntry unchangedCall(TaskScope scope, String scriptKey) {
        CommittedVersion committed = scope.committed();
        for (CacheEntry entry : committed.entriesOf(scope.task())) {
            boolean all = !entry.outputs().isEmpty() && entry.outputs().stream().allMatch(output -> output.isTable()
                    && output.path() != null && output.key().equals(tableKey(scriptKey, output.name())));
            if (all && committed.isIntact(entry)) {
                return entry;
            }
        }
        return null;
    }
}
