package dev.dag.internal.store;

import dev.dag.ConfigContext;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The open database (pool) of each {@link ConfigContext}, opened on first use and closed with the context.
 * Opening connects to the database: it holds a lock of its own config only, so that an instance that does
 * not answer never stalls the runs on other instances.
 */
public final class Databases {
    private static final Map<ConfigContext, Database> OPEN = new IdentityHashMap<>();
    private static final Map<ConfigContext, Object> OPENING = new IdentityHashMap<>();

    private Databases() {
    }

    /** The database of {@code config}, opening its pool if needed. */
    public static Database of(ConfigContext config) {
        synchronized (openingLockOf(config)) {
            Database open;
            synchronized (Databases.class) {
                open = OPEN.get(config);
            }
            if (open != null) {
                return open;
            }
            Database opened = Database.open(config);
            synchronized (Databases.class) {
                OPEN.put(config, opened);
            }
            return opened;
        }
    }

    /**
     * The database of {@code config} for reading only: the open one, or, when it may hold data, a newly opened
     * one; else one without a connection (a plan of an instance that does not exist yet creates nothing).
     */
    public static Database forReading(ConfigContext config) {
        synchronized (Databases.class) {
            Database open = OPEN.get(config);
            if (open != null) {
                return open;
            }
        }
        if (!Dialects.forUrl(config.url(), config.instance()).mayHoldData(config.url())) {
            return Database.withoutConnection(config);
        }
        return of(config);
    }

    private static synchronized Object openingLockOf(ConfigContext config) {
        return OPENING.computeIfAbsent(config, key -> new Object());
    }

    /**
     * Whether another open database of this process has the data schema of {@code database} under another metadata
     * schema (then each may write tables the other's metadata does not know).
     */
    public static synchronized boolean anotherMetadataOver(Database database) {
        for (Database other : OPEN.values()) {
            if (other != database && other.dataSchema().equals(database.dataSchema())
                    && !other.metadataSchema().equals(database.metadataSchema())) {
                return true;
            }
        }
        return false;
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
