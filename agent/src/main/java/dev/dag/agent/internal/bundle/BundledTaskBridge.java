package dev.dag.agent.internal.bundle;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What code woven in an application without dag-api calls instead of {@code dev.dag.internal.bridge.TaskBridge}:
 * the same static methods, each handed to the bridge of the {@link BundledDag}. This class lies on the
 * application's class path (the agent jar is there), the bundled dag does not. The handles are constants, so
 * {@link #active()} stays one volatile read once compiled.
 */
public final class BundledTaskBridge {
    private static final MethodHandle ACTIVE = handle("active", MethodType.methodType(boolean.class));
    private static final MethodHandle ENTER = handle("enter", MethodType.methodType(Object.class, Class.class,
            String.class, String.class, Object.class, Object[].class));
    private static final MethodHandle SKIP = handle("skip", MethodType.methodType(boolean.class, Object.class));
    private static final MethodHandle EXIT = handle("exit", MethodType.methodType(Object.class, Object.class,
            Object.class, Throwable.class));
    private static final MethodHandle RETURNING = handle("returning", MethodType.methodType(void.class, String.class,
            String.class, String.class, int.class));
    private static final MethodHandle OPEN_MAIN_RUN = handle("openMainRun", MethodType.methodType(Object.class,
            String.class));
    private static final MethodHandle END_MAIN_RUN = handle("endMainRun", MethodType.methodType(void.class,
            Object.class, Throwable.class));

    private BundledTaskBridge() {
    }

    /** See {@code TaskBridge.active()}. */
    public static boolean active() {
        try {
            return (boolean) ACTIVE.invokeExact();
        } catch (Throwable e) {
            throw BundledTaskBridge.<RuntimeException>unchecked(e);
        }
    }

    /** See {@code TaskBridge.enter(...)}. */
    public static Object enter(Class<?> owner, String methodKey, String spec, Object self, Object[] args) {
        try {
            return (Object) ENTER.invokeExact(owner, methodKey, spec, self, args);
        } catch (Throwable e) {
            throw BundledTaskBridge.<RuntimeException>unchecked(e);
        }
    }

    /** See {@code TaskBridge.skip(...)}. */
    public static boolean skip(Object call) {
        try {
            return (boolean) SKIP.invokeExact(call);
        } catch (Throwable e) {
            throw BundledTaskBridge.<RuntimeException>unchecked(e);
        }
    }

    /** See {@code TaskBridge.exit(...)}. */
    public static Object exit(Object call, Object returned, Throwable thrown) throws Throwable {
        return (Object) EXIT.invokeExact(call, returned, thrown);
    }

    /** See {@code TaskBridge.returning(...)}. */
    public static void returning(String owner, String method, String file, int line) {
        try {
            RETURNING.invokeExact(owner, method, file, line);
        } catch (Throwable e) {
            throw BundledTaskBridge.<RuntimeException>unchecked(e);
        }
    }

    /** See {@code TaskBridge.openMainRun(...)}. */
    public static Object openMainRun(String run) {
        try {
            return (Object) OPEN_MAIN_RUN.invokeExact(run);
        } catch (Throwable e) {
            throw BundledTaskBridge.<RuntimeException>unchecked(e);
        }
    }

    /** See {@code TaskBridge.endMainRun(...)}. */
    public static void endMainRun(Object run, Throwable thrown) {
        try {
            END_MAIN_RUN.invokeExact(run, thrown);
        } catch (Throwable e) {
            throw BundledTaskBridge.<RuntimeException>unchecked(e);
        }
    }

    private static MethodHandle handle(String name, MethodType type) {
        try {
            return MethodHandles.publicLookup().findStatic(BundledDag.bridge(), name, type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("dag-agent: the bundled dag has no TaskBridge." + name + type
                    + "; the agent and the dag it carries come from different builds", e);
        }
    }

    /** Rethrows what the bridge threw as it is (dag's exceptions are unchecked; the body's may not be). */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T unchecked(Throwable thrown) throws T {
        throw (T) thrown;
    }
}
