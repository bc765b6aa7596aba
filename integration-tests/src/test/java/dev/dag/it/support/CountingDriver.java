package dev.dag.it.support;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * A JDBC driver in front of the real one for one URL: it counts the statements executed on the connections it
 * opens and the transactions they commit (an explicit {@code commit}, or a statement executed in auto-commit mode,
 * which commits on its own), and can hold a thread before a statement ({@link #beforeEach}). Registered first, so
 * that a pool opened for the URL afterwards gets its connections.
 */
public final class CountingDriver implements Driver, AutoCloseable {
    private static final Set<String> EXECUTIONS = Set.of("execute", "executeQuery", "executeUpdate",
            "executeLargeUpdate", "executeBatch", "executeLargeBatch");
    private final String url;
    private final Driver real;
    private final AtomicLong statements = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();
    private final List<String> executed = Collections.synchronizedList(new ArrayList<>());
    private final List<Timed> timed = Collections.synchronizedList(new ArrayList<>());
    private volatile Consumer<String> beforeEach = sql -> { };
    private volatile Set<String> leftOutThreads = Set.of();
    private final AtomicLong leftOut = new AtomicLong();

    private CountingDriver(String url, Driver real) {
        this.url = url;
        this.real = real;
    }

    /** Counts what the connections opened for {@code url} from now on execute, until closed. */
    public static CountingDriver install(String url) throws SQLException {
        Driver real = DriverManager.getDriver(url);
        CountingDriver counting = new CountingDriver(url, real);
        DriverManager.deregisterDriver(real); // taken first again below, after this one
        DriverManager.registerDriver(counting);
        DriverManager.registerDriver(real);
        return counting;
    }

    /**
     * Runs {@code hook} with each statement's text on the thread that executes it, just before: a test can hold a
     * thread at one statement while others go on.
     */
    public void beforeEach(Consumer<String> hook) {
        this.beforeEach = hook;
    }

    /**
     * Statements executed on a thread of one of these names are counted apart ({@link #leftOut()}), not in
     * {@link #statements()} or {@link #commits()}: work a background thread does when a timer says so, which would
     * otherwise land in whichever run's count the timer happens to fall in.
     */
    public void leaveOut(String... threadNames) {
        this.leftOutThreads = Set.of(threadNames);
    }

    /** Statements executed so far on the threads {@link #leaveOut left out}. */
    public long leftOut() {
        return leftOut.get();
    }

    /** Statements executed so far (a batch counts once: one round trip). */
    public long statements() {
        return statements.get();
    }

    /** The text of every statement executed so far, in order (for a message that says what grew). */
    public List<String> executed() {
        synchronized (executed) {
            return List.copyOf(executed);
        }
    }

    /**
     * Every statement executed so far with the time its execution took, and every other call on a connection, in
     * order (the benchmark's breakdown).
     */
    public List<Timed> timed() {
        synchronized (timed) {
            return List.copyOf(timed);
        }
    }

    /** Forgets what was counted so far. */
    public void reset() {
        statements.set(0);
        commits.set(0);
        leftOut.set(0);
        executed.clear();
        timed.clear();
    }

    /**
     * One statement's text and the nanoseconds its execution took ({@code COMMIT} for a commit; another call on the
     * connection, such as preparing a statement, as its method's name in brackets), and when it started
     * ({@link System#nanoTime()}).
     */
    public record Timed(String sql, long startedAt, long nanos) {
    }

    /** Transactions committed so far. */
    public long commits() {
        return commits.get();
    }

    @Override
    public void close() throws SQLException {
        DriverManager.deregisterDriver(this);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        Connection connection = real.connect(url, info);
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                new Counted(connection));
    }

    /** Counts on one connection; statements it creates are counted too. */
    private final class Counted implements InvocationHandler {
        private final Connection connection;

        Counted(Connection connection) {
            this.connection = connection;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getName().equals("commit")) {
                commits.incrementAndGet();
                long start = System.nanoTime();
                Object result = call(connection, method, args);
                timed.add(new Timed("COMMIT", start, System.nanoTime() - start));
                return result;
            }
            long called = System.nanoTime();
            Object result = call(connection, method, args);
            timed.add(new Timed("[" + method.getName() + "]", called, System.nanoTime() - called));
            String prepared = method.getName().startsWith("prepare") && args != null && args[0] instanceof String sql
                    ? sql : null;
            if (result instanceof Statement statement && method.getReturnType().isInterface()) {
                return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {method.getReturnType()},
                        (statementProxy, statementMethod, statementArgs) -> {
                            if (EXECUTIONS.contains(statementMethod.getName())) {
                                String sql = prepared != null ? prepared : statementArgs != null
                                        && statementArgs.length > 0 ? String.valueOf(statementArgs[0]) : "(batch)";
                                beforeEach.accept(sql);
                                if (leftOutThreads.contains(Thread.currentThread().getName())) {
                                    leftOut.incrementAndGet();
                                    return call(statement, statementMethod, statementArgs);
                                }
                                statements.incrementAndGet();
                                executed.add(sql);
                                if (connection.getAutoCommit()) {
                                    commits.incrementAndGet();
                                }
                                long start = System.nanoTime();
                                Object executedResult = call(statement, statementMethod, statementArgs);
                                timed.add(new Timed(sql, start, System.nanoTime() - start));
                                return executedResult;
                            }
                            return call(statement, statementMethod, statementArgs);
                        });
            }
            return result;
        }
    }

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return this.url.equals(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return real.getPropertyInfo(url, info);
    }

    @Override
    public int getMajorVersion() {
        return real.getMajorVersion();
    }

    @Override
    public int getMinorVersion() {
        return real.getMinorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
        return real.jdbcCompliant();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return real.getParentLogger();
    }
}
