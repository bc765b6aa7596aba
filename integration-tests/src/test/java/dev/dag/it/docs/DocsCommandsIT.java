package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the shell blocks marked {@code <!-- run -->} of README.md and docs/, as a reader would type them, in a
 * scratch folder that sees the build's outputs where the docs say they are ({@code agent/target},
 * {@code examples/target}, {@code cli/target}), so that the files the commands write never land in the working tree. Their
 * {@code mvn} commands are the build that produced those outputs and are not run again here (CI runs the build).
 * The README's Hello example is also edited as the README says, and must then print the changed figures.
 */
class DocsCommandsIT {
    private static final Path ROOT = DocsCodeBlocksIT.ROOT;
    /** How long one command of the docs may take (the demo's build and runs take well under one). */
    private static final int COMMAND_MINUTES = 5;

    @TempDir
    Path scratch;

    @Test
    void everyRunBlockRunsAsWritten() throws IOException {
        for (String linked : List.of("agent", "examples", "integration-tests", "cli")) {
            Files.createSymbolicLink(scratch.resolve(linked), ROOT.resolve(linked));
        }
        // files the docs tell the reader to create before the commands
        Files.copy(ROOT.resolve("examples/hello/Hello.java"), scratch.resolve("Hello.java"));
        Files.copy(ROOT.resolve("integration-tests/src/test/resources/docs/configuration.yaml"),
                scratch.resolve("dag.yaml"));
        int commands = 0;
        for (CodeBlock block : CodeBlock.all(ROOT)) {
            if ("run".equals(block.marker())) {
                for (String command : javaCommands(block.text())) {
                    String output = run(command);
                    assertTrue(!output.contains("Exception in thread"), block.where() + ": " + command + "\n" + output);
                    commands++;
                }
            }
        }
        assertTrue(commands >= 8, "ran only " + commands + " commands");
    }

    @Test
    void theHelloExampleShowsTheChangedConstantAsTheReadmeSays() throws IOException {
        Files.createSymbolicLink(scratch.resolve("agent"), ROOT.resolve("agent"));
        Files.createSymbolicLink(scratch.resolve("examples"), ROOT.resolve("examples"));
        Path hello = Files.copy(ROOT.resolve("examples/hello/Hello.java"), scratch.resolve("Hello.java"));
        List<String> readme = javaCommands(CodeBlock.of(ROOT, "README.md").stream()
                .filter(block -> block.text().contains("javac")).findFirst().orElseThrow().text());
        String first = runAll(readme);
        assertTrue(first.contains("{country=CH, cities=1, population=421878}"), first);

        Files.writeString(hello, Files.readString(hello).replace("300_000", "200_000"));
        String changed = runAll(readme);
        assertTrue(changed.contains("constant argument 'minPopulation' changed (300000 → 200000)"), changed);
        assertTrue(changed.contains("{country=CH, cities=2, population=625734}"), changed);
        assertTrue(changed.matches("(?s).*cities +CACHE_VALID.*"), changed);
    }

    private String runAll(List<String> commands) {
        StringBuilder output = new StringBuilder();
        commands.forEach(command -> output.append(run(command)));
        return output.toString();
    }

    /**
     * The {@code java} and {@code javac} commands of a shell block: continuation lines joined, comments and
     * {@code mvn} commands left out, {@code a && b} split.
     */
    static List<String> javaCommands(String block) {
        List<String> commands = new ArrayList<>();
        for (String line : block.replace("\\\n", " ").split("\n")) {
            if (line.strip().startsWith("#")) {
                continue;
            }
            for (String command : line.split("&&")) {
                String text = command.strip();
                String program = text.replaceFirst("^([A-Z_]+=\\S+\\s+)*", "");
                if (program.startsWith("java ") || program.startsWith("javac ")) {
                    commands.add(text.replaceAll("\\s+#[^\"]*$", ""));
                }
            }
        }
        return commands;
    }

    /**
     * Runs {@code command} in the scratch folder, which also holds the temporary files of the command and of the JVMs
     * it starts (through {@code JDK_JAVA_OPTIONS}, as a JVM ignores {@code TMPDIR}).
     */
    private String run(String command) {
        try {
            Path tmp = Files.createDirectories(scratch.resolve("tmp"));
            ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(scratch.toFile())
                    .redirectErrorStream(true);
            builder.environment().put("TMPDIR", tmp.toString());
            builder.environment().put("JDK_JAVA_OPTIONS", "-Djava.io.tmpdir=" + tmp);
            // the output goes to a file, not a pipe read to its end: a command that hangs is ended after the wait,
            // with what it started, and fails the test instead of hanging the build
            Path log = Files.createTempFile(scratch, "command", ".log");
            Process process = builder.redirectOutput(log.toFile()).start();
            if (!process.waitFor(COMMAND_MINUTES, TimeUnit.MINUTES)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                fail(command + "\ndid not end within " + COMMAND_MINUTES + " minutes; its output:\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), command + "\n" + output);
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
