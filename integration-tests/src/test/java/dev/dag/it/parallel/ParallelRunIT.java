package dev.dag.it.parallel;

import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import dev.dag.it.support.Frames;
import dev.dag.it.support.Latches;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;

/**
 * Tasks of a flow run with {@code parallelism} above 1: independent tasks really run at the same time (each waits
 * for the other), also across stages; and the run leaves what a run of one task at a time leaves, whether it
 * succeeds or stops at a failure.
 */
class ParallelRunIT {
    /** How long a task waits for the one it should meet: a guard against a hang, not a measurement. */
    private static final int MEETING_SECONDS = 60;

    static volatile CyclicBarrier meeting;
    static final Set<String> runIdsInBodies = ConcurrentHashMap.newKeySet();
    static volatile int generation;
    static volatile boolean failing;
    /** Whether the failing tasks wait for each other (only a parallel run can: one at a time, they never meet). */
    static volatile boolean meetWhenFailing;
    static volatile CountDownLatch longTaskStarted;
    static volatile CountDownLatch failed;
    static volatile TestDatabase.Kind kind;

    @BeforeEach
    void reset(TestDatabase db) {
        meeting = new CyclicBarrier(2);
        runIdsInBodies.clear();
        generation = 1;
        failing = false;
        meetWhenFailing = false;
        longTaskStarted = new CountDownLatch(1);
        failed = new CountDownLatch(1);
        kind = db.kind();
    }

