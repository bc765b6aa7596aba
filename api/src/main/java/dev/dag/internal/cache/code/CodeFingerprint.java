package dev.dag.internal.cache.code;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The fingerprint of a task's code and of the project code it reaches: {@code hash} is the task's version under
 * {@code Materialize.AUTO}; {@code parts} says what it was made of, one entry per method reached
 * ({@code "dev.example.CleanTasks.orders(Ldev/dag/Table;)Ldev/dag/Table;"} → the hash of its normalized code and
 * where the walk found it), per static final value read, and per library used
 * ({@code "lib:com.fasterxml.jackson.core:jackson-databind"} → its version), so that a rerun reason can say what changed. The
 * format of the entries is described in {@link Parts}.
 *
 * <p>Its {@code hash} is the SHA-256 (hex) of the parts' keys and code hashes; its {@code parts} are the entries,
 * sorted by key (unmodifiable); its {@code outsideInputs} are the calls the reached code makes whose result changes
 * while the code does not (files, the network, the clock, random numbers, the environment), as
 * {@code java.nio.file.Files.readAllLines} → the method that makes it ({@code Csv.read}): not part of the hash, nor
 * of the JSON, they serve a warning. A class rather than a record only to keep its JSON once written.
 */
public final class CodeFingerprint {
    private final String hash;
    private final SortedMap<String, String> parts;
    private final SortedMap<String, String> outsideInputs;
    /** The JSON, written once: a fingerprint is cached per method and every call of the task stores it. */
    private volatile String json;

    public CodeFingerprint(String hash, SortedMap<String, String> parts, SortedMap<String, String> outsideInputs) {
        this.hash = Objects.requireNonNull(hash, "hash");
        this.parts = Collections.unmodifiableSortedMap(new TreeMap<>(Objects.requireNonNull(parts, "parts")));
        this.outsideInputs = Collections.unmodifiableSortedMap(new TreeMap<>(Objects.requireNonNull(outsideInputs,
                "outsideInputs")));
    }

    /** A fingerprint without outside inputs (as read back from its JSON). */
    public CodeFingerprint(String hash, SortedMap<String, String> parts) {
        this(hash, parts, new TreeMap<>());
    }

    /** A fingerprint of {@code parts}, its hash computed from them. */
    static CodeFingerprint of(SortedMap<String, String> parts) {
        return new CodeFingerprint(Parts.hashOf(parts), parts);
    }

    /** A fingerprint of {@code parts}, its hash computed from them, and the outside inputs its code reaches. */
    static CodeFingerprint of(SortedMap<String, String> parts, SortedMap<String, String> outsideInputs) {
        return new CodeFingerprint(Parts.hashOf(parts), parts, outsideInputs);
    }

    /**
     * What changed since {@code previous}, for a rerun reason: the first changed method reached from the task,
     * with the path the task reaches it by and its source file, e.g.
     * {@code "CleanTasks.orders → SqlText.enriched (SqlText.java)"}; else a method no longer reached, a library
     * or a note that changed. Empty if the hashes are equal.
     */
    public String changeSince(CodeFingerprint previous) {
        return ChangeReasons.between(previous, this);
    }

    public String hash() {
        return hash;
    }

    public SortedMap<String, String> parts() {
        return parts;
    }

    public SortedMap<String, String> outsideInputs() {
        return outsideInputs;
    }

    /** This fingerprint as JSON, for the metadata: {@code {"hash": ..., "parts": {...}}}. */
    public String toJson() {
        String written = json;
        if (written == null) {
            written = Parts.toJson(this);
            json = written;
        }
        return written;
    }

    /**
     * The fingerprint {@code json} holds, as written by {@link #toJson()}.
     *
     * @throws IllegalArgumentException if {@code json} is not a code fingerprint
     */
    public static CodeFingerprint fromJson(String json) {
        return Parts.fromJson(json);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CodeFingerprint that && hash.equals(that.hash) && parts.equals(that.parts)
                && outsideInputs.equals(that.outsideInputs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hash, parts, outsideInputs);
    }

    @Override
    public String toString() {
        return "CodeFingerprint[hash=" + hash + ", parts=" + parts + ", outsideInputs=" + outsideInputs + "]";
    }
}
