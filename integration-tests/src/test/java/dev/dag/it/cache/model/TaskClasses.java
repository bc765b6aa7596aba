package dev.dag.it.cache.model;

import dev.dag.Flow;
import dev.dag.it.support.SourceVariant;
import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Queue;
import java.util.Set;

/**
 * The generated task classes of one scenario: each distinct source compiled once (javac is the slowest step) and
 * loaded by a class loader of its own, so that the agent weaves it like an application's class.
 */
final class TaskClasses {
    private final Map<String, Class<?>> bySource = new HashMap<>();

    Class<?> load(String source) {
        return bySource.computeIfAbsent(source, text -> SourceVariant.load(TaskSource.CLASS, text));
    }

    /** The flow the class's {@code define()} builds. */
    static Flow define(Class<?> tasks) {
        try {
            return (Flow) tasks.getMethod("define").invoke(null);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("define() of the generated flow failed", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The task bodies that executed since the last call (the class records them in a static field). */
    static Set<String> takeExecuted(Class<?> tasks) {
        try {
            Queue<?> executed = (Queue<?>) tasks.getField("executed").get(null);
            Set<String> names = new LinkedHashSet<>();
            for (Object name = executed.poll(); name != null; name = executed.poll()) {
                names.add((String) name);
            }
            return names;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
