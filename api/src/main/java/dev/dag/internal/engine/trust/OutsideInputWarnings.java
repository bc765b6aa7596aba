package dev.dag.internal.engine.trust;

import dev.dag.internal.cache.code.CodeFingerprint;
import dev.dag.internal.cache.code.CodeFingerprints;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warns about a cached task whose code reaches files, the network, the clock, random numbers or the environment
 * ({@link CodeFingerprint#outsideInputs()}): the cache sees its code and arguments, not what those calls return, so
 * its tables would go stale without a word. The warning names the call and the fix; a task that declares a freshness
 * (or runs every time) gets none. One warning per task result, logged once per task per run.
 */
public final class OutsideInputWarnings {
    private static final Logger LOG = LoggerFactory.getLogger(OutsideInputWarnings.class);

    /** The tasks whose warning each run logged; a run's set goes with the run's own object. */
    private static final Map<Object, Set<String>> LOGGED = Collections.synchronizedMap(new WeakHashMap<>());

    private OutsideInputWarnings() {
    }

    /**
     * The warning for {@code invocation}'s task, if it is cached and its code reaches outside inputs; else none.
     * {@code run} is any object that lives as long as the run: the warning is logged once per task for it.
     */
    public static List<String> of(TaskInvocation invocation, List<String> projectPackages, Object run) {
        TaskDescriptor task = invocation.descriptor();
        if (task.version().isEmpty() || task.lazy() || task.hasFreshness()) {
            return List.of(); // runs every time, keys its tables by what they hold, or says how its sources change
        }
        CodeFingerprint code = CodeFingerprints.of(task.method(), projectPackages);
        if (code.outsideInputs().isEmpty()) {
            return List.of();
        }
        List<String> calls = new ArrayList<>();
        for (Map.Entry<String, String> call : code.outsideInputs().entrySet()) {
            calls.add(call.getKey() + " (in " + call.getValue() + ")");
        }
        String warning = "reaches " + String.join(", ", calls) + ", whose result can change while the task's code and "
                + "arguments do not, so the cache cannot see it change and keeps the tables of the run that built "
                + "them: declare a freshness (for files, @Materialize(freshness = FileFreshness.class) with the "
                + "file's Path or File as an argument, or a subclass naming the file; or freshness: in its tasks: "
                + "entry), or give the task no version so that it runs every time";
        if (LOGGED.computeIfAbsent(run, ledger -> ConcurrentHashMap.newKeySet()).add(task.key())) {
            LOG.warn("{}: {}", invocation, warning);
        }
        return List.of(warning);
    }
}
