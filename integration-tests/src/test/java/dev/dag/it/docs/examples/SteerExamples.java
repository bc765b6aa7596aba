package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.Result;
import dev.dag.RunContext;
import dev.dag.RunListener;
import dev.dag.RunOptions;
import dev.dag.TaskProgress;
import dev.dag.TaskResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The examples of docs/plan-and-progress.md and docs/report.md, run by SteerDocExamplesIT. */
public final class SteerExamples {
    private SteerExamples() {
    }

    /** Prints the plan of {@code flow} and the tasks that would run; returns the plan. */
    public static Plan printPlan(Flow flow, ConfigContext config) {
        // docs:plan
        Plan plan = flow.plan(RunOptions.of(config));
        System.out.println(plan.summary());
        for (PlannedTask task : plan.tasks(PlannedTask.Decision.RUN)) {
            System.out.println(task.stage() + "." + task.task() + ": " + task.reason());
        }
        // end:plan
        return plan;
    }

    /** A dry run of {@code flow}. */
    public static Result dryRun(Flow flow, ConfigContext config) {
        // docs:dry-run
        Result result = flow.run(RunOptions.of(config).dryRun());   // writes nothing
        System.out.println(result.summary());                        // the plan's summary
        // end:dry-run
        return result;
    }

    /** A run that reports the progress of a long task every 30 seconds. */
    public static Result slowerProgress(Flow flow, ConfigContext config) {
        // docs:progress-interval
        Result result = flow.run(RunOptions.of(config).withProgressInterval(Duration.ofSeconds(30)));
        // end:progress-interval
        return result;
    }

    /** Runs {@code flow} with a listener; returns the milliseconds it heard per task. */
    public static Map<String, Long> timings(Flow flow, ConfigContext config) {
        // docs:listener
        Map<String, Long> millisByTask = new ConcurrentHashMap<>();
        RunListener timings = new RunListener() {
            @Override
            public void taskFinished(RunContext run, TaskResult task) {
                millisByTask.put(task.stage() + "." + task.task(), task.millis());
            }

            @Override
            public void taskProgress(RunContext run, TaskProgress progress) {
                System.out.printf("%s.%s: %,d rows so far%n", progress.stage(), progress.task(),
                        progress.rowsWritten());
            }
        };
        Result result = flow.run(RunOptions.of(config).withListener(timings));
        // end:listener
        return millisByTask;
    }

    /** Runs {@code flow} and writes its report to target/dag-report.html. */
    public static Result report(Flow flow, ConfigContext config) {
        // docs:report
        Result result = flow.run(RunOptions.of(config));
        result.writeReport(Path.of("target/dag-report.html"));
        // end:report
        return result;
    }

    /** Runs {@code flow}, which fails, and writes the failed run's report to target/dag-report.html. */
    public static void reportOfAFailure(Flow flow, RunOptions options) {
        // docs:report-failed
        try {
            flow.run(options);
        } catch (DagException e) {
            e.result().ifPresent(result -> result.writeReport(Path.of("target/dag-report.html")));
            throw e;
        }
        // end:report-failed
    }
}
