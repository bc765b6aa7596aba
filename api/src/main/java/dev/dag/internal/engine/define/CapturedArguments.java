package dev.dag.internal.engine.define;

import dev.dag.internal.engine.values.ValueWalker;

/**
 * What a recorded call keeps of its arguments: copies of the lists, sets, maps, arrays and records among them
 * (deeply), so that what the caller adds or removes after the call does not reach the task. Other objects are
 * kept as they are; the run refuses one that changed after the call ({@link CallState}).
 */
final class CapturedArguments {
    private CapturedArguments() {
    }

    static Object[] of(TaskDescriptor task, Object[] args) {
        Class<?>[] types = task.method().getParameterTypes();
        Object[] captured = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            captured[i] = copy(args[i], i < types.length ? types[i] : Object.class);
        }
        return captured;
    }

    /**
     * A copy of {@code arg} when the parameter's type takes it (a {@code LinkedList} parameter does not take the
     * copy's {@code ArrayList}), else {@code arg} itself.
     */
    private static Object copy(Object arg, Class<?> type) {
        try {
            Object copy = ValueWalker.copy(arg);
            return copy == arg || type.isInstance(copy) ? copy : arg;
        } catch (RuntimeException e) {
            return arg; // a container that holds itself, or a record that refuses the copy: the run says so, if needed
        }
    }
}
