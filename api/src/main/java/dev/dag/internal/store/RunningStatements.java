package dev.dag.internal.store;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The statements dag is running for the task on one thread, so that a run that stops at a failure can cancel
 * them from another thread ({@link Statement#cancel()}): a running {@code CREATE TABLE ... AS} of a task whose
 * stage will not be published is work thrown away. Once cancelled, every further statement of the task fails
 * before it starts. Statements a task body runs through its own JDBC connections are its own business.
 */
public final class RunningStatements implements AutoCloseable {
    private static final ThreadLocal<RunningStatements> BOUND = new ThreadLocal<>();

    private final Set<Statement> running = ConcurrentHashMap.newKeySet();
    private volatile String cancelled;

    /** Binds these statements to this thread, where a task is about to run, until {@link #close()}. */
    public RunningStatements bindToThisThread() {
        BOUND.set(this);
        return this;
    }

    /** The statements bound to this thread, or null when no task of a scheduled run is running on it. */
    public static RunningStatements ofThisThread() {
        return BOUND.get();
    }

    /** Something run on a statement. */
    public interface Execution<T> {
        T run() throws SQLException;
    }

    /**
     * Runs {@code execution} on {@code statement}, cancellable while it runs when a task's statements are bound
     * to this thread.
     *
     * @throws SQLException the statement's failure, or because the task was cancelled before it started
     */
    public static <T> T execute(Statement statement, Execution<T> execution) throws SQLException {
        RunningStatements bound = BOUND.get();
        if (bound == null) {
            return execution.run();
        }
        bound.running.add(statement);
        try {
            if (bound.cancelled != null) { // checked after adding, so that a cancel between the two still reaches it
                throw new SQLException("cancelled: " + bound.cancelled);
            }
            return execution.run();
        } finally {
            bound.running.remove(statement);
        }
    }

    /** Cancels the statements running now and fails every later one, because of {@code why}; from any thread. */
    public void cancel(String why) {
        cancelled = why;
        cancelRunning();
    }

    /**
     * After {@link #cancel}: cancels the statements still running once more. A cancel that reaches the server
     * before the statement it aims at does nothing, and the statement then runs to its end: the scheduler repeats
     * the cancel while it waits for a cancelled task.
     */
    public void cancelAgain() {
        if (cancelled != null) {
            cancelRunning();
        }
    }

    private void cancelRunning() {
        for (Statement statement : running) {
            try {
                statement.cancel();
            } catch (SQLException e) {
                // the statement ended meanwhile, or the driver cannot cancel it: the task then ends by itself
            }
        }
    }

    /** Why {@link #cancel} was called, or null when it was not. */
    public String cancellation() {
        return cancelled;
    }

    /** Unbinds the statements from this thread. */
    @Override
    public void close() {
        if (BOUND.get() == this) {
            BOUND.remove();
        }
    }
}
