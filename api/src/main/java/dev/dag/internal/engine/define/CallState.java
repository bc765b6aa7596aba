package dev.dag.internal.engine.define;

import java.util.Map;

/**
 * A task call's arguments and receiver as they were at the call, in canonical JSON (another call's output stands
 * for that call and the output's path): what tells identical calls apart from others, and what the run compares to
 * find an argument the caller changed after the call.
 *
 * @param arguments each argument's state by position ("00", "01", ...)
 * @param receiver  the receiver's state ("" for a static method)
 * @param identity  a hash of the method, the arguments and the receiver: equal for identical calls
 */
public record CallState(Map<String, String> arguments, String receiver, String identity) {
    /** Copies the arguments. */
    public CallState {
        arguments = Map.copyOf(arguments);
    }
}
