package dev.dag.internal.engine.define;

import dev.dag.Materialize;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Finds the {@link TaskDescriptor} of a method the agent names by class and JVM descriptor; cached. */
public final class TaskDescriptors {
    private static final ClassValue<Map<String, Method>> ANNOTATED = new ClassValue<>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
            Map<String, Method> methods = new ConcurrentHashMap<>();
            for (Method method : type.getDeclaredMethods()) {
                if (method.isAnnotationPresent(Materialize.class)) {
                    methods.put(TaskDescriptor.keyOf(method), method);
                }
            }
            return methods;
        }
    };
    private static final Map<Method, TaskDescriptor> DESCRIPTORS = new ConcurrentHashMap<>();

    private TaskDescriptors() {
    }

    /**
     * The descriptor of {@code owner}'s method with this key: from its annotation when {@code spec} is empty,
     * else from the agent's configured spec; null if the method is not a task.
     */
    public static TaskDescriptor find(Class<?> owner, String methodKey, String spec) {
        if (spec.isEmpty()) {
            Method method = ANNOTATED.get(owner).get(methodKey);
            return method == null ? null : of(method);
        }
        for (Method method : owner.getDeclaredMethods()) {
            if (TaskDescriptor.keyOf(method).equals(methodKey)) {
                return DESCRIPTORS.computeIfAbsent(method, m -> TaskDescriptor.configured(m, spec));
            }
        }
        return null;
    }

    /** The descriptor of an annotated method (validated on first use). */
    static TaskDescriptor of(Method method) {
        TaskDescriptor known = DESCRIPTORS.get(method);
        if (known != null) {
            return known;
        }
        TaskDescriptor created = TaskDescriptor.of(method);
        DESCRIPTORS.putIfAbsent(method, created);
        return created;
    }
}
