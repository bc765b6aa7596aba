package dev.dag.it.cache;

import static dev.dag.TaskOutcome.CACHE_VALID;
import static dev.dag.TaskOutcome.RAN;
import static dev.dag.it.cache.Story.assertOutcome;
import static dev.dag.it.support.Rows.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.FileFreshness;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TaskResult;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stories of tasks that read what the cache cannot see: a file, the clock. A cached task whose code reaches such a
 * call is never cache-valid in silence: its result warns, naming the call and the fix; and a file gets a one-line
 * fix, {@link FileFreshness}, after which a changed file reruns the task and the warning is gone.
 */
@ExtendWith(PlansAgree.class)
class CacheFilesIT {
    @TempDir
    Path dir;

    /** Tasks that read a CSV of quantities, one number a line, and sum them. */
    static final class CsvTasks {
        @Materialize(version = "1")
        static Table total(Path csv) {
            return Table.of("SELECT " + Csv.sum(csv) + " AS total").name("total");
        }

        @Materialize(version = "1", freshness = FileFreshness.class)
        static Table freshTotal(Path csv) {
            return Table.of("SELECT " + Csv.sum(csv) + " AS total").name("fresh_total");
        }

        @Materialize(version = "1", freshness = FileFreshness.Content.class)
        static Table contentTotal(Path csv) {
            return Table.of("SELECT " + Csv.sum(csv) + " AS total").name("content_total");
        }

        @Materialize(version = "1")
        static Table stamped() {
            return Table.of("SELECT '" + LocalDate.now() + "' AS day").name("stamped");
        }
    }

    /** A helper two calls away from the task: the walk finds the read here. */
    static final class Csv {
        static int sum(Path csv) {
            try {
                return Files.readAllLines(csv).stream().mapToInt(Integer::parseInt).sum();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Flow flow(Function<Path, Table> task, Path csv) {
        Flow flow = new Flow("files");
        try (flow) {
            try (Stage stage = new Stage("raw")) {
                task.apply(csv);
            }
        }
        return flow;
    }

    private Path csv(String... lines) throws IOException {
        Path file = Files.createTempFile(dir, "orders", ".csv");
        Files.write(file, List.of(lines));
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_600_000_000_000L));
        return file;
    }

    /** Writes {@code lines} into {@code file}, as a later export would: other content, a later time. */
    private static void rewrite(Path file, String... lines) throws IOException {
        Files.write(file, List.of(lines));
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_700_000_000_000L));
    }

    @OnEachDatabase
    void aCachedTaskThatReadsAFileWarnsNamingTheCallAndTheFix(TestDatabase db) throws IOException {
        Path csv = csv("1", "2");
        Result first = db.run(flow(CsvTasks::total, csv));
        assertWarnsAboutTheRead(first.task("total").orElseThrow());

        rewrite(csv, "1", "2", "3");
        Result after = db.run(flow(CsvTasks::total, csv));
        assertOutcome(after, "total", CACHE_VALID, "cache-valid");
        assertWarnsAboutTheRead(after.task("total").orElseThrow());
        assertTrue(after.summary().contains("java.nio.file.Files.readAllLines"), after.summary());
    }

    private static void assertWarnsAboutTheRead(TaskResult task) {
        assertEquals(1, task.warnings().size(), () -> task.warnings().toString());
        String warning = task.warnings().get(0);
        assertTrue(warning.contains("java.nio.file.Files.readAllLines (in CacheFilesIT$Csv.sum)"), warning);
        assertTrue(warning.contains("FileFreshness"), warning);
    }

    @OnEachDatabase
    void fileFreshnessRerunsTheTaskWhenTheFileChangesAndSilencesTheWarning(TestDatabase db) throws IOException {
        Path csv = csv("1", "2");
        Result first = db.run(flow(CsvTasks::freshTotal, csv));
        assertEquals(List.of(), first.task("freshTotal").orElseThrow().warnings());

        Result same = db.run(flow(CsvTasks::freshTotal, csv));
        assertOutcome(same, "freshTotal", CACHE_VALID, "cache-valid");

        rewrite(csv, "1", "2", "3");
        Result changed = db.run(flow(CsvTasks::freshTotal, csv));
        assertOutcome(changed, "freshTotal", RAN, "fresh input");
        assertRows(List.of(List.of(6)), db.published("raw", "fresh_total"));
    }

    @OnEachDatabase
    void contentFreshnessIgnoresANewModificationTimeOfTheSameBytes(TestDatabase db) throws IOException {
        Path csv = csv("1", "2");
        db.run(flow(CsvTasks::contentTotal, csv));

        rewrite(csv, "1", "2");
        assertOutcome(db.run(flow(CsvTasks::contentTotal, csv)), "contentTotal", CACHE_VALID, "cache-valid");

        rewrite(csv, "5");
        assertOutcome(db.run(flow(CsvTasks::contentTotal, csv)), "contentTotal", RAN, "fresh input");
        assertRows(List.of(List.of(5)), db.published("raw", "content_total"));
    }

    @OnEachDatabase
    void aCachedTaskThatReadsTheClockWarns(TestDatabase db) {
        Result result = db.run(flow(csv -> CsvTasks.stamped(), null));

        List<String> warnings = result.task("stamped").orElseThrow().warnings();
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains("java.time.LocalDate.now (in CacheFilesIT$CsvTasks.stamped)"),
                warnings.get(0));
    }
}
