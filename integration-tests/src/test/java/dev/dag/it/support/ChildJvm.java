package dev.dag.it.support;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a main class of the test classpath in a new JVM, with or without the dag agent, and collects its output. */
public final class ChildJvm {
    private static final long TIMEOUT_SECONDS = 120;

    private ChildJvm() {
    }

    /** What a child JVM printed and how it ended. */
    public record Outcome(int exitCode, String output) {
    }

    /** The agent jar this test JVM was started with ({@code -javaagent:...}). */
    public static String agentJar() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(argument -> argument.startsWith("-javaagent:"))
                .map(argument -> argument.substring("-javaagent:".length()).split("=")[0])
                .findFirst().orElseThrow(() -> new IllegalStateException("this test JVM has no -javaagent"));
    }

    /**
     * Runs {@code mainClass} with {@code jvmOptions} (e.g. {@code -javaagent:...}, {@code -Dx=y}) and
     * {@code args}; waits for it to end.
     */
    public static Outcome run(List<String> jvmOptions, Class<?> mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("child JVM did not end within " + TIMEOUT_SECONDS + " s");
        }
        return new Outcome(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
