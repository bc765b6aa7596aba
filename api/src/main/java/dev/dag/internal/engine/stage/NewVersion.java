package dev.dag.internal.engine.stage;

import dev.dag.DefinitionException;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.ObjectKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the version a run writes will hold: which task owns each name, the physical table behind each
 * table name, the committed objects it keeps, the tables it wrote, and the cache entries it leaves.
 */
final class NewVersion {
    private final String stage;
    /** Owner task by lower-case name: names are unique per stage and not case-sensitive. */
    private final Map<String, String> owners = new HashMap<>();
    private final Map<String, String> physicalByName = new LinkedHashMap<>();
    private final Set<String> kept = new LinkedHashSet<>();
    private final List<String> staged = new ArrayList<>();
    private final List<String> registered = new ArrayList<>();
    private final List<CacheEntry> entries = new ArrayList<>();
    private final Map<String, Long> rowCounts = new HashMap<>();

    NewVersion(String stage) {
        this.stage = stage;
    }

    /**
     * Claims {@code name} for {@code task}.
     *
     * @throws DefinitionException if another task of the stage has it
     */
    void reserve(String name, String task) {
        String owner = owners.putIfAbsent(name.toLowerCase(Locale.ROOT), task);
        if (owner != null && owner.equals(task)) {
            throw new DefinitionException("Table '" + name + "' is written twice in stage '" + stage + "' by task '"
                    + task + "', called again with other arguments. Names are unique per stage (and not "
                    + "case-sensitive): name the table after the arguments, or leave it unnamed (each call then gets "
                    + "a table of its own in an eager run).", task, name, stage);
        }
        if (owner != null) {
            throw new DefinitionException("Table '" + name + "' is written twice in stage '" + stage + "': by task '"
                    + owner + "' and by task '" + task + "'. Names are unique per stage (and not case-sensitive): "
                    + "give one of them another name with .name(\"...\").", task, name, stage);
        }
    }

    /** A committed object enters this version as it is. */
    void keep(String physical, String name, ObjectKind kind) {
        kept.add(physical);
        if (kind == ObjectKind.TABLE) {
            physicalByName.put(name, physical);
        }
    }

    /** A table is being written: dropped again if the run fails. */
    void staging(String physical) {
        staged.add(physical);
    }

    /** An object was registered in the metadata by this run: forgotten again if the run fails. */
    void registering(String physical) {
        registered.add(physical);
    }

    /** The objects this run registered and did not publish or forget yet. */
    List<String> registered() {
        return registered;
    }

    /** A table was written with {@code rows} rows. */
    void wrote(String name, String physical, long rows) {
        rowCounts.put(physical, rows);
        physicalByName.put(name, physical);
    }

    /** A write failed and left nothing: its name is free again. */
    void forget(String name, String physical) {
        owners.remove(name.toLowerCase(Locale.ROOT));
        staged.remove(physical);
        registered.remove(physical);
    }

    void add(CacheEntry entry) {
        entries.add(entry);
    }

    Map<String, String> physicalByName() {
        return physicalByName;
    }

    Set<String> kept() {
        return kept;
    }

    /** The tables written and not yet published or dropped. */
    List<String> staged() {
        return staged;
    }

    /** The staged tables were published or dropped. */
    void clearStaged() {
        staged.clear();
        registered.clear();
    }

    List<CacheEntry> entries() {
        return entries;
    }

    Map<String, Long> rowCounts() {
        return rowCounts;
    }
}
