package dev.dag.it.cache.model;

import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One run judged against the reference model and against a clean run of the same definition, in four lists of
 * readable lines: stale results (published data a clean run does not give), needless rebuilds (a task ran or a
 * table was rebuilt though the model says the cache was valid), missed rebuilds (the reverse), and other
 * disagreements (outcome kinds, the code-drift warning, bodies that executed under a cache-valid outcome).
 */
record Verdict(List<String> stale, List<String> needless, List<String> missed, List<String> other) {
    static final String DRIFT_WARNING = "code changed since version";

    boolean passed() {
        return stale.isEmpty() && needless.isEmpty() && missed.isEmpty() && other.isEmpty();
    }

    String counts() {
        return "stale results " + stale.size() + ", needless rebuilds " + needless.size() + ", missed rebuilds "
                + missed.size() + ", other disagreements " + other.size();
    }

    /** {@code clean} is null when there is no clean run to compare with (the first run is one). */
    static Verdict of(FlowSpec flow, Prediction prediction, Observation observed, Map<String, PublishedTable> clean) {
        Verdict verdict = new Verdict(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (TaskSpec task : flow.tasks()) {
            verdict.judgeTask(task, prediction.tasks().get(task.name()), observed);
        }
        if (clean != null) {
            verdict.judgeContents(observed.after(), clean);
        }
        return verdict;
    }

    static Verdict empty() {
        return new Verdict(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    /** This verdict's lines, then {@code later}'s. */
    Verdict and(Verdict later) {
        Verdict both = empty();
        for (Verdict verdict : List.of(this, later)) {
            both.stale.addAll(verdict.stale);
            both.needless.addAll(verdict.needless);
            both.missed.addAll(verdict.missed);
            both.other.addAll(verdict.other);
        }
        return both;
    }

    void judgeTask(TaskSpec task, Prediction.Expected expected, Observation observed) {
        TaskResult result = observed.results().get(task.name());
        String name = task.name() + " (" + expected.stage() + ")";
        if (result == null) {
            other.add(name + ": no result");
            return;
        }
        String dag = "dag: " + result.outcome() + " \"" + result.reason() + "\"";
        String model = "model: " + expected.outcome() + " (" + expected.why() + ")";
        List<String> rebuiltNeedlessly = new ArrayList<>();
        List<String> notRebuilt = new ArrayList<>();
        for (SqlTable table : task.tables()) {
            String qualified = expected.stage() + "." + table.name();
            boolean rebuilt = observed.rebuilt(qualified);
            if (rebuilt && !expected.rebuilt().contains(qualified)) {
                rebuiltNeedlessly.add(qualified);
            } else if (!rebuilt && expected.rebuilt().contains(qualified)) {
                notRebuilt.add(qualified);
            }
        }
        boolean ran = result.outcome() == TaskOutcome.RAN;
        if ((ran && !expected.runs()) || !rebuiltNeedlessly.isEmpty()) {
            needless.add(name + ": " + dag + ", " + model + tables(" rebuilt, model keeps them: ", rebuiltNeedlessly));
        }
        if ((!ran && expected.runs()) || !notRebuilt.isEmpty()) {
            missed.add(name + ": " + dag + ", " + model + tables(" not rebuilt, model rebuilds them: ", notRebuilt));
        }
        if (result.outcome() != expected.outcome() && ran == expected.runs()) {
            other.add(name + ": outcome " + dag + ", " + model);
        }
        boolean warned = result.reason() != null && result.reason().contains(DRIFT_WARNING);
        if (warned != expected.drift()) {
            other.add(name + ": " + (expected.drift() ? "no" : "unexpected") + " warning '" + DRIFT_WARNING + "', "
                    + dag + ", " + model);
        }
        boolean executed = observed.executed().contains(task.name());
        boolean bodyShouldRun = result.outcome() == TaskOutcome.RAN || result.outcome() == TaskOutcome.LAZY_CACHE_VALID;
        if (executed != bodyShouldRun) {
            other.add(name + ": body " + (executed ? "executed" : "did not execute") + " under " + dag);
        }
    }

    private static String tables(String what, List<String> tables) {
        return tables.isEmpty() ? "" : ";" + what + tables;
    }

    void judgeContents(Map<String, PublishedTable> published, Map<String, PublishedTable> clean) {
        TreeSet<String> names = new TreeSet<>(published.keySet());
        names.addAll(clean.keySet());
        for (String table : names) {
            PublishedTable mine = published.get(table);
            PublishedTable reference = clean.get(table);
            if (mine == null) {
                stale.add(table + ": not published, a clean run publishes " + reference);
            } else if (reference == null) {
                stale.add(table + ": published " + mine + ", a clean run has no such table");
            } else if (!mine.sameContent(reference)) {
                stale.add(table + ": published " + mine + ", a clean run gives " + reference);
            }
        }
    }
}
