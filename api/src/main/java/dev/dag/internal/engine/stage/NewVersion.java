package dev.dag.internal.engine.stage;

import dev.dag.DefinitionException;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.ObjectKind;
import dev.dag.internal.cache.RerunReason;
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
 * Tasks of one stage running at once write here, hence every method is synchronized; the collections it hands
 * out are read when the stage ends, after its tasks did.
 */
final class NewVersion {
    private final String stage;
    /** The call that owns each name, by lower-case name: names are unique per stage and not case-sensitive. */
    private final Map<String, TaskCall> owners = new HashMap<>();
    private final Map<String, String> physicalByName = new LinkedHashMap<>();
    private final Set<String> kept = new LinkedHashSet<>();
    private final List<String> staged = new ArrayList<>();
    private final List<String> registered = new ArrayList<>();
    private final List<CacheEntry> entries = new ArrayList<>();
    private boolean abandoned;

    NewVersion(String stage) {
        this.stage = stage;
    }

    /**
     * Claims {@code name}, a table or blob ({@code kind}), for {@code call}.
     *
     * @throws DefinitionException if another call of the stage has it
     */
    synchronized void reserve(String name, ObjectKind kind, TaskCall call) {
        TaskCall owner = owners.putIfAbsent(name.toLowerCase(Locale.ROOT), call);
        if (owner == null) {
            return;
        }
        String object = kind == ObjectKind.TABLE ? "table" : "blob";
        String what = (kind == ObjectKind.TABLE ? "Table '" : "Blob '") + name + "' is written twice in stage '" + stage;
        if (owner.task().equals(call.task())) {
            String differ = RerunReason.argumentsThatDiffer(owner.key(), call.key());
            throw new DefinitionException(what + "' by task '" + call.task() + "', called again with other arguments"
                    + (differ.isEmpty() ? "" : " (" + differ + ")") + ". Names are unique per stage (and not "
                    + "case-sensitive): name the " + object + " after the arguments, or leave it unnamed (each call "
                    + "then gets one of its own).", call.task(), name, stage);
        }
        throw new DefinitionException(what + "': by task '" + owner.task() + "' and by task '" + call.task()
                + "'. Names are unique per stage (and not case-sensitive): give one of them another name with "
                + ".name(\"...\").", call.task(), name, stage);
    }

    /** A committed object enters this version as it is. */
    synchronized void keep(String physical, String name, ObjectKind kind) {
        kept.add(physical);
        if (kind == ObjectKind.TABLE) {
            physicalByName.put(name, physical);
        }
    }

    /**
     * An object this run wrote was registered in the metadata ({@code table}: it is a table to drop, else a blob):
     * dropped and forgotten again if the run fails.
     *
     * @return false if the version was abandoned meanwhile ({@link #abandon()}): nobody will clean the object up
     *         but the caller, which must drop and forget it itself
     */
    synchronized boolean registered(String physical, boolean table) {
        if (abandoned) {
            return false;
        }
        registered.add(physical);
        if (table) {
            staged.add(physical);
        }
        return true;
    }

    /** The objects this run registered and did not publish or forget yet. */
    synchronized List<String> registered() {
        return List.copyOf(registered);
    }

    /**
     * The run gives this version up: returns what it registered (its tables among them, {@link Abandoned#tables()})
     * in one view, so that an object is either handed over here to be dropped and forgotten, or refused at
     * {@link #registered} to its writer: a write that commits while the run aborts is never forgotten undropped.
     */
    synchronized Abandoned abandon() {
        abandoned = true;
        Abandoned left = new Abandoned(List.copyOf(registered), Set.copyOf(staged));
        staged.clear();
        registered.clear();
        return left;
    }

    /** What an abandoned version had registered, and which of those objects are tables. */
    record Abandoned(List<String> registered, Set<String> tables) {
    }

    /** A table was written. */
    synchronized void wrote(String name, String physical) {
        physicalByName.put(name, physical);
    }

    /** A write failed and left nothing: its name is free again. */
    synchronized void forget(String name, String physical) {
        owners.remove(name.toLowerCase(Locale.ROOT));
        staged.remove(physical);
        registered.remove(physical);
    }

    synchronized void add(CacheEntry entry) {
        entries.add(entry);
    }

    synchronized Map<String, String> physicalByName() {
        return physicalByName;
    }

    synchronized Set<String> kept() {
        return kept;
    }

    /** The tables written and not yet published or dropped. */
    synchronized List<String> staged() {
        return List.copyOf(staged);
    }

    /** Whether {@code physical} is a table this run is writing or wrote, not yet published or dropped. */
    synchronized boolean isStaged(String physical) {
        return staged.contains(physical);
    }

    /** The staged tables were published or dropped. */
    synchronized void clearStaged() {
        staged.clear();
        registered.clear();
    }

    synchronized List<CacheEntry> entries() {
        return entries;
    }

}
