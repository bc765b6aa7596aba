package dev.dag.it.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.Table;
import dev.dag.TaskResult;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A run is bound to the thread that opened it: a task method called on another thread (an executor's, or one a
 * task body starts) runs as plain Java. The run warns once per method, naming it and the thread, in its result and
 * summary.
 */
class OtherThreadsIT {
    static final AtomicInteger BODIES = new AtomicInteger();

    @Materialize(version = "1")
    static Table step(int n) {
        BODIES.incrementAndGet();
        return Table.of("SELECT " + n + " AS n");
    }

    /** A flow task whose body calls another task on a thread of its own. */
    @Materialize(version = "1")
    static Table fanOut() {
        Thread worker = new Thread(() -> step(7), "fan-out-worker");
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Table.of("SELECT 1 AS one").name("fan_out");
    }

    private static ExecutorService workers() {
        AtomicInteger count = new AtomicInteger();
        return Executors.newFixedThreadPool(2, task -> new Thread(task, "worker-" + count.incrementAndGet()));
    }

    @OnEachDatabase
    void aTaskCalledOnAnExecutorsThreadsDuringAnEagerRunIsOneWarningNamingMethodAndThread(TestDatabase db)
            throws Exception {
        BODIES.set(0);
        ExecutorService pool = workers();
        RunContext run = RunContext.open(db.config(), "threads");
        try (run) {
            step(1); // on the run's thread: a task
            List<Future<Table>> calls = new ArrayList<>();
            for (int n : new int[] {2, 3, 2}) {
                calls.add(pool.submit(() -> step(n)));
            }
            for (Future<Table> call : calls) {
                call.get();
            }
        } finally {
            pool.shutdown();
        }
        Result result = run.result();

        assertEquals(4, BODIES.get(), "every call ran its body");
        assertEquals(List.of("step"), result.tasks().stream().map(TaskResult::task).toList(),
                "only the call on the run's thread was a task");
        assertEquals(1, result.warnings().size(), "one warning per method: " + result.warnings());
        String warning = result.warnings().get(0);
        assertTrue(warning.startsWith("task method OtherThreadsIT.step was called on thread 'worker-"), warning);
        assertTrue(warning.contains("ran as plain Java"), warning);
        assertTrue(warning.contains("Call task methods on the run's thread"), warning);
        assertTrue(result.summary().contains("warning: task method OtherThreadsIT.step"), result.summary());
    }

    @OnEachDatabase
    void aTaskBodyCallingATaskOnAThreadOfItsOwnIsAWarningOfTheFlowRun(TestDatabase db) {
        BODIES.set(0);

        Result result = Flows.oneStage("threads", "raw", OtherThreadsIT::fanOut).run(db.options());

        assertTrue(result.successful(), result.summary());
        assertEquals(1, BODIES.get());
        assertEquals(1, result.warnings().size(), result.warnings().toString());
        assertTrue(result.warnings().get(0).startsWith("task method OtherThreadsIT.step was called on thread "
                + "'fan-out-worker'"), result.warnings().get(0));
        assertTrue(result.warnings().get(0).contains("inside a task body, on the body's own thread"),
                result.warnings().get(0));
    }
}
