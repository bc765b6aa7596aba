package dev.dag;

import java.util.Optional;

/**
 * Root of every exception dag throws. Carries the task, table and stage it concerns (each may be
 * absent) and, when thrown by {@link Flow#run()}, the partial {@link Result} of the failed run.
 */
public class DagException extends RuntimeException {
    private final String task;
    private final String table;
    private final String stage;
    private Result result;

    /** An error about the given task, table and stage (any of them may be null). */
    public DagException(String message, String task, String table, String stage, Throwable cause) {
        super(message, cause);
        this.task = task;
        this.table = table;
        this.stage = stage;
    }

    /** An error with no task, table or stage attached. */
    public DagException(String message) {
        this(message, null, null, null, null);
    }

    /** The task this error concerns. */
    public Optional<String> task() {
        return Optional.ofNullable(task);
    }

    /** The table this error concerns. */
    public Optional<String> table() {
        return Optional.ofNullable(table);
    }

    /** The stage this error concerns. */
    public Optional<String> stage() {
        return Optional.ofNullable(stage);
    }

    /** The result of the run that failed, when the error came out of {@link Flow#run()}. */
    public Optional<Result> result() {
        return Optional.ofNullable(result);
    }

    void attachResult(Result result) {
        this.result = result;
    }

    /** "task 'x', table 'y', stage 'z'" for the parts that are known, for messages. */
    public static String where(String task, String table, String stage) {
        StringBuilder text = new StringBuilder();
        append(text, "task", task);
        append(text, "table", table);
        append(text, "stage", stage);
        return text.toString();
    }

    private static void append(StringBuilder text, String what, String value) {
        if (value != null) {
            text.append(text.isEmpty() ? "" : ", ").append(what).append(" '").append(value).append('\'');
        }
    }
}
