package dev.dag.internal.cache;

import java.util.Arrays;

/** What a stage object is; {@link #stored()} is how the metadata spells it. */
public enum ObjectKind {
    /** A table, published as a view of the stage. */
    TABLE("table"),
    /** A blob: a JSON value kept in the metadata. */
    BLOB("blob");

    private final String stored;

    ObjectKind(String stored) {
        this.stored = stored;
    }

    /** The text in the metadata. */
    public String stored() {
        return stored;
    }

    /** The kind spelled {@code text} in the metadata. */
    public static ObjectKind fromStored(String text) {
        return Arrays.stream(values()).filter(kind -> kind.stored.equals(text)).findFirst()
                .orElseThrow(() -> new IllegalStateException("unknown object kind in dag's metadata: " + text));
    }
}
