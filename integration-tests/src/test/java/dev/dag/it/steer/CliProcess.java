package dev.dag.it.steer;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.dag.ConfigContext;
import dev.dag.it.support.ScratchFolder;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs the command line as a user would, {@code java -jar dag-cli.jar <command>}, in its own JVM, against the
 * instance of a {@link TestDatabase}: a DuckDB file by {@code --duckdb}, PostgreSQL by a {@code dag.yaml} written for
 * it. The test's own connection pool is closed first (DuckDB lets one process at a time open a file).
 */
final class CliProcess {
    private static final long TIMEOUT_SECONDS = 120;

    /** What one command did. */
    record Outcome(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private CliProcess() {
    }

    /**
     * Runs {@code dag <arguments>} on {@code db}'s instance with no input, in a {@link ScratchFolder} that holds its
     * output, its {@code dag.yaml} and its temporary files, and is deleted afterwards.
     */
    static Outcome run(TestDatabase db, String... arguments) {
        return run(jar(), db, arguments);
    }

    /** Runs {@code dag <arguments>} of the command jar {@code cli} (its libraries in {@code lib/} next to it). */
    static Outcome run(Path cli, TestDatabase db, String... arguments) {
        ConfigContext config = db.config();
        config.close(); // reopened by the next run of the test
        try (ScratchFolder folder = ScratchFolder.create("dag-cli-")) {
            List<String> command = new ArrayList<>(List.of(java(), folder.javaTmpdirOption()));
            command.addAll(FastStart.options(cli));
            command.addAll(List.of("-jar", cli.toString()));
            command.addAll(instance(config, folder));
            command.addAll(List.of(arguments));
            Path out = folder.resolve("out");
            Path err = folder.resolve("err");
            Process process = folder.asTmpdirOf(new ProcessBuilder(command)).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null")
                            .toFile())).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("dag did not end within " + TIMEOUT_SECONDS + " s: " + command);
            }
            Outcome outcome = new Outcome(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
            System.out.println("$ dag " + String.join(" ", arguments) + "\n" + outcome);
            return outcome;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static List<String> instance(ConfigContext config, ScratchFolder folder) throws IOException {
        if (config.url().startsWith("jdbc:duckdb:")) {
            return List.of("--duckdb", config.url().substring("jdbc:duckdb:".length()));
        }
        Path yaml = folder.resolve("dag.yaml");
        String password = config.password() == null || config.password().isEmpty() ? ""
                : "    password: " + config.password() + "\n";
        Files.writeString(yaml, "instances:\n  it:\n    url: " + config.url() + "\n    user: " + config.user()
                + "\n" + password + "    schema_prefix: " + config.schemaPrefix() + "\n    metadata_schema: "
                + config.metadataSchema() + "\n");
        return List.of("--config", yaml.toString(), "--instance", "it");
    }

    /** The command jar the build made. */
    static Path jar() {
        String jar = System.getProperty("dag.cli.jar");
        assertNotNull(jar, "the failsafe configuration passes the CLI jar as dag.cli.jar");
        return Path.of(jar);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * JVM options that make the many short CLI JVMs of the suite start faster, and change nothing they print: the
     * first run of a jar dumps the classes it loaded into a class data archive beside it, later runs map that
     * archive instead of loading them again; the JIT stops at its first tier (a command runs for a second). The
     * JVM's own log shows errors only, so that an archive it cannot use is dropped without a warning in the output.
     */
    private static final class FastStart {
        private static final Set<Path> ARCHIVED = ConcurrentHashMap.newKeySet();

        static List<String> options(Path cli) {
            Path archive = cli.resolveSibling(cli.getFileName() + ".jsa");
            String share = "-XX:SharedArchiveFile=" + archive;
            if (ARCHIVED.add(archive)) { // the first run of this test JVM: the jar may be another build now
                try {
                    Files.deleteIfExists(archive);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                share = "-XX:ArchiveClassesAtExit=" + archive;
            }
            return List.of(share, "-XX:TieredStopAtLevel=1", "-Xlog:disable", "-Xlog:all=error:stderr");
        }
    }
}
