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
 * @param hash  SHA-256 (hex) of the parts' keys and code hashes
 * @param parts the entries, sorted by key; unmodifiable
 */
public record CodeFingerprint(String hash, SortedMap<String, String> parts) {

    public CodeFingerprint {
        Objects.requireNonNull(hash, "hash");
        parts = Collections.unmodifiableSortedMap(new TreeMap<>(Objects.requireNonNull(parts, "parts")));
    }

    /** A fingerprint of {@code parts}, its hash computed from them. */
    static CodeFingerprint of(SortedMap<String, String> parts) {
        return new CodeFingerprint(Parts.hashOf(parts), parts);
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

    /** This fingerprint as JSON, for the metadata: {@code {"hash": ..., "parts": {...}}}. */
    public String toJson() {
        return Parts.toJson(this);
    }

    /**
     * The fingerprint {@code json} holds, as written by {@link #toJson()}.
     *
     * @throws IllegalArgumentException if {@code json} is not a code fingerprint
     */
    public static CodeFingerprint fromJson(String json) {
        return Parts.fromJson(json);
    }
}
