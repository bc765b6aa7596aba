package dev.dag.internal.store.dialect;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * PostgreSQL session advisory locks, keyed by a hash of the lock name. The lock is held on one
 * connection kept out of the pool until release: returning a pooled connection would not release a
 * session lock. If the process dies, the server ends its session and the lock is gone.
 */
final class AdvisoryStageLock implements StageLock {
    static final AdvisoryStageLock INSTANCE = new AdvisoryStageLock();
    private static final long POLL_MILLIS = 200;

    private AdvisoryStageLock() {
    }

    @Override
    public Held acquire(String name, Connections connections, Duration timeout, Consumer<String> waiting)
            throws SQLException, InterruptedException {
        long key = keyOf(name);
        Connection connection = connections.open();
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            boolean reported = false;
            while (!tryLock(connection, key)) {
                if (!reported) {
                    waiting.accept("another process holds the advisory lock " + key + " (" + name + ")");
                    reported = true;
                }
                if (System.nanoTime() > deadline) {
                    connection.close();
                    return null;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (SQLException | InterruptedException | RuntimeException e) {
            connection.close();
            throw e;
        }
        return () -> release(connection, key);
    }

    private static boolean tryLock(Connection connection, long key) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
            statement.setLong(1, key);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getBoolean(1);
            }
        }
    }

    private static void release(Connection connection, long key) {
        try (connection; PreparedStatement statement = connection.prepareStatement("SELECT pg_advisory_unlock(?)")) {
            statement.setLong(1, key);
            statement.execute();
        } catch (SQLException e) {
            // the session ends with the connection, which releases the lock anyway
        }
    }

    static long keyOf(String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
