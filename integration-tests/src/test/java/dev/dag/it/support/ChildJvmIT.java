package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A child JVM that is killed leaves nothing on the machine: DuckDB unpacks its native library into the child's
 * {@code java.io.tmpdir} and deletes it only on a normal exit, so that folder must be one the test deletes.
 */
class ChildJvmIT {
    /** Unlike "tmpdir=", not in the line a JVM prints when JAVA_TOOL_OPTIONS sets java.io.tmpdir (.ci/run does). */
    private static final String TMPDIR = "dag-it: the child's java.io.tmpdir is ";
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @Test
    void aKilledChildLeavesNoTemporaryFilesBehind() throws IOException {
        Path tmp;
        try (ChildJvm child = ChildJvm.start("DuckDB holder", List.of(), HoldsDuckDb.class, List.of())) {
            String line = child.awaitLine(TMPDIR, PATIENCE);
            tmp = Path.of(line.substring(line.indexOf(TMPDIR) + TMPDIR.length()));
            assertTrue(libraryIn(tmp), () -> "DuckDB unpacked its library into " + tmp + ": " + child.output());
            child.kill();
            assertTrue(libraryIn(tmp), "a killed JVM cannot delete it");
        }
        assertFalse(Files.exists(tmp), () -> tmp + " is left after the child was closed");
    }

    private static boolean libraryIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(file -> file.getFileName().toString().startsWith("libduckdb_java"));
        }
    }

    /** Opens DuckDB, prints its temporary folder, and waits to be killed. */
    public static final class HoldsDuckDb {
        private HoldsDuckDb() {
        }

        public static void main(String[] arguments) throws Exception {
            try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
                System.out.println(TMPDIR + System.getProperty("java.io.tmpdir"));
                Thread.sleep(PATIENCE.toMillis());
            }
        }
    }
}
