package dev.dag.internal.engine.trust;

import dev.dag.DefinitionException;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.cache.RerunReason;
import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.cache.code.CodeFingerprint;
import dev.dag.internal.cache.code.CodeFingerprints;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.StageDefinition;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.store.Database;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Code that changed under an unchanged manual version: the cache entry is kept (the version is the user's
 * promise), but never silently: a warning on every run, or with {@code strict_versions} a failure before
 * anything is written.
 */
public final class VersionDrift {
    private static final Logger LOG = LoggerFactory.getLogger(VersionDrift.class);

    private VersionDrift() {
    }

    /** Logs the drift of a task kept cache-valid. */
    public static void warn(TaskInvocation invocation, String drift) {
        LOG.warn("{} ({}): cache-valid, but {}", invocation, location(invocation.descriptor()), drift);
    }

    /** The failure for a drifted task when versions are strict. */
    public static DefinitionException refused(TaskInvocation invocation, String drift) {
        return new DefinitionException(invocation + " (" + location(invocation.descriptor()) + "): " + drift
                + ". strict_versions is on, so its old cached tables are not served.", invocation.taskName(), null,
                invocation.stage().name());
    }

    /**
     * Compares, before a strict run writes anything, the code of every task with a manual version with the
     * fingerprint its stage's committed entries were written with.
     *
     * @throws DefinitionException listing every drifted task
     */
    public static void refuseBeforeRun(FlowDefinition flow, Database database, Metadata metadata) {
        List<String> drifted = new ArrayList<>();
        try (Connection connection = database.connection()) {
            for (StageDefinition stage : flow.stages()) {
                Map<String, CacheEntry> committed = new LinkedHashMap<>();
                metadata.entries().published(connection, stage.name()).forEach(entry -> committed.put(entry.task(), entry));
                for (TaskInvocation invocation : stage.invocations()) {
                    String drift = driftOf(invocation.descriptor(), committed.get(invocation.taskName()), database);
                    if (drift != null) {
                        drifted.add(invocation + " (" + location(invocation.descriptor()) + "): " + drift);
                    }
                }
            }
        } catch (SQLException e) {
            LOG.warn("could not compare task versions before the run ({}); each task is checked when it runs",
                    e.getMessage());
            return;
        }
        if (!drifted.isEmpty()) {
            throw new DefinitionException("strict_versions: " + drifted.size() + " task(s) changed their code under an "
                    + "unchanged version; nothing was written:\n  " + String.join("\n  ", drifted));
        }
    }

    private static String driftOf(TaskDescriptor task, CacheEntry committed, Database database) {
        String version = task.version();
        if (committed == null || version.isEmpty() || TaskKey.Code.AUTO.equals(version)
                || !version.equals(committed.key().version())) {
            return null;
        }
        CodeFingerprint code = CodeFingerprints.of(task.method(), database.config().projectPackages());
        TaskKey now = new TaskKey(committed.key().key(), TaskKey.FORMAT, committed.key().subject(),
                new TaskKey.Code(version, code.hash(), code.toJson()), committed.key().arguments(), List.of(),
                committed.key().receiver(), committed.key().freshness());
        return RerunReason.codeDrift(committed.key(), now);
    }

    private static String location(TaskDescriptor task) {
        return task.method().getDeclaringClass().getSimpleName() + "." + task.method().getName();
    }
}
