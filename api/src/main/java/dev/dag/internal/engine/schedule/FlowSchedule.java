package dev.dag.internal.engine.schedule;

import dev.dag.internal.engine.define.FlowDefinition;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides when each step of a flow run happens, so that up to {@code parallelism} tasks run at once and the run
 * still leaves what running them one after another in definition order would leave:
 * <ul>
 * <li>A task starts as soon as the tasks whose outputs it reads succeeded, also in an earlier stage that is not
 * published yet (it reads the stage's new tables directly), and a slot is free. Repeated calls of one task in a
 * stage start in definition order: their cache entries are told apart by that order.</li>
 * <li>Stages begin (take their lock) in definition order, when their first task starts; they end (are published,
 * or dropped) in definition order, each when all of its tasks ended.</li>
 * <li>Fail-fast: the first failure in definition order stops every task after it, as a run of one task at a time
 * never gets to them: those running are cancelled, those not started skipped. The tasks before it still run, and
 * the stages before its stage are published; its stage and every later one are not committed.</li>
 * <li>Without fail-fast, a task reading another stage's output waits until that stage is published: a stage that
 * is not committed feeds no later task.</li>
 * </ul>
 * With one slot every task runs on the flow's own thread, and this order is exactly definition order.
 */
public final class FlowSchedule {
    private static final Logger LOG = LoggerFactory.getLogger(FlowSchedule.class);

    static final String STAGE_FAILED = "an earlier task of the stage failed";
    static final String RUN_STOPPED = "the run stopped at an earlier failure";
    static final String INPUT_UNAVAILABLE = "an input task failed or was skipped, or its stage was not committed";

    private enum Status { PENDING, RUNNING, SUCCEEDED, FAILED, SKIPPED }

    private final TaskGraph graph;
    private final FlowSteps steps;
    private final boolean failFast;
    private final Workers workers;
    private final Status[] status;
    private final boolean[] begun;
    private final boolean[] beginFailed;
    private final boolean[] ended;
    private final boolean[] taskFailed;
    private final int[] runningIn;
    private final Set<Integer> cancelled = new HashSet<>();
    private int nextToBegin;
    private int nextToEnd;
    private int firstPending;
    /** Fail-fast: the tasks after this one (in definition order) do not run (none yet: past the last task). */
    private int stopAfter = Integer.MAX_VALUE;
    /** Fail-fast: the first stage that is not committed because of a failure (none yet: past the last). */
    private int stopStage = Integer.MAX_VALUE;

    private FlowSchedule(TaskGraph graph, FlowSteps steps, Workers workers, boolean failFast) {
        this.graph = graph;
        this.steps = steps;
        this.failFast = failFast;
        this.workers = workers;
        this.status = new Status[graph.taskCount()];
        Arrays.fill(status, Status.PENDING);
        this.begun = new boolean[graph.stageCount()];
        this.beginFailed = new boolean[graph.stageCount()];
        this.ended = new boolean[graph.stageCount()];
        this.taskFailed = new boolean[graph.stageCount()];
        this.runningIn = new int[graph.stageCount()];
    }

    /**
     * Runs {@code flow} through {@code steps}, up to {@code parallelism} tasks at once; returns when every stage
     * ended. A bug of dag in a step is thrown after the running tasks ended and the open stages were dropped.
     */
    public static void run(FlowDefinition flow, FlowSteps steps, int parallelism, boolean failFast) {
        FlowSchedule schedule = new FlowSchedule(new TaskGraph(flow), steps, new Workers(parallelism, flow.name()),
                failFast);
        try {
            try (Workers workers = schedule.workers) {
                schedule.run();
            }
        } finally {
            schedule.dropOpenStages();
        }
    }

    private void run() {
        while (nextToEnd < graph.stageCount()) {
            boolean progressed = endStages();
            progressed |= startOrSkipTasks();
            if (!progressed) {
                if (workers.running() == 0) {
                    throw new IllegalStateException("dag bug: the schedule of flow '" + graph.stage(nextToEnd).flow()
                            .name() + "' cannot go on at stage '" + graph.stage(nextToEnd).name() + "'");
                }
                finished(workers.next());
            }
        }
    }

    /** Ends the stages whose turn it is, in definition order; returns whether it did anything. */
    private boolean endStages() {
        boolean progressed = false;
        while (nextToEnd < graph.stageCount()) {
            int stage = nextToEnd;
            if (!begun[stage] && !beginFailed[stage]) {
                if (hasPending(stage)) {
                    return progressed; // its first task to start begins it, or its tasks are skipped first
                }
                if (!stopped(stage)) {
                    beginThrough(stage); // all of its tasks were skipped, or it has none: it is written all the same
                }
                if (!begun[stage]) {
                    ended[stage] = true;
                    nextToEnd++;
                }
                progressed = true;
                continue;
            }
            if (beginFailed[stage]) {
                ended[stage] = true;
                nextToEnd++;
                progressed = true;
                continue;
            }
            if (hasPending(stage) || runningIn[stage] > 0) {
                return progressed;
            }
            boolean commit = !stopped(stage);
            if (failFast && (!commit || taskFailed[stage]) && runningAfter(stage)) {
                return progressed; // dropping its tables waits for the later tasks that may read them (fail-fast)
            }
            if (!steps.endStage(graph.stage(stage), commit)) {
                stop(graph.firstOf(stage + 1) - 1, stage); // publishing failed: every later task stops
            }
            ended[stage] = true;
            nextToEnd++;
            progressed = true;
        }
        return progressed;
    }

    /**
     * Starts the tasks that can start while slots are free, and skips those that cannot run once their stage's turn
     * came (all earlier stages ended; a stage that is not stopped is begun first), so that what a run reports comes
     * in the order a run of one task at a time reports it.
     */
    private boolean startOrSkipTasks() {
        boolean progressed = false;
        while (firstPending < graph.taskCount() && status[firstPending] != Status.PENDING) {
            firstPending++;
        }
        for (int task = firstPending; task < graph.taskCount(); task++) {
            if (status[task] != Status.PENDING) {
                continue;
            }
            String skip = skipReason(task);
            if (skip != null) {
                progressed |= skip(task, skip);
            } else if (workers.hasFreeSlot() && ready(task)) {
                start(task);
                progressed = true;
            }
        }
        return progressed;
    }

    /** Skips {@code task} if its stage's turn came; returns whether anything happened. */
    private boolean skip(int task, String reason) {
        int stage = graph.stageOf(task);
        if (stage > nextToEnd) {
            return false;
        }
        if (!stopped(stage)) {
            beginThrough(stage);
        }
        if (status[task] == Status.PENDING) { // not skipped with its stage, which could not begin
            steps.skip(graph.task(task), reason);
            status[task] = Status.SKIPPED;
        }
        return true;
    }

    /** Why {@code task} does not run, or null when it may still run. */
    private String skipReason(int task) {
        int stage = graph.stageOf(task);
        if (task > stopAfter) {
            return stopReason(task);
        }
        for (int producer : graph.upstream(task)) {
            if (settled(producer, stage) && steps.isUnavailable(graph.task(producer))) {
                return INPUT_UNAVAILABLE;
            }
        }
        return null;
    }

    /** Whether {@code task}, not to be skipped, may start: its inputs are there and earlier calls of it started. */
    private boolean ready(int task) {
        int previous = graph.previousCall(task);
        if (previous >= 0 && status[previous] == Status.PENDING) {
            return false;
        }
        int stage = graph.stageOf(task);
        for (int producer : graph.upstream(task)) {
            if (!settled(producer, stage)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether it is known if the outputs of {@code producer} can be read by a task of {@code stage}: it ended,
     * and without fail-fast, when it is in another stage, that stage ended too (committed or not).
     */
    private boolean settled(int producer, int stage) {
        Status state = status[producer];
        if (state == Status.PENDING || state == Status.RUNNING) {
            return false;
        }
        int producerStage = graph.stageOf(producer);
        return failFast || producerStage == stage || ended[producerStage];
    }

    private void start(int task) {
        int stage = graph.stageOf(task);
        beginThrough(stage);
        if (!begun[stage]) {
            return; // it, or an earlier stage, could not begin: its tasks are skipped
        }
        FlowSteps.TaskWork work = steps.start(graph.task(task));
        status[task] = Status.RUNNING;
        runningIn[stage]++;
        workers.start(task, work);
    }

    /** Begins the stages up to {@code stage} that did not begin yet, in definition order. */
    private void beginThrough(int stage) {
        while (nextToBegin <= stage) {
            int next = nextToBegin++;
            if (stopped(next)) {
                continue;
            }
            if (steps.beginStage(graph.stage(next))) {
                begun[next] = true;
            } else {
                beginFailed[next] = true; // the steps skipped its tasks
                for (int task = graph.firstOf(next); task < graph.firstOf(next + 1); task++) {
                    if (status[task] == Status.PENDING) {
                        status[task] = Status.SKIPPED;
                    }
                }
                stop(graph.firstOf(next) - 1, next);
            }
        }
    }

    private void finished(Workers.Done done) {
        if (done.bug() instanceof RuntimeException bug) {
            throw bug;
        }
        if (done.bug() instanceof Error bug) {
            throw bug;
        }
        int task = done.task();
        int stage = graph.stageOf(task);
        runningIn[stage]--;
        if (done.succeeded()) {
            status[task] = Status.SUCCEEDED;
        } else if (cancelled.contains(task)) {
            status[task] = Status.SKIPPED; // recorded as cancelled; its stage is not committed in any case
        } else {
            status[task] = Status.FAILED;
            taskFailed[stage] = true;
            stop(task, stage);
        }
    }

    /**
     * Fail-fast: the tasks after {@code afterTask} do not run (those running are cancelled), and no stage from
     * {@code stage} on is committed.
     */
    private void stop(int afterTask, int stage) {
        if (!failFast) {
            return;
        }
        stopStage = Math.min(stopStage, stage);
        if (afterTask >= stopAfter) {
            return;
        }
        stopAfter = afterTask;
        for (int task = afterTask + 1; task < graph.taskCount(); task++) {
            if (status[task] == Status.RUNNING && cancelled.add(task)) {
                LOG.info("stage {}: cancelling task {}: the run stops at an earlier failure",
                        graph.stage(graph.stageOf(task)).name(), graph.task(task).taskName());
                workers.cancel(task, stopReason(task));
            }
        }
    }

    /** Why a task after the failure does not run, in the words of a run of one task at a time. */
    private String stopReason(int task) {
        int stage = graph.stageOf(task);
        return stage == stopStage && taskFailed[stage] ? STAGE_FAILED : RUN_STOPPED;
    }

    private boolean stopped(int stage) {
        return stage >= stopStage;
    }

    private boolean hasPending(int stage) {
        for (int task = Math.max(firstPending, graph.firstOf(stage)); task < graph.firstOf(stage + 1); task++) {
            if (status[task] == Status.PENDING) {
                return true;
            }
        }
        return false;
    }

    private boolean runningAfter(int stage) {
        for (int later = stage + 1; later < graph.stageCount(); later++) {
            if (runningIn[later] > 0) {
                return true;
            }
        }
        return false;
    }

    /** After a bug of dag: drops what the stages still open wrote and releases their locks. */
    private void dropOpenStages() {
        for (int stage = 0; stage < graph.stageCount(); stage++) {
            if (begun[stage] && !ended[stage]) {
                ended[stage] = true;
                try {
                    steps.endStage(graph.stage(stage), false);
                } catch (RuntimeException e) {
                    LOG.warn("stage {}: could not be dropped after an error of dag: {}", graph.stage(stage).name(),
                            e.toString());
                }
            }
        }
    }
}
