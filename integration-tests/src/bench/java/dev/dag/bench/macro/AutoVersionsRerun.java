package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.util.List;

/**
 * Scenario g: what versions that know the code cost. The many-task flow of scenario c, once with every task
 * {@code version = Materialize.AUTO} and once with manual versions, each rerun fully cache-valid, interleaved
 * in one JVM. (Manual versions are fingerprinted too, to notice code changed under them; the difference is
 * the fingerprint entering the key.) The first build of each, in a JVM that has not fingerprinted the classes
 * yet, is reported as a note.
 */
public final class AutoVersionsRerun implements Scenario {

    @Materialize(version = Materialize.AUTO)
    static Table autoSeed(int lane) {
        return Table.of("SELECT " + lane + " AS lane, 0 AS depth").name("t" + lane);
    }

    @Materialize(version = Materialize.AUTO)
    static Table autoStep(Table previous, int lane) {
        return Table.of("SELECT lane, depth + 1 AS depth FROM " + previous.ref()).name("t" + lane);
    }

    @Materialize(version = "1")
    static Table manualSeed(int lane) {
        return Table.of("SELECT " + lane + " AS lane, 0 AS depth").name("t" + lane);
    }

    @Materialize(version = "1")
    static Table manualStep(Table previous, int lane) {
        return Table.of("SELECT lane, depth + 1 AS depth FROM " + previous.ref()).name("t" + lane);
    }

    @Override
    public String id() {
        return "g";
    }

    @Override
    public void run(BenchDatabase db, BenchOptions options, Report report) throws Exception {
        int tasks = options.stages() * options.lanes();
        Flow auto = LaneFlows.of("g_auto", options, AutoVersionsRerun::autoSeed, AutoVersionsRerun::autoStep);
        Flow manual = LaneFlows.of("g_manual", options, AutoVersionsRerun::manualSeed, AutoVersionsRerun::manualStep);
        long autoBuild = Repetitions.time(() -> FlowRuns.expect(FlowRuns.run(auto, db), TaskOutcome.RAN, tasks));
        long manualBuild = Repetitions.time(() -> FlowRuns.expect(FlowRuns.run(manual, db), TaskOutcome.RAN, tasks));
        List<Samples> samples = Repetitions.interleaved(options.warmup(), options.reps(), List.of(
                () -> LaneFlows.rerun(auto, db, tasks), () -> LaneFlows.rerun(manual, db, tasks)));
        double ratio = samples.get(0).medianMillis() / samples.get(1).medianMillis();
        System.out.printf("  g: AUTO rerun of %d tasks: %s%n  g: manual rerun: %s%n", tasks, samples.get(0).describe(),
                samples.get(1).describe());
        report.add(ReportRow.atMost(String.format("g. cache-valid rerun, %d tasks, AUTO vs manual versions", tasks),
                db.label(), Millis.format(samples.get(0).medianMillis()), Millis.format(samples.get(1).medianMillis()),
                String.format("%.2f (auto/manual)", ratio), ratio, 1.1, "<= 1.1"));
        report.note(String.format("g/%s: first build, fingerprints computed: AUTO %s, manual %s", db.label(),
                Millis.format(autoBuild / 1e6), Millis.format(manualBuild / 1e6)));
    }
}
