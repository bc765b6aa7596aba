package dev.dag.internal.store;

import dev.dag.ConfigContext;
import dev.dag.internal.store.Database;
import java.util.IdentityHashMap;
import java.util.Map;

/** The open database (pool) of each {@link ConfigContext}, opened on first use and closed with the context. */
public final class Databases {
    private static final Map<ConfigContext, Database> OPEN = new IdentityHashMap<>();

    private Databases() {
    }

    /** The database of {@code config}, opening its pool if needed. */
    public static synchronized Database of(ConfigContext config) {
        return OPEN.computeIfAbsent(config, Database::open);
    }

    /** Closes the pool of {@code config}, if open. */
    public static void close(ConfigContext config) {
        Database database;
        synchronized (Databases.class) {
            database = OPEN.remove(config);
        }
        if (database != null) {
            database.close();
        }
    }
}