    /** Waits until another task reaches the same barrier: two tasks that get here both ran at the same time. */
    private static void meetAnother(String who) {
        try {
            meeting.await(MEETING_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException | BrokenBarrierException e) {
            throw new IllegalStateException(who + " met no other task: the tasks did not run at the same time", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(who + " was interrupted", e);
        }
    }


    @Materialize
    static Table meets(String name) {
        runIdsInBodies.add(RunContext.current().map(RunContext::runId).orElse("no run"));
        meetAnother(name);
        return Table.of("SELECT '" + name + "' AS name").name(name);
    }

    @Materialize
    static Table quick() {
        return Table.of("SELECT 7 AS n").name("quick");
    }

    @Materialize
    static Table readsQuickAndMeets(Table quick) {
        meetAnother("readsQuickAndMeets");
        return Table.of("SELECT n * 6 AS n FROM " + quick.ref()).name("derived");
    }

    @OnEachDatabase
    void independentTasksRunAtTheSameTimeAndSeeTheirRun(TestDatabase db) {
        Flow flow = new Flow("meeting");
        try (flow; Stage only = new Stage("only")) {
            meets("left");
            meets("right");
        }

        Result result = db.run(flow, options -> options.withParallelism(2));

        assertEquals(List.of(TaskOutcome.RAN, TaskOutcome.RAN), result.tasks().stream().map(TaskResult::outcome).toList());
        assertEquals(Set.of(result.runId()), runIdsInBodies, "RunContext.current() inside the bodies");
        assertRows(List.of(List.of("left")), db.published("only", "left"));
    }

    static final Set<String> bodyThreads = ConcurrentHashMap.newKeySet();

    @Materialize
    static Table meetsFour(int n) {
        bodyThreads.add(Thread.currentThread().getName());
        if (kind == TestDatabase.Kind.POSTGRES) {
            meetAnother("meetsFour(" + n + ")");
        }
        return Table.of("SELECT " + n + " AS n").name("m" + n);
    }

    @OnEachDatabase
    void withoutASettingDuckDbRunsOneTaskAtATimeAndPostgresFour(TestDatabase db) {
        meeting = new CyclicBarrier(4);
        bodyThreads.clear();
        Flow flow = new Flow("defaults");
        try (flow; Stage only = new Stage("only")) {
            for (int n = 0; n < 4; n++) {
                meetsFour(n);
            }
        }
        ConfigContext config = db.config();
        try (ConfigContext unset = ConfigContext.builder().instance(config.instance()).url(config.url())
                .user(config.user()).password(config.password()).schemaPrefix(config.schemaPrefix()).build()) {
            Result result = flow.run(RunOptions.of(unset));

            assertTrue(result.successful(), result::summary);
        }
        if (db.kind() == TestDatabase.Kind.DUCKDB) {
            assertEquals(Set.of(Thread.currentThread().getName()), bodyThreads, "one task at a time, on the run's thread");
        } else {
            assertEquals(4, bodyThreads.size(), "four tasks met, each on a worker thread: " + bodyThreads);
        }
    }

    @Materialize(version = "1")
    static Table versioned(int n, int salt) {
        return Table.of("SELECT " + n + " AS n, " + salt + " AS salt").name("v" + n);
    }

    /**
     * A cache-valid call takes less than handing it to a worker thread and back: the run settles it on its own
     * thread, and only the calls whose bodies run go to workers.
     */
    @OnEachDatabase
    void cacheValidCallsAreSettledOnTheRunsOwnThreadAndOnlyChangedOnesGoToWorkers(TestDatabase db) {
        Flow flow = new Flow("settled");
        try (flow; Stage only = new Stage("only")) {
            for (int n = 0; n < 4; n++) {
                versioned(n, n == 2 ? 1 : 0);
            }
        }
        assertTrue(db.run(flow, options -> options.withParallelism(4)).successful());
        Set<String> threadsOfCacheValid = ConcurrentHashMap.newKeySet();
        Set<String> threadsOfRan = ConcurrentHashMap.newKeySet();
        RunListener byThread = new RunListener() {
            @Override
            public void taskFinished(RunContext run, TaskResult task) {
                (task.outcome() == TaskOutcome.CACHE_VALID ? threadsOfCacheValid : threadsOfRan)
                        .add(Thread.currentThread().getName());
            }
        };
        Flow changed = new Flow("settled");
        try (changed; Stage only = new Stage("only")) {
            for (int n = 0; n < 4; n++) {
                versioned(n, n == 2 ? 2 : 0);
            }
        }

        Result result = db.run(changed, options -> options.withParallelism(4).withListener(byThread));

        assertEquals(List.of(TaskOutcome.CACHE_VALID, TaskOutcome.CACHE_VALID, TaskOutcome.RAN, TaskOutcome.CACHE_VALID),
                result.tasks().stream().map(TaskResult::outcome).toList(), result::summary);
        assertEquals(Set.of(Thread.currentThread().getName()), threadsOfCacheValid, "the run's own thread");
        assertEquals(1, threadsOfRan.size());
        assertTrue(threadsOfRan.iterator().next().startsWith("dag-settled-"), "a worker: " + threadsOfRan);
        assertRows(List.of(List.of(2, 2)), db.published("only", "v2"));
    }

    /** Stage first: {@code quick} (and {@code meets("slow")} if {@code withSlow}); stage second reads quick. */
    private static Flow acrossStages(boolean withSlow) {
        Flow flow = new Flow("across");
        try (flow) {
            Table quick;
            try (Stage first = new Stage("first")) {
                if (withSlow) {
                    meets("slow");
                }
                quick = quick();
            }
            try (Stage second = new Stage("second")) {
                readsQuickAndMeets(quick);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void aTaskStartsWhileTheStageItReadsIsStillBeingWritten(TestDatabase db) {
        Flow flow = acrossStages(true);

        Result result = db.run(flow, options -> options.withParallelism(2));

        assertTrue(result.successful());
        assertRows(List.of(List.of(42)), db.published("second", "derived"));
        assertRows(List.of(List.of("slow")), db.published("first", "slow"));
    }

    @OnEachDatabase
    void anErrorOfATaskOnAWorkerThreadPointsAtTheLineThatRanTheFlow(TestDatabase db) {
        Flow flow = acrossStages(false);

        // stage first never ran: its task, not selected, has no committed output to read (an error dag makes)
        int line = Frames.nextLine();
        DagException failure = assertThrows(DagException.class,
                () -> flow.run(db.options().withParallelism(2).withStages("second")));

        assertTrue(failure.getMessage().contains("no output of this call in the last commit"), failure.getMessage());
        Frames.assertTopFrameAt(ParallelRunIT.class, line + 1, failure);
    }

    @Materialize(version = "1")
    static Table base(int n) {
        return Table.of("SELECT id, id * " + n + " AS v FROM generate_series(1, 5) AS t(id)").name("base");
    }

    @Materialize(version = "1")
    static Table delayed(int n) {
        sleep(300); // makes the second call of copy below ready first
        return Table.of("SELECT id, id + " + n + " AS v FROM generate_series(1, 3) AS t(id)").name("delayed");
    }

    @Materialize(version = "1")
    static Table copy(Table input, int k) {
        return Table.of("SELECT id, v * " + k + " AS v FROM " + input.ref()).name("copy_" + k);
    }

    @Materialize(version = "1")
    static Table total(Table left, Table right) {
        return Table.of("SELECT (SELECT sum(v) FROM " + left.ref() + ") + (SELECT sum(v) FROM " + right.ref()
                + ") AS total").name("total");
    }

    private static Flow mirror() {
        Flow flow = new Flow("mirror");
        try (flow) {
            Table base;
            Table delayed;
            Table first;
            Table second;
            try (Stage s1 = new Stage("s1")) {
                delayed = delayed(generation);
                base = base(generation);
            }
            try (Stage s2 = new Stage("s2")) {
                first = copy(delayed, 1);
                second = copy(base, 2);
            }
            try (Stage s3 = new Stage("s3")) {
                total(first, second);
            }
        }
        return flow;
    }

    @OnEachDatabase
    void aParallelRunLeavesWhatASerialRunLeaves(TestDatabase db) {
        try (TestDatabase serial = TestDatabase.open(db.kind(), "serial")) {
            for (int run = 1; run <= 3; run++) {
                generation = run == 3 ? 2 : 1; // build, cache-valid rerun, a change
                Result one = serial.run(mirror(), options -> options.withParallelism(1));
                Result four = db.run(mirror(), options -> options.withParallelism(4));

                assertEquals(outcomes(one), outcomes(four), "tasks in definition order, with outcomes and reasons");
                assertEquals(CommittedState.of(serial, "s1", "s2", "s3"), CommittedState.of(db, "s1", "s2", "s3"));
            }
        }
        assertRows(List.of(List.of(72)), db.published("s3", "total"), "(3 + 4 + 5) + 2 * 2 * (1 + 2 + 3 + 4 + 5)");
    }

    private static List<String> outcomes(Result result) {
        return result.tasks().stream().map(task -> task.stage() + "." + task.task() + " " + task.outcome() + ": "
                + task.reason()).toList();
    }

    @Materialize(version = "1")
    static Table waitsForTheFailure(int g) {
        if (failing && meetWhenFailing) {
            Latches.await(failed, "the failure in stage b"); // still running when the later stage fails
        }
        return Table.of("SELECT " + g + " AS g").name("a_out");
    }

    @Materialize(version = "1")
    static Table fails(int g) {
        if (failing) {
            if (meetWhenFailing) {
                Latches.await(longTaskStarted, "the long task of stage b");
            }
            failed.countDown();
            throw new IllegalStateException("fails on purpose");
        }
        return Table.of("SELECT " + g + " AS g").name("b_out");
    }

    /** When the run fails, a statement that would run a long time: cancelled, or the test times out. */
    @Materialize(version = "1")
    static Table runsLong(int g) {
        if (!failing) {
            return Table.of("SELECT " + g + " AS g").name("b_long");
        }
        longTaskStarted.countDown();
        String sql = kind == TestDatabase.Kind.POSTGRES ? "SELECT 1 AS g FROM (SELECT pg_sleep(600)) AS s"
                : "SELECT sum(a.range * b.range) AS g FROM range(1000000) AS a, range(10000000) AS b";
        return Table.of(sql).name("b_long");
    }

    @Materialize(version = "1")
    static Table later(Table a, int g) {
        return Table.of("SELECT g + " + g + " AS g FROM " + a.ref()).name("c_out");
    }

    private static Flow stopping() {
        Flow flow = new Flow("stopping");
        try (flow) {
            Table a;
            try (Stage stage = new Stage("a")) {
                a = waitsForTheFailure(generation);
            }
            try (Stage stage = new Stage("b")) {
                fails(generation);
                runsLong(generation);
            }
            try (Stage stage = new Stage("c")) {
                later(a, generation);
            }
        }
        return flow;
    }

    @OnEachDatabase
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aFailureAmongParallelTasksLeavesWhatASerialRunLeaves(TestDatabase db) {
        try (TestDatabase serial = TestDatabase.open(db.kind(), "serial")) {
            serial.run(stopping(), options -> options.withParallelism(1));
            db.run(stopping(), options -> options.withParallelism(3));
            generation = 2;
            failing = true;

            assertThrows(DagException.class, () -> serial.run(stopping(), options -> options.withParallelism(1)));
            meetWhenFailing = true;
            DagException failure = assertThrows(DagException.class,
                    () -> db.run(stopping(), options -> options.withParallelism(3)));

            assertTrue(failure.getMessage().contains("fails on purpose"), failure.getMessage());
            TaskResult cancelled = failure.result().orElseThrow().task("runsLong").orElseThrow();
            assertEquals(TaskOutcome.SKIPPED, cancelled.outcome(), cancelled.reason());
            assertEquals("an earlier task of the stage failed (cancelled while it ran)", cancelled.reason());
            assertEquals(CommittedState.of(serial, "a", "b", "c"), CommittedState.of(db, "a", "b", "c"));
        }
        assertRows(List.of(List.of(2)), db.published("a", "a_out"), "stage a, before the failing one, is committed");
        assertRows(List.of(List.of(1)), db.published("b", "b_out"), "stage b keeps its previous version");
        assertRows(List.of(List.of(2)), db.published("c", "c_out"), "stage c, after it, keeps its previous version");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
