package dev.dag.internal.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Result;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The run summary: the rows a task returned, what it wrote apart, and whole reasons. */
class SummaryFormatterTest {
    /** A successful run of flow 'sales' with these tasks; what the summary does not read is not there. */
    private record Run(List<TaskResult> tasks) implements Result {
        @Override public String flowName() {
            return "sales";
        }

        @Override public String runId() {
            return "r1";
        }

        @Override public boolean successful() {
            return true;
        }

        @Override public Optional<TaskResult> task(String name) {
            return tasks.stream().filter(task -> task.task().equals(name)).findFirst();
        }

        @Override public long millis() {
            return 12;
        }

        @Override public <T> T get(Object output, Class<T> type) {
            throw new UnsupportedOperationException();
        }

        @Override public <R> List<R> rows(Object output, Class<R> rowType) {
            throw new UnsupportedOperationException();
        }

        @Override public List<String> warnings() {
            return List.of();
        }

        @Override public String summary() {
            return SummaryFormatter.format(this);
        }

        @Override public void writeReport(Path file) {
            throw new UnsupportedOperationException();
        }
    }

    private static String summary(TaskResult... tasks) {
        return new Run(List.of(tasks)).summary();
    }

    private static TaskResult task(String name, long written, long returned, String reason) {
        return new TaskResult(name, "clean", TaskOutcome.RAN, reason, 5, written, returned, List.of(), List.of(),
                Optional.empty(), List.of());
    }

    @Test
    void theRowsColumnShowsTheReturnedRowsAndTheWrittenOnesApart() {
        String summary = summary(task("orders", 3_900, 300, "version 1 is new"));

        String header = summary.lines().filter(line -> line.contains("outcome")).findFirst().orElseThrow();
        String row = summary.lines().filter(line -> line.contains("orders")).findFirst().orElseThrow();
        assertEquals(List.of("stage", "task", "outcome", "rows", "written", "ms", "reason"),
                List.of(header.trim().split(" +")), summary);
        assertEquals(List.of("clean", "orders", "RAN", "300", "3,900", "5", "version", "1", "is", "new"),
                List.of(row.trim().split(" +")), summary);
    }

    @Test
    void aLongReasonIsWrappedUnderItsColumnAndNeverCut() {
        String reason = "lazy: table 'orders' changed: " + "the query reads another input table ".repeat(5) + "END";

        String summary = summary(task("orders", 1, 1, reason));

        assertFalse(summary.contains("..."), summary);
        assertFalse(summary.contains("…"), summary);
        List<String> lines = summary.lines().toList();
        int first = lines.indexOf(lines.stream().filter(line -> line.contains("lazy:")).findFirst().orElseThrow());
        int column = lines.get(first).indexOf("lazy:");
        StringBuilder joined = new StringBuilder(lines.get(first).substring(column));
        for (String more : lines.subList(first + 1, lines.size())) {
            assertTrue(more.length() > column && more.substring(0, column).isBlank(), "under the reason column: " + more);
            joined.append(' ').append(more.substring(column));
        }
        assertEquals(reason, joined.toString(), summary);
        assertTrue(lines.stream().allMatch(line -> line.length() <= column + 70), summary);
    }
}
