package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A JVM started by a test: same java, same JVM options (so the same {@code -javaagent:dag-agent.jar}),
 * same classpath, its stdout and stderr merged and captured line by line. Its temporary folder is a
 * {@link ScratchFolder} of its own. Closing it kills it if it still runs and deletes that folder, so that
 * no test leaves a process or a file behind, however the child ended.
 *
 * <p>Failsafe starts the test JVM through a manifest-only jar, but sets {@code java.class.path} to the
 * real test classpath, which is what the child gets.
 */
public final class ChildJvm implements AutoCloseable {
    /**
     * A child runs for seconds: the C1 compiler alone starts it with about 40 % less CPU. Without performance data it
     * writes no {@code /tmp/hsperfdata_<user>/<pid>}, which a killed JVM would leave behind.
     */
    private static final List<String> SHORT_LIVED = List.of("-XX:TieredStopAtLevel=1", "-XX:-UsePerfData");

    private final String name;
    private final Process process;
    private final ScratchFolder tmp;
    private final List<String> lines = new ArrayList<>();
    private boolean ended;

    private ChildJvm(String name, Process process, ScratchFolder tmp) {
        this.name = name;
        this.process = process;
        this.tmp = tmp;
        Thread reader = new Thread(this::readOutput, "output of " + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code mainClass} with {@code options} added to the test JVM's options. */
    public static ChildJvm start(String name, List<String> options, Class<?> mainClass, List<String> arguments) {
        return start(name, null, options, mainClass, arguments);
    }

    /**
     * Like {@link #start(String, List, Class, List)}, with options for the agent
     * ({@code -javaagent:dag-agent.jar=<agentOptions>}) when {@code agentOptions} is not null.
     */
    public static ChildJvm start(String name, String agentOptions, List<String> options, Class<?> mainClass,
                                 List<String> arguments) {
        return start(name, agentOptions, true, options, Map.of(), System.getProperty("java.class.path"),
                mainClass.getName(), arguments);
    }

    /** Like {@link #start(String, List, Class, List)}, with {@code environment} added to this JVM's environment. */
    public static ChildJvm start(String name, List<String> options, Map<String, String> environment,
                                 Class<?> mainClass, List<String> arguments) {
        return start(name, null, true, options, environment, System.getProperty("java.class.path"),
                mainClass.getName(), arguments);
    }

    /**
     * Like {@link #start(String, String, List, Class, List)}, for an application of its own: {@code mainClass} on
     * {@code classPath} instead of the test's class path (with the agent, which brings dag, but no dag-api).
     */
    public static ChildJvm start(String name, String agentOptions, List<String> options, String classPath,
                                 String mainClass, List<String> arguments) {
        return start(name, agentOptions, true, options, Map.of(), classPath, mainClass, arguments);
    }

    /** Like {@link #start(String, String, List, String, String, List)}, without the agent: the program as it is. */
    public static ChildJvm startWithoutAgent(String name, List<String> options, String classPath, String mainClass,
                                             List<String> arguments) {
        return start(name, null, false, options, Map.of(), classPath, mainClass, arguments);
    }

    private static ChildJvm start(String name, String agentOptions, boolean withAgent, List<String> options,
                                  Map<String, String> environment, String classPath, String mainClass,
                                  List<String> arguments) {
        ScratchFolder tmp = ScratchFolder.create("dag-child-");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : testJvmOptions()) {
            boolean agent = option.startsWith("-javaagent:") && option.contains("dag-agent");
            if (agent && !withAgent) {
                continue;
            }
            command.add(agent && agentOptions != null ? option.split("=")[0] + "=" + agentOptions : option);
        }
        command.addAll(SHORT_LIVED);
        command.add(tmp.javaTmpdirOption()); // after the test JVM's own, which it overrides
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, mainClass));
        command.addAll(arguments);
        try {
            ProcessBuilder builder = tmp.asTmpdirOf(new ProcessBuilder(command)).redirectErrorStream(true);
            builder.environment().putAll(environment);
            return new ChildJvm(name, builder.start(), tmp);
        } catch (IOException e) {
            tmp.close();
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** The options failsafe gave this JVM (the agent among them), without a debugger's. */
    private static List<String> testJvmOptions() {
        List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(option -> !option.startsWith("-agentlib:jdwp") && !option.startsWith("-Xrunjdwp"))
                .toList();
        if (options.stream().noneMatch(option -> option.startsWith("-javaagent:") && option.contains("dag-agent"))) {
            fail("The test JVM has no -javaagent:dag-agent.jar to pass on; run the tests through failsafe "
                    + "(mvn verify). Its options: " + options);
        }
        return options;
    }

    private void readOutput() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the process died with the pipe open: its output ends here
        } finally {
            synchronized (lines) {
                ended = true;
                lines.notifyAll();
            }
        }
    }

    /**
     * Waits until the child prints a line containing {@code text}; returns that line.
     * Fails if the child's output ends first or {@code timeout} passes.
     */
    public String awaitLine(String text, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            for (int seen = 0; ; ) {
                for (; seen < lines.size(); seen++) {
                    if (lines.get(seen).contains(text)) {
                        return lines.get(seen);
                    }
                }
                long left = deadline - System.nanoTime();
                if (ended || left <= 0) {
                    return fail(name + (ended ? " ended" : " did not print it within " + timeout) + " before printing '"
                            + text + "'. Its output:\n" + output());
                }
                waitForOutput(left);
            }
        }
    }

    private void waitForOutput(long nanos) {
        try {
            TimeUnit.NANOSECONDS.timedWait(lines, nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits for the child to end and for its whole output; returns its exit code. Fails after {@code timeout}. */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                close();
                fail(name + " did not end within " + timeout + ". Its output:\n" + output());
            }
            synchronized (lines) {
                while (!ended) {
                    lines.wait();
                }
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Kills the child with SIGKILL, as {@code kill -9} would; returns once it is gone, with its exit code. */
    public int kill() {
        process.destroyForcibly();
        return awaitExit(Duration.ofSeconds(10));
    }

    /**
     * Sends the child SIGINT, as Ctrl-C in its terminal would; returns once it is gone, with its exit code (130
     * when the JVM ended because of the signal).
     */
    public int interrupt() {
        try {
            int sent = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
            if (sent != 0) {
                fail("could not send SIGINT to " + this + ": kill exited with " + sent);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run kill", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return awaitExit(Duration.ofSeconds(30));
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Everything the child printed so far. */
    public String output() {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
        try {
            process.waitFor(10, TimeUnit.SECONDS); // a dying JVM may still write into its temporary folder
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tmp.close();
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }
}
