package dev.dag.internal.store.meta;

import java.util.Arrays;

/**
 * Where a stage object is in its life: {@link #STAGED} (written by a run, invisible) → {@link #PUBLISHED}
 * (in the stage's current version; a cache-valid object stays published across versions) →
 * {@link #RETIRED} (replaced, to be dropped). {@link #stored()} is how the metadata spells it.
 */
public enum ObjectState {
    STAGED("staged"),
    PUBLISHED("published"),
    RETIRED("retired");

    private final String stored;

    ObjectState(String stored) {
        this.stored = stored;
    }

    /** The text in the metadata. */
    public String stored() {
        return stored;
    }

    /** The state spelled {@code text} in the metadata. */
    public static ObjectState fromStored(String text) {
        return Arrays.stream(values()).filter(state -> state.stored.equals(text)).findFirst()
                .orElseThrow(() -> new IllegalStateException("unknown object state in dag's metadata: " + text));
    }
}
