package dev.dag.bench.macro;

import dev.dag.Flow;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * The many-small-tasks flow of scenarios c, g and h: stages of parallel lanes, each task reading the same lane
 * of the previous stage; and its timed, fully cache-valid rerun.
 */
final class LaneFlows {
    private LaneFlows() {
    }

    /** Flow {@code name} of c's size: {@code seed} in the first stage's lanes, {@code step} on each lane after that. */
    static Flow of(String name, BenchOptions options, IntFunction<Table> seed, BiFunction<Table, Integer, Table> step) {
        return of(name, options.stages(), options.lanes(), seed, step);
    }

    /** Flow {@code name} of {@code stages} stages of {@code lanes} lanes. */
    static Flow of(String name, int stages, int lanes, IntFunction<Table> seed, BiFunction<Table, Integer, Table> step) {
        Flow flow = new Flow(name);
        try (flow) {
            List<Table> previous = new ArrayList<>();
            for (int s = 0; s < stages; s++) {
                try (Stage stage = new Stage(String.format("%s_s%02d", name, s))) {
                    List<Table> current = new ArrayList<>();
                    for (int lane = 0; lane < lanes; lane++) {
                        current.add(s == 0 ? seed.apply(lane) : step.apply(previous.get(lane), lane));
                    }
                    previous = current;
                }
            }
        }
        return flow;
    }

    /** The nanoseconds of a rerun of {@code flow}, whose {@code tasks} tasks must all be cache-valid. */
    static long rerun(Flow flow, BenchDatabase db, int tasks) {
        long start = System.nanoTime();
        var result = FlowRuns.run(flow, db);
        long elapsed = System.nanoTime() - start;
        FlowRuns.expect(result, TaskOutcome.CACHE_VALID, tasks);
        return elapsed;
    }
}
