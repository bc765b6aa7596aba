package dev.dag.it.cache.model;

import dev.dag.TaskOutcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The cache rules of docs/caching.md and docs/imperative.md in plain Java, knowing nothing of dag's code: it
 * predicts which tasks of a run execute and which tables are rebuilt, from what it remembers of the last committed
 * version of each stage.
 *
 * <ul>
 *   <li>A versioned or AUTO task is cache-valid iff its key parts equal those committed in its stage: stage, version,
 *       code (AUTO only), constant arguments' full state, and its inputs' content keys. Its output's content key
 *       is derived from its key, so a rerun gives consumers a new input.</li>
 *   <li>A manual version whose code changed stays cache-valid, with a warning, until the version or anything else
 *       in its key changes; the warning stands on every run (the entry keeps the code it was built with).</li>
 *   <li>A lazy task always runs its body. Each table is keyed by stage (as dag does: a moved task is another task,
 *       so its consumers rerun too; docs/caching.md does not list the stage for lazy tables), name, SQL with input
 *       references replaced by content keys, primary key, and the keys of the tables the task materialized before it (a
 *       {@code Dag.materialize} group: each of its tables only on those before the group). A table whose key is
 *       committed in the stage is kept; the task is LAZY_CACHE_VALID iff all are kept. Its output's content key is
 *       the returned table's key, so consumers of an unchanged table stay valid.</li>
 *   <li>A lambda argument is keyed by the method it runs; a file argument of a task with {@code FileFreshness} by
 *       its content and time (a lazy task sees the file through its SQL).</li>
 *   <li>In a selected run ({@code withStages}, {@code withTasks}) a task left out hands its consumers the output its
 *       stage's last commit holds for the same call: a versioned or AUTO task's by its code, arguments and inputs (a
 *       file's freshness aside), a lazy task's by the keys of the tables its body builds now (found when every one
 *       is committed, as for {@code LAZY_CACHE_VALID}). When a selected task reads it, directly or through other
 *       left-out calls, and there is none, the run fails at that call. {@code withStages} commits the stages it ran; {@code withTasks} forces the tasks it names
 *       (a versioned task's output gets a new key, so a left-out call reading it has no committed output; a
 *       lazy task's tables keep their keys, those of their SQL) and commits nothing.</li>
 * </ul>
 */
final class ReferenceModel {
    private Map<String, StageState> committed = Map.of();

    /**
     * What a committed stage version holds for the model: entries of versioned tasks, table keys by name, and each
     * versioned or AUTO task's call (what a selected run finds such a left-out task's output by).
     */
    record StageState(Map<String, Entry> entries, Map<String, String> tables, Map<String, Call> calls) {
        static StageState empty() {
            return new StageState(new HashMap<>(), new HashMap<>(), new HashMap<>());
        }
    }

    /** A committed call of a task: its key without freshness, and the content key of its output. */
    record Call(String key, String output) {
    }

    /** A versioned task's committed entry: its key parts and the code (method body) it was built with. */
    record Entry(KeyParts parts, String code) {
    }

    /**
     * What a versioned task's key is made of ({@code code} is empty for manual versions: it only warns). The task's
     * name is part of it: two tasks with equal parts otherwise still give their consumers different inputs.
     */
    record KeyParts(String task, String stage, String version, String code, List<String> constants,
                    List<String> inputs) {
    }

    /** Predicts the run of {@code flow} against the committed state. */
    Prediction predict(FlowSpec flow) {
        return predict(flow, null).prediction();
    }

    /** What a selected run must do: outcomes as {@link #predict}, or the left-out call at which it must fail. */
    record SelectedPrediction(Prediction prediction, String failsAt, boolean exact) {
    }

    /**
     * Predicts a run of {@code flow} that runs only {@code selection} ({@code null}: everything). {@code exact} is
     * false when a left-out task hands over an output other than the one a full run would give (a file's freshness
     * is aside in the lookup), so its consumers need not agree with a clean run.
     */
    SelectedPrediction predict(FlowSpec flow, Selection selection) {
        Map<String, String> outputKeys = new HashMap<>();
        Map<String, String> fullOutputKeys = selection == null ? outputKeys : predict(flow).outputs();
        Map<String, Prediction.Expected> expected = new LinkedHashMap<>();
        Map<String, StageState> next = new LinkedHashMap<>();
        Set<String> missing = new LinkedHashSet<>();
        boolean exact = true;
        for (int stage = 0; stage < flow.stageCount(); stage++) {
            String stageName = FlowSpec.stageName(stage);
            StageState before = committed.getOrDefault(stageName, StageState.empty());
            StageState after = StageState.empty();
            for (TaskSpec task : flow.tasksIn(stage)) {
                List<String> inputKeys = task.inputs().stream().map(outputKeys::get).toList();
                if (selection != null && !selection.selects(task)) {
                    String output = committedOutput(task, stageName, inputKeys, before);
                    if (output != null) {
                        outputKeys.put(task.name(), output);
                        exact &= output.equals(fullOutputKeys.get(task.name()));
                    } else {
                        missing.add(task.name());
                    }
                    expected.put(task.name(), new Prediction.Expected(task.name(), stageName, TaskOutcome.SKIPPED,
                            false, Set.of(), "not selected"));
                    continue;
                }
                Prediction.Expected result = task.kind().lazy()
                        ? lazy(task, stageName, inputKeys, before, after, outputKeys)
                        : versioned(task, stageName, inputKeys, before, after, outputKeys);
                if (selection != null && selection.forces() && !task.kind().lazy()) {
                    outputKeys.put(task.name(), ModelKey.of("forced", task.name())); // a forced output's key is new
                }
                expected.put(task.name(), selection != null && selection.forces()
                        ? new Prediction.Expected(task.name(), stageName, TaskOutcome.RAN, false, Set.of(),
                        "forced by " + selection + "; nothing committed") : result);
            }
            next.put(stageName, after);
        }
        String failsAt = selection == null ? null : firstNeeded(flow, selection, missing);
        return new SelectedPrediction(new Prediction(expected, next, outputKeys), failsAt, exact);
    }

    /** The first left-out call without a committed output that a selected task reads, directly or through others. */
    private static String firstNeeded(FlowSpec flow, Selection selection, Set<String> missing) {
        Set<String> needed = new HashSet<>();
        List<TaskSpec> tasks = flow.tasks();
        for (int i = tasks.size() - 1; i >= 0; i--) {
            TaskSpec task = tasks.get(i);
            if (selection.selects(task) || needed.contains(task.name())) {
                needed.addAll(task.inputs().stream().filter(input -> !selection.selects(flow.task(input))).toList());
            }
        }
        return tasks.stream().map(TaskSpec::name).filter(name -> missing.contains(name) && needed.contains(name))
                .findFirst().orElse(null);
    }

    /** Takes the predicted run as committed (the caller checked that dag did what was predicted). */
    void commit(Prediction prediction) {
        committed = prediction.committed();
    }

    /** Takes the stages of {@code stages} of a selected run as committed; the others keep their last commit. */
    void commit(Prediction prediction, Set<String> stages) {
        Map<String, StageState> next = new LinkedHashMap<>(committed);
        stages.forEach(stage -> next.put(stage, prediction.committed().get(stage)));
        committed = next;
    }

    /**
     * The output a left-out task hands over from its stage's last commit, or null when that holds none for its call.
     * A lazy task is keyed by what its body builds now: found when every table it builds is committed with its key.
     */
    private static String committedOutput(TaskSpec task, String stage, List<String> inputKeys, StageState before) {
        if (task.kind().lazy()) {
            Map<String, String> keys = new HashMap<>();
            Prediction.Expected keyed = lazy(task, stage, inputKeys, before, StageState.empty(), keys);
            return keyed.outcome() == TaskOutcome.LAZY_CACHE_VALID ? keys.get(task.name()) : null;
        }
        Call call = before.calls().get(task.name());
        return call != null && call.key().equals(callKey(task, stage, inputKeys)) ? call.output() : null;
    }

    /** A versioned or AUTO call's key as a selected run looks it up: a file's content and time aside. */
    private static String callKey(TaskSpec task, String stage, List<String> inputKeys) {
        List<String> arguments = task.constants().stream().map(Constant::callState).toList();
        return task.kind() == TaskKind.AUTO
                ? ModelKey.of("call", task.name(), stage, "auto", TaskSource.body(task), arguments, inputKeys)
                : ModelKey.of("call", task.name(), stage, task.version(), arguments, inputKeys);
    }

    private static Prediction.Expected versioned(TaskSpec task, String stage, List<String> inputKeys, StageState before,
                                                 StageState after, Map<String, String> outputKeys) {
        String code = TaskSource.body(task);
        boolean auto = task.kind() == TaskKind.AUTO;
        KeyParts parts = new KeyParts(task.name(), stage, auto ? "auto" : Integer.toString(task.version()),
                auto ? code : "", task.constants().stream().map(Constant::state).toList(), inputKeys);
        Entry previous = before.entries().get(task.name());
        String outputKey = ModelKey.of("output", parts);
        outputKeys.put(task.name(), outputKey);
        after.tables().put(task.returned().name(), outputKey);
        after.calls().put(task.name(), new Call(callKey(task, stage, inputKeys), outputKey));
        if (previous != null && previous.parts().equals(parts)) {
            after.entries().put(task.name(), previous); // keeps the code it was built with: a drift keeps warning
            boolean drift = !auto && !previous.code().equals(code);
            return new Prediction.Expected(task.name(), stage, TaskOutcome.CACHE_VALID, drift, Set.of(),
                    drift ? "key unchanged, code drifted under version " + task.version() : "key unchanged");
        }
        after.entries().put(task.name(), new Entry(parts, code));
        return new Prediction.Expected(task.name(), stage, TaskOutcome.RAN, false,
                Set.of(stage + "." + task.returned().name()), previous == null ? "no entry in " + stage
                : "changed: " + differences(previous.parts(), parts));
    }

    private static String differences(KeyParts before, KeyParts now) {
        List<String> changed = new ArrayList<>();
        if (!before.version().equals(now.version())) {
            changed.add("version");
        }
        if (!before.code().equals(now.code())) {
            changed.add("code");
        }
        if (!before.constants().equals(now.constants())) {
            changed.add("constants");
        }
        if (!before.inputs().equals(now.inputs())) {
            changed.add("inputs");
        }
        return String.join(", ", changed);
    }

    private static Prediction.Expected lazy(TaskSpec task, String stage, List<String> inputKeys, StageState before,
                                            StageState after, Map<String, String> outputKeys) {
        List<String> localKeys = new ArrayList<>();
        Set<String> rebuilt = new LinkedHashSet<>();
        List<String> why = new ArrayList<>();
        String chain = "";
        List<SqlTable> materialized = task.materialized();
        if (task.kind() == TaskKind.GROUP) {
            String groupChain = chain;
            for (SqlTable table : materialized) {
                localKeys.add(lazyTable(task, table, List.of(), stage, inputKeys, localKeys, groupChain, before, after,
                        rebuilt, why));
            }
            chain = ModelKey.of("chain", chain, localKeys);
        } else {
            for (SqlTable table : materialized) {
                String key = lazyTable(task, table, List.of(), stage, inputKeys, localKeys, chain, before, after,
                        rebuilt, why);
                localKeys.add(key);
                chain = ModelKey.of("chain", chain, List.of(key));
            }
        }
        String returnedKey = lazyTable(task, task.returned(), task.primaryKey().columns(), stage, inputKeys, localKeys,
                chain, before, after, rebuilt, why);
        outputKeys.put(task.name(), returnedKey);
        TaskOutcome outcome = rebuilt.isEmpty() ? TaskOutcome.LAZY_CACHE_VALID : TaskOutcome.RAN;
        return new Prediction.Expected(task.name(), stage, outcome, false, rebuilt,
                rebuilt.isEmpty() ? "every table unchanged" : String.join("; ", why));
    }

    /** Keys one table of a lazy task, records it in {@code after} and notes whether it must be rebuilt. */
    private static String lazyTable(TaskSpec task, SqlTable table, List<String> primaryKey, String stage,
                                    List<String> inputKeys, List<String> localKeys, String chain, StageState before,
                                    StageState after, Set<String> rebuilt, List<String> why) {
        String sql = sql(task, table, inputKeys, localKeys);
        String key = ModelKey.of("sql", stage, table.name(), sql, primaryKey, chain);
        after.tables().put(table.name(), key);
        String committedKey = before.tables().get(table.name());
        if (!Objects.equals(committedKey, key)) {
            rebuilt.add(stage + "." + table.name());
            why.add(table.name() + (committedKey == null ? " new in " + stage : " key changed"));
        }
        return key;
    }

    /** The task's SQL as dag keys it: constant terms as their values, table references as content keys. */
    static String sql(TaskSpec task, SqlTable table, List<String> inputKeys, List<String> localKeys) {
        StringBuilder sql = new StringBuilder();
        for (SqlTable.Piece piece : table.pieces(task.constants().size())) {
            if (piece instanceof SqlTable.Piece.Text text) {
                sql.append(text.text());
            } else if (piece instanceof SqlTable.Piece.Term term) {
                sql.append(task.constants().get(term.constant()).termValue());
            } else {
                Source source = ((SqlTable.Piece.Ref) piece).source();
                sql.append("{").append(source.local() ? localKeys.get(source.index()) : inputKeys.get(source.index()))
                        .append("}");
            }
        }
        return sql.toString();
    }
}
