package dev.dag.internal.engine.stage;

import dev.dag.internal.store.Database;
import dev.dag.internal.store.dialect.lock.StageLock;
import dev.dag.internal.store.meta.Metadata;
import dev.dag.internal.store.meta.StageRecords;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The metadata records (objects and cache entries) of a run's stages, read for all of them with one query when
 * the first stage begins, where that read stays true: on a database whose every run is in this process, a stage's
 * records can change only under its lock, so they are used when no other run took the lock between the read and
 * this run taking it. Anywhere else (or for a stage another run took meanwhile) each stage is read under its lock.
 * On an embedded database a query costs about a millisecond, which a run of many small stages would pay per stage.
 */
public final class CommittedRecords {
    private final Database database;
    private final Metadata metadata;
    private final Set<String> stages;
    private final Map<String, Long> marks = new HashMap<>();
    private Map<String, StageRecords> readFirst = Map.of();
    private boolean read;

    /** The records of {@code stages} (the run's stages as it knows them before it starts). */
    public CommittedRecords(Database database, Metadata metadata, Iterable<String> stages) {
        this.database = database;
        this.metadata = metadata;
        this.stages = new LinkedHashSet<>();
        stages.forEach(this.stages::add);
    }

    /**
     * Before taking a stage's lock: reads the records of every stage of the run whose lock no run holds, once per
     * run, and only where that read can stay true (several stages, every run of the database seen).
     */
    synchronized void readAhead() throws SQLException {
        if (read) {
            return;
        }
        read = true;
        if (stages.size() < 2) {
            return;
        }
        for (String stage : stages) {
            OptionalLong mark = database.stageLockFreeMark(stage);
            mark.ifPresent(value -> marks.put(stage, value));
        }
        if (marks.size() < 2) {
            marks.clear();
            return;
        }
        try (Connection connection = database.connection()) {
            readFirst = metadata.stageRecords(connection, marks.keySet());
        }
    }

    /**
     * The records of {@code stage}, whose lock this run holds ({@code lock}): those read ahead if no other run took
     * the lock since, else read now.
     */
    StageRecords of(Connection connection, String stage, StageLock lock) throws SQLException {
        Long mark;
        synchronized (this) {
            mark = marks.remove(stage);
        }
        if (mark != null && lock.firstSince(mark)) {
            return readFirst.get(stage);
        }
        return metadata.stageRecords(connection, List.of(stage)).get(stage);
    }
}
