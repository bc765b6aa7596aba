package dev.dag.bench;

import dev.dag.bench.micro.CallSiteCaptureBenchmark;
import dev.dag.bench.micro.TaskCallBenchmark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the JMH micro benchmarks of docs/benchmarks.md in one go and prints each against its baseline:
 * first every benchmark in forks started with {@code -javaagent:<agent>}, then {@code TaskCallBenchmark.task}
 * in forks without it. Start this JVM without the agent (the forks get their flags explicitly).
 *
 * <p>Options: {@code --agent=agent/target/dag-agent.jar --forks=2 --warmup=3 --iterations=5 --seconds=1}.
 */
public final class MicroBenchmarks {
    private static final String CAPTURE = CallSiteCaptureBenchmark.class.getName();
    private static final String CALL = TaskCallBenchmark.class.getName();

    private MicroBenchmarks() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("agent", "agent/target/dag-agent.jar", "forks", "2",
                "warmup", "3", "iterations", "5", "seconds", "1"));
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 0 || !options.containsKey(arg.substring(2, eq))) {
                System.err.println("unknown argument '" + arg + "'; options: " + options.keySet() + " as --name=value");
                System.exit(2);
            }
            options.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        Path agent = Path.of(options.get("agent")).toAbsolutePath();
        if (!Files.isRegularFile(agent)) {
            System.err.println("no agent jar at " + agent + ": build it first, or pass --agent=PATH");
            System.exit(2);
        }
        Collection<RunResult> withAgent = new Runner(base(options)
                .include(quoted(CAPTURE) + "\\..*").include(quoted(CALL) + "\\..*")
                .jvmArgs("-Xms512m", "-Xmx512m", "-javaagent:" + agent).build()).run();
        Collection<RunResult> withoutAgent = new Runner(base(options)
                .include(quoted(CALL) + "\\.task$")
                .jvmArgs("-Xms512m", "-Xmx512m").build()).run();
        print(withAgent, withoutAgent, options);
    }

    private static ChainedOptionsBuilder base(Map<String, String> options) {
        TimeValue time = TimeValue.seconds(Long.parseLong(options.get("seconds")));
        return new OptionsBuilder().forks(Integer.parseInt(options.get("forks")))
                .warmupIterations(Integer.parseInt(options.get("warmup"))).warmupTime(time)
                .measurementIterations(Integer.parseInt(options.get("iterations"))).measurementTime(time)
                .shouldFailOnError(true);
    }

    private static String quoted(String className) {
        return className.replace(".", "\\.");
    }

    private static void print(Collection<RunResult> withAgent, Collection<RunResult> withoutAgent,
                              Map<String, String> options) {
        Map<String, double[]> scores = new HashMap<>();
        withAgent.forEach(result -> scores.put(key(result, ""), score(result)));
        withoutAgent.forEach(result -> scores.put(key(result, " (no agent)"), score(result)));
        List<String> lines = new ArrayList<>();
        for (String frames : List.of("0", "30")) {
            double[] bridge = scores.get("bridgeNoRun@" + frames);
            double[] constant = scores.get("constantSite@" + frames);
            double[] throwable = scores.get("throwable@" + frames);
            double[] walker = scores.get("stackWalker@" + frames);
            String depth = "+" + frames + " frames";
            lines.add(row("a. call-site capture, " + depth + ": constant StackTraceElement", constant, null, null, null));
            lines.add(row("a. call-site capture, " + depth + ": TaskBridge.materialize, no run", bridge, null, null,
                    null));
            lines.add(row("a. vs new Throwable().getStackTrace()", bridge, throwable,
                    String.format("%.0fx cheaper", throwable[0] / bridge[0]), throwable[0] / bridge[0] >= 20));
            lines.add(row("a. vs StackWalker walk to the caller", bridge, walker,
                    String.format("%.0fx cheaper", walker[0] / bridge[0]), null));
        }
        double[] task = scores.get("task@");
        double[] twin = scores.get("plainTwin@");
        double[] bare = scores.get("task (no agent)@");
        lines.add(row("b. instrumented task, plain call vs unannotated twin (same JVM)", task, twin,
                String.format("%+.1f ns", task[0] - twin[0]), task[0] - twin[0] <= 20));
        lines.add(row("b. instrumented task vs same method, JVM without agent", task, bare,
                String.format("%+.1f ns", task[0] - bare[0]), task[0] - bare[0] <= 20));
        System.out.println();
        System.out.printf("dag micro benchmarks (ns/op, mean ± 99.9%% CI; forks %s, warm-up %s x %ss, "
                        + "measurement %s x %ss)%n", options.get("forks"), options.get("warmup"), options.get("seconds"),
                options.get("iterations"), options.get("seconds"));
        System.out.println("| benchmark | dag | baseline | ratio / overhead | goal |");
        System.out.println("|---|---|---|---|---|");
        lines.forEach(System.out::println);
        System.out.println("goals: a. capture >= 20x cheaper than the Throwable; b. overhead <= 20 ns per call");
    }

    private static String key(RunResult result, String suffix) {
        String label = result.getParams().getBenchmark();
        label = label.substring(label.lastIndexOf('.') + 1);
        String frames = result.getParams().getParam("extraFrames");
        return label + suffix + "@" + (frames == null ? "" : frames);
    }

    private static double[] score(RunResult result) {
        return new double[] {result.getPrimaryResult().getScore(), result.getPrimaryResult().getScoreError()};
    }

    private static String row(String label, double[] dag, double[] baseline, String ratio, Boolean met) {
        return String.format("| %s | %s | %s | %s | %s |", label, ns(dag), baseline == null ? "-" : ns(baseline),
                ratio == null ? "-" : ratio, met == null ? "-" : met ? "met" : "NOT MET");
    }

    private static String ns(double[] score) {
        return Double.isNaN(score[1]) ? String.format("%.1f", score[0]) : String.format("%.1f ± %.1f", score[0], score[1]);
    }
}
