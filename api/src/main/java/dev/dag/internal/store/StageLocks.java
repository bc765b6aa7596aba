package dev.dag.internal.store;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serializes runs of one stage of one database within this JVM. (A DuckDB file is locked against other
 * processes by DuckDB itself.)
 */
final class StageLocks {
    private static final ConcurrentHashMap<String, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    private StageLocks() {
    }

    static ReentrantLock of(String url, String stageSchema) {
        return LOCKS.computeIfAbsent(url + "\u0000" + stageSchema, key -> new ReentrantLock());
    }
}
