package dev.dag;

/**
 * How far a long-running task has come, as {@link RunListener#taskProgress} reports it.
 *
 * @param stage       the task's stage
 * @param task        the task's name
 * @param millis      time since the task started, in milliseconds
 * @param rowsWritten rows the task has bulk-loaded so far (in-memory rows through DuckDB's appender or
 *                    PostgreSQL's {@code COPY}); 0 while it only runs SQL, whose progress the database does not
 *                    report
 */
public record TaskProgress(String stage, String task, long millis, long rowsWritten) {
    /** Rows written per second since the task started (0 before the first row or millisecond). */
    public long rowsPerSecond() {
        return millis <= 0 ? 0 : rowsWritten * 1000 / millis;
    }
}
