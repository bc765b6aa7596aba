package dev.dag.internal.engine.materialize;

import dev.dag.internal.cache.state.StateJson;
import dev.dag.internal.cache.state.StateRules;
import dev.dag.internal.engine.values.BlobCodec;

/**
 * What a lazy task's blob is keyed by: its full state, exactly (no digit of a decimal lost, sets in a stable
 * order); for a value whose state cannot be read that way, the JSON that is stored, which is what consumers
 * get back.
 */
final class BlobState {
    private BlobState() {
    }

    static String of(Object value) {
        try {
            return StateJson.of(value, StateRules.plain(), "blob");
        } catch (IllegalArgumentException unreadable) {
            try {
                return "stored:" + BlobCodec.toJson(value);
            } catch (Exception e) {
                throw new IllegalArgumentException("the blob cannot be stored as JSON: " + e.getMessage(), e);
            }
        }
    }
}
