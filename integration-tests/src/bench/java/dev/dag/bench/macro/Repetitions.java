package dev.dag.bench.macro;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs the actions of one comparison interleaved: untimed warm-up rounds, then {@code reps} timed rounds, each
 * starting with a different action so that drift on a noisy machine spreads over all of them.
 */
final class Repetitions {
    private Repetitions() {
    }

    /** One measured action; returns the nanoseconds of its timed part (setup and checks excluded). */
    @FunctionalInterface
    interface Timed {
        long run() throws Exception;
    }

    /** The samples of each action, in the order given, after {@code warmup} untimed rounds. */
    static List<Samples> interleaved(int warmup, int reps, List<Timed> actions) throws Exception {
        for (int round = 0; round < warmup; round++) {
            for (Timed action : actions) {
                action.run();
            }
        }
        List<Samples> samples = new ArrayList<>();
        actions.forEach(action -> samples.add(new Samples()));
        for (int rep = 0; rep < reps; rep++) {
            for (int k = 0; k < actions.size(); k++) {
                int index = (rep + k) % actions.size();
                samples.get(index).add(actions.get(index).run());
            }
        }
        return samples;
    }

    /** The nanoseconds {@code body} takes. */
    static long time(ThrowingRunnable body) throws Exception {
        long start = System.nanoTime();
        body.run();
        return System.nanoTime() - start;
    }

    /** A body that may throw. */
    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
