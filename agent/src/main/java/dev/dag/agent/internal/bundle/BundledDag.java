package dev.dag.agent.internal.bundle;

import dev.dag.agent.internal.AgentLog;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.sql.Driver;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The dag the agent carries, for an application whose class path has no dag-api: loaded once, on the first
 * class that needs it, in a {@link BundleLoader}. Two kinds of classes come from the application instead:
 * <ul>
 * <li>the DuckDB driver, when the application has one: a DuckDB file admits one open database per process,
 * and the driver shares it between connections only within one copy of its native library;</li>
 * <li>SLF4J, when the application has SLF4J 2: dag's log lines then go where the application's go. Otherwise
 * dag logs through its own SLF4J and {@code slf4j-simple} (INFO and above, on stderr), never binding the
 * application's logging.</li>
 * </ul>
 * If the bundled dag cannot load, one line on stderr says why and what to do, and no class is woven for it:
 * the application runs as it would without the agent.
 */
public final class BundledDag {
    static final String BRIDGE = "dev.dag.internal.bridge.TaskBridge";

    private static final Object LOCK = new Object();
    private static volatile BundleLoader loader;
    private static volatile boolean failed;

    private BundledDag() {
    }

    /** Whether the bundled dag is loaded, loading it now if it was not tried yet. */
    public static boolean available() {
        if (loader == null && !failed) {
            synchronized (LOCK) {
                if (loader == null && !failed) {
                    load();
                }
            }
        }
        return loader != null;
    }

    /** Whether {@code classLoader} is the bundled dag's own (whose classes are never woven). */
    public static boolean isBundleLoader(ClassLoader classLoader) {
        return classLoader != null && classLoader == loader;
    }

    /** The bundled {@code TaskBridge}; only called by woven code, after {@link #available()} said yes. */
    static Class<?> bridge() throws ClassNotFoundException {
        if (loader == null) {
            throw new IllegalStateException("dag-agent bug: woven code called the bundled dag, which is not loaded");
        }
        return Class.forName(BRIDGE, true, loader);
    }

    private static void load() {
        try {
            List<Path> jars = BundleFiles.jars();
            if (jars.isEmpty()) {
                fail("this dag-agent.jar carries no dag (its " + BundleFiles.FOLDER + " folder is missing)", null);
                return;
            }
            ClassLoader application = ClassLoader.getSystemClassLoader();
            BundleLoader candidate = new BundleLoader(urls(jars), application, shared(application));
            Class.forName(BRIDGE, false, candidate);
            registerDrivers(candidate);
            loader = candidate;
            AgentLog.debug("loaded the bundled dag from " + jars.get(0).getParent());
        } catch (Throwable e) {
            fail("cannot load the dag it carries", e);
        }
    }

    private static List<String> shared(ClassLoader application) {
        List<String> shared = new ArrayList<>();
        if (application.getResource("org/duckdb/DuckDBDriver.class") != null) {
            shared.add("org.duckdb.");
        }
        if (application.getResource("org/slf4j/spi/SLF4JServiceProvider.class") != null) {
            shared.add("org.slf4j.");
        }
        return shared;
    }

    private static URL[] urls(List<Path> jars) throws MalformedURLException {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toUri().toURL();
        }
        return urls;
    }

    /**
     * Loads the bundled drivers, which registers them with {@code DriverManager}: it scans only the application's
     * class path, and hands a driver only to callers whose loader sees that very driver class, so the application
     * never gets dag's copy.
     */
    private static void registerDrivers(ClassLoader bundle) {
        Iterator<Driver> drivers = ServiceLoader.load(Driver.class, bundle).iterator();
        while (true) {
            try {
                if (!drivers.hasNext()) {
                    return;
                }
                drivers.next();
            } catch (ServiceConfigurationError e) {
                AgentLog.debug("a bundled JDBC driver did not load: " + e);
            }
        }
    }

    private static void fail(String reason, Throwable cause) {
        failed = true;
        AgentLog.warn(reason + (cause == null ? "" : " (" + cause + ")") + ", so nothing is cached and the application"
                + " runs as it is. Fix: start it with the dag-agent.jar the dag build makes (it carries dag), or put"
                + " dag-api and its dependencies on the application's class path", null);
    }
}
