package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A newcomer's project: a {@code pom.xml} made of exactly the XML blocks of getting-started.md's Maven section
 * (properties and dependencies in the project, plugins in {@code <build><plugins>}) around the quickstart's sources,
 * built by the {@code mvn} on the PATH (Maven 3.8 here), with Maven's default plugins for what the fragments do not
 * pin, as a newcomer's build would. dag's artifacts come from a local repository of this test's own, holding the
 * reactor's jars; every other artifact from the user's repository, linked. The build runs offline where it can (what
 * it needs is there once the reactor has built and the user's repository has held Maven's default plugins once), so
 * that a slow or absent network cannot stall it; on a machine whose repository never held those plugins it runs a
 * second time online, bounded like the first.
 */
class GettingStartedPomIT {
    private static final Path ROOT = DocsCodeBlocksIT.ROOT;
    private static final Path WORK = Path.of("target", "getting-started").toAbsolutePath();
    private static final String VERSION = "0.1.0-SNAPSHOT";
    private static final long BUILD_MINUTES = 10;

    @Test
    void thePomFragmentsOfGettingStartedBuildAProjectOnTheirOwn() throws Exception {
        Path project = WORK.resolve("project");
        deleteTree(WORK);
        Files.createDirectories(project);
        Files.writeString(project.resolve("pom.xml"), assembledPom());
        copyTree(ROOT.resolve("examples/quickstart/src"), project.resolve("src"));
        Path repository = privateRepository();

        Path log = WORK.resolve("mvn.log");
        int exit = build(project, repository, log, true);
        String output = Files.readString(log, StandardCharsets.UTF_8);
        if (exit != 0 && output.contains("in offline mode")) {
            // a machine whose repository never held Maven's default plugins (the reactor pins newer ones)
            exit = build(project, repository, log, false);
            output = Files.readString(log, StandardCharsets.UTF_8);
        }
        assertEquals(0, exit, "the project made of getting-started.md's fragments builds:\n" + output);
        assertTrue(Files.exists(project.resolve("target/quickstart-1.0-SNAPSHOT.jar")), output);
    }

    /** Runs {@code mvn package} in {@code project}, {@code offline} or not; returns its exit code. */
    private static int build(Path project, Path repository, Path log, boolean offline)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-ntp", "-q", "-Dmaven.repo.local=" + repository,
                "package"));
        if (offline) {
            command.add(1, "-o");
        }
        Process maven = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        awaitEnd(maven, log);
        return maven.exitValue();
    }

    /**
     * Waits for the inner build. One that hangs (a lock, a network wait) would hang this build too: after
     * {@link #BUILD_MINUTES} it is ended with the JVMs it forked, and the test fails with the end of its output.
     */
    private static void awaitEnd(Process maven, Path log) throws IOException, InterruptedException {
        if (!maven.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
            maven.descendants().forEach(ProcessHandle::destroyForcibly);
            maven.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("mvn package did not end within " + BUILD_MINUTES + " minutes; its output ends with:\n" + tail(log));
        }
    }

    /** The last lines of a log. */
    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** The XML blocks of getting-started.md that show the quickstart's pom.xml, in a project of their own. */
    private static String assembledPom() {
        StringBuilder project = new StringBuilder();
        StringBuilder plugins = new StringBuilder();
        for (CodeBlock block : CodeBlock.of(ROOT, "docs/getting-started.md")) {
            if (block.language().equals("xml") && block.marker().startsWith("include: examples/quickstart/pom.xml")) {
                (block.text().stripLeading().startsWith("<plugin>") ? plugins : project).append(block.text()).append('\n');
            }
        }
        assertTrue(project.indexOf("<properties>") >= 0 && plugins.indexOf("<plugin>") >= 0, project + "\n" + plugins);
        return "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n<modelVersion>4.0.0</modelVersion>\n"
                + "<groupId>com.example</groupId>\n<artifactId>quickstart</artifactId>\n<version>1.0-SNAPSHOT</version>\n"
                + project + "<build>\n<plugins>\n" + plugins + "</plugins>\n</build>\n</project>\n";
    }

    /**
     * A local repository whose {@code dev/dag} holds the artifacts this build made (what {@code mvn install} would
     * put there) and whose other folders link to the user's repository.
     */
    private static Path privateRepository() throws IOException {
        Path shared = Path.of(System.getProperty("user.home"), ".m2", "repository");
        Path repository = WORK.resolve("repository");
        Files.createDirectories(repository.resolve("dev"));
        try (Stream<Path> top = Files.list(shared)) {
            for (Path entry : top.filter(entry -> !entry.getFileName().toString().equals("dev")).toList()) {
                Files.createSymbolicLink(repository.resolve(entry.getFileName().toString()), entry);
            }
        }
        try (Stream<Path> dev = Files.exists(shared.resolve("dev")) ? Files.list(shared.resolve("dev")) : Stream.empty()) {
            for (Path entry : dev.filter(entry -> !entry.getFileName().toString().equals("dag")).toList()) {
                Files.createSymbolicLink(repository.resolve("dev").resolve(entry.getFileName().toString()), entry);
            }
        }
        install(repository, "dag-parent", ROOT.resolve("pom.xml"), null);
        install(repository, "dag-bom", ROOT.resolve("bom/pom.xml"), null);
        install(repository, "dag-api", ROOT.resolve("api/pom.xml"), jarOf("dag.api.jar"));
        install(repository, "dag-agent", ROOT.resolve("agent/dependency-reduced-pom.xml"),
                jarOf("dag.agent.jar"));
        install(repository, "dag-junit", ROOT.resolve("junit/pom.xml"), jarOf("dag.junit.jar"));
        return repository;
    }

    /** A jar of the reactor, from the system property the build sets (failsafe, see the module's pom). */
    private static String jarOf(String property) {
        String jar = System.getProperty(property);
        assertTrue(jar != null && Files.exists(Path.of(jar)), "the build sets " + property + " to a jar it made: " + jar);
        return jar;
    }

    private static void install(Path repository, String artifact, Path pom, String jar) throws IOException {
        Path folder = repository.resolve("dev/dag/" + artifact + "/" + VERSION);
        Files.createDirectories(folder);
        Files.copy(pom, folder.resolve(artifact + "-" + VERSION + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            Files.copy(Path.of(jar), folder.resolve(artifact + "-" + VERSION + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** Deletes a tree without following its links into the user's repository. */
    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
