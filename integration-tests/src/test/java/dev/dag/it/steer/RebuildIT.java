package dev.dag.it.steer;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.TaskResult;
import dev.dag.it.support.JarBuild;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;

/**
 * The story of a rebuild of identical code: the project's jar, a snapshot library and a released one built again
 * from the same sources (only the times inside the jars differ) leave every {@code Materialize.AUTO} task
 * cache-valid, and a command line built on its own (its dag jars rebuilt too) plans what the run does.
 */
class RebuildIT {
    @TempDir
    Path dir;

    private static final long FIRST_BUILD = 1_600_000_000_000L;
    private static final long SECOND_BUILD = 1_700_000_000_000L;

    private static final Map<String, String> LIBRARY = Map.of("snap/Quote.java", """
            package snap;
            public final class Quote {
                public static String literal(String text) {
                    return "'" + text + "'";
                }
            }
            """);
    private static final Map<String, String> RELEASED = Map.of("rel/Upper.java", """
            package rel;
            public final class Upper {
                public static String of(String text) {
                    return text.toUpperCase(java.util.Locale.ROOT);
                }
            }
            """);
    private static final String RELEASED_POM = "META-INF/maven/dev.rel/upper/pom.properties";
    private static final Map<String, String> TASKS = Map.of("rebuilt/Tasks.java", """
            package rebuilt;

            import dev.dag.Flow;
            import dev.dag.Materialize;
            import dev.dag.Stage;
            import dev.dag.Table;

            public class Tasks {
                @Materialize(version = Materialize.AUTO)
                public static Table quoted() {
                    return Table.of("SELECT " + snap.Quote.literal(rel.Upper.of("paid")) + " AS status").name("quoted");
                }

                @Materialize(version = Materialize.AUTO)
                public static Table counted(Table quoted) {
                    return Table.of("SELECT count(*) AS n FROM " + quoted.ref()).name("counted");
                }

                public static Flow flow() {
                    Flow flow = new Flow("rebuilt");
                    try (flow) {
                        try (Stage stage = new Stage("raw")) {
                            counted(quoted());
                        }
                    }
                    return flow;
                }
            }
            """);

    /** One build: the project's jar and its two libraries, all stamped with {@code time}. */
    private record Build(List<Path> jars) {
        static Build of(Path dir, long time) {
            Path library = JarBuild.compile(dir.resolve("snap"), LIBRARY);
            Path released = JarBuild.compile(dir.resolve("rel"), RELEASED);
            Path tasks = JarBuild.compile(dir.resolve("tasks"), TASKS, library, released);
            return new Build(List.of(
                    JarBuild.jar(tasks, Map.of(), dir.resolve("jars/rebuilt-tasks-1.0-SNAPSHOT.jar"), time),
                    JarBuild.jar(library, Map.of("META-INF/maven/dev.snap/quote/pom.properties",
                            "groupId=dev.snap\nartifactId=quote\nversion=1.0-SNAPSHOT\n"),
                            dir.resolve("jars/quote-1.0-SNAPSHOT.jar"), time),
                    JarBuild.jar(released, Map.of(RELEASED_POM, "groupId=dev.rel\nartifactId=upper\nversion=2.1\n"),
                            dir.resolve("jars/upper-2.1.jar"), time)));
        }

        Flow flow() {
            try {
                URL[] urls = new URL[jars.size()];
                for (int i = 0; i < urls.length; i++) {
                    urls[i] = jars.get(i).toUri().toURL();
                }
                ClassLoader loader = new URLClassLoader(urls, RebuildIT.class.getClassLoader());
                return (Flow) Class.forName("rebuilt.Tasks", true, loader).getMethod("flow").invoke(null);
            } catch (ReflectiveOperationException | IOException e) {
                throw new IllegalStateException(e);
            }
        }

        String classpath() {
            return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
        }
    }

    @OnEachDatabase
    void aRebuildOfTheSameSourcesLeavesEveryAutoTaskCacheValid(TestDatabase db) {
        Result first = db.run(Build.of(dir.resolve("first"), FIRST_BUILD).flow());
        first.tasks().forEach(task -> assertEquals(RAN, task.outcome(), task::toString));

        Build second = Build.of(dir.resolve("second"), SECOND_BUILD);
        Result rebuilt = db.run(second.flow());

        for (TaskResult task : rebuilt.tasks()) {
            assertEquals(CACHE_VALID, task.outcome(), () -> task.task() + ": " + task.reason());
        }

        CliProcess.Outcome plan = CliProcess.run(separatelyBuiltCli(dir.resolve("cli")), db, "plan", "--classpath",
                second.classpath(), "--flow", "rebuilt.Tasks#flow", "--detailed-exitcode");
        assertEquals(0, plan.exitCode(), plan::toString);
        assertTrue(plan.out().contains("0 would run, 2 would not"), plan.out());
    }

    /** The command line with its jar and every dag jar in {@code lib/} built again, at another time. */
    private static Path separatelyBuiltCli(Path dir) {
        Path original = CliProcess.jar();
        Path cli = JarBuild.rebuilt(original, dir.resolve(original.getFileName()), SECOND_BUILD);
        try (Stream<Path> libraries = Files.list(original.resolveSibling("lib"))) {
            for (Path library : libraries.toList()) {
                Path copy = dir.resolve("lib").resolve(library.getFileName());
                if (library.getFileName().toString().startsWith("dag-")) {
                    JarBuild.rebuilt(library, copy, SECOND_BUILD);
                } else {
                    Files.createDirectories(copy.getParent());
                    Files.copy(library, copy);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cli;
    }
}
