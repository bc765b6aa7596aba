package dev.dag.internal.cache.state;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The objects that hold the value being written, each with its path: meeting one of them again inside itself is a
 * cycle, which would never end. A value held twice side by side is not a cycle, so objects leave when done.
 */
final class Ancestors {
    // by identity: two equal lists side by side are no cycle, and equals of a cyclic value may not return
    private final Map<Object, String> pathOf = new IdentityHashMap<>();

    /** Enters {@code value}, found at {@code at}; refuses it if it is one of the objects that hold it. */
    void enter(Object value, Location at) {
        String earlier = pathOf.putIfAbsent(value, at.path());
        if (earlier != null) {
            throw Refusals.cycle(at, value, earlier);
        }
    }

    /** Leaves {@code value}, once all it holds has been written. */
    void leave(Object value) {
        pathOf.remove(value);
    }
}
