package dev.dag.internal.bridge;

import dev.dag.internal.engine.Activity;
import dev.dag.internal.engine.TaskCalls;

/**
 * The only class the agent's advice calls, by name, through constant method handles: the agent never
 * links against dag-api. Keep these signatures stable; the agent's {@code BridgeHandles} names them.
 *
 * <p>Per call of a task method: {@link #active()} (one volatile read; false means a plain call and
 * nothing else happens); otherwise {@link #enter}, {@link #skip} and {@link #exit}.
 */
public final class TaskBridge {
    private TaskBridge() {
    }

    /** Whether any flow definition or run is open in this JVM. */
    public static boolean active() {
        return Activity.any();
    }

    /**
     * Called before the body of a task method.
     *
     * @param owner     the class declaring the method
     * @param methodKey the method's name and JVM descriptor
     * @param self      the receiver, or null for a static method
     * @param args      the arguments
     * @return null for a plain call, otherwise a token for {@link #skip} and {@link #exit}
     */
    public static Object enter(Class<?> owner, String methodKey, Object self, Object[] args) {
        return TaskCalls.enter(owner, methodKey, self, args);
    }

    /** Whether the body must not run (a call recorded during a flow definition). */
    public static boolean skip(Object call) {
        return TaskCalls.skip(call);
    }

    /**
     * Called after the body (or instead of it, when skipped).
     *
     * @return the value the method returns to its caller
     * @throws Throwable the body's exception, or a dag exception if writing the outputs failed
     */
    public static Object exit(Object call, Object returned, Throwable thrown) throws Throwable {
        return TaskCalls.exit(call, returned, thrown);
    }
}
