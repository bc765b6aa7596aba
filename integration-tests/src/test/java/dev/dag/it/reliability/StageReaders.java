package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Readers polling a test database, one thread and one connection of its own per {@link ReaderShape}, as many
 * dashboards would, from {@link #start} until {@link #stop} (or {@link #close}), with a short pause between reads.
 */
final class StageReaders implements AutoCloseable {
    /** The application name of the readers' sessions, as a publish that gives up would name them. */
    static final String APPLICATION = "dag-it-reader";
    private static final int MESSAGES_KEPT = 5;
    private static final long PAUSE_MILLIS = 2;

    private final AtomicBoolean reading = new AtomicBoolean(true);
    private final ExecutorService threads;
    private final List<CompletableFuture<Tally>> readers = new ArrayList<>();

    private StageReaders(TestDatabase db, List<ReaderShape> shapes) {
        threads = Executors.newFixedThreadPool(shapes.size());
        for (ReaderShape shape : shapes) {
            readers.add(CompletableFuture.supplyAsync(() -> readWhile(db, shape), threads));
        }
    }

    /** Starts one reader per shape. */
    static StageReaders start(TestDatabase db, List<ReaderShape> shapes) {
        return new StageReaders(db, shapes);
    }

    /** Stops the readers; returns what each saw. */
    List<Tally> stop() {
        reading.set(false);
        List<Tally> tallies = readers.stream().map(CompletableFuture::join).toList();
        threads.shutdown();
        return tallies;
    }

    /** Stops the readers, if {@link #stop} did not (a test that failed before). */
    @Override
    public void close() {
        if (reading.get()) {
            stop();
        }
    }

    /**
     * What one reader saw.
     *
     * @param errors how many reads failed, {@code messages} the first few of their messages
     * @param torn   reads that saw no whole version, or two versions of one stage
     */
    record Tally(String shape, int reads, int errors, List<String> messages, List<String> torn) {
        @Override
        public String toString() {
            return shape + ": " + reads + " reads, " + errors + " errors" + (messages.isEmpty() ? "" : " " + messages)
                    + ", " + torn.size() + " torn or mixed" + (torn.isEmpty() ? "" : " " + torn);
        }
    }

    private Tally readWhile(TestDatabase db, ReaderShape shape) {
        int reads = 0;
        int errors = 0;
        List<String> messages = new ArrayList<>();
        List<String> torn = new ArrayList<>();
        try (Connection connection = connect(db)) {
            connection.setTransactionIsolation(shape.isolation());
            connection.setAutoCommit(!shape.transactional());
            while (reading.get()) {
                try {
                    String seen = shape.readOnce(connection);
                    reads++;
                    if (seen != null) {
                        torn.add(seen);
                    }
                } catch (SQLException e) {
                    errors++;
                    if (messages.size() < MESSAGES_KEPT) {
                        messages.add(e.getSQLState() + " " + e.getMessage().replaceAll("\\s+", " "));
                    }
                    if (shape.transactional()) {
                        connection.rollback();
                    }
                }
                pause();
            }
        } catch (SQLException e) {
            errors++;
            messages.add("the reader's connection failed: " + e.getMessage());
        }
        return new Tally(shape.name(), reads, errors, messages, torn);
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Connection connect(TestDatabase db) throws SQLException {
        ConfigContext config = db.config();
        return DriverManager.getConnection(config.url() + (config.url().contains("?") ? "&" : "?")
                + "ApplicationName=" + APPLICATION, config.user(), config.password());
    }
}
