package dev.dag.internal.engine.define;

import dev.dag.DefinitionException;
import dev.dag.Freshness;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Where a task's source fingerprint comes from: a {@link Freshness} class named on the annotation, or a
 * static method named in a {@code tasks:} entry of the configuration ({@code freshness: com.acme.Sources#orders}),
 * which takes no parameters or the task's arguments as {@code Object[]}.
 */
public interface FreshnessSource {
    /** No fingerprint. */
    FreshnessSource NONE = args -> null;

    /** The fingerprint for a call with {@code args} (null: none). */
    Object fingerprint(Object[] args) throws Exception;

    /** The source declared on the annotation. */
    static FreshnessSource of(Class<? extends Freshness> type) {
        if (type == Freshness.None.class) {
            return NONE;
        }
        return args -> {
            Constructor<? extends Freshness> constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance().fingerprint(args);
        };
    }

    /**
     * The static method {@code Class#method} of a {@code tasks:} entry, found with {@code loader}.
     *
     * @throws DefinitionException naming the entry's method when it cannot be found or is not static
     */
    static FreshnessSource ofStaticMethod(String reference, ClassLoader loader, Method task) {
        int hash = reference.indexOf('#');
        if (hash <= 0 || hash == reference.length() - 1) {
            throw invalid(reference, task, "write it as fully.qualified.Class#method");
        }
        try {
            Class<?> owner = Class.forName(reference.substring(0, hash), false, loader);
            String name = reference.substring(hash + 1);
            for (Method method : owner.getDeclaredMethods()) {
                boolean fits = method.getParameterCount() == 0
                        || method.getParameterCount() == 1 && method.getParameterTypes()[0] == Object[].class;
                if (method.getName().equals(name) && Modifier.isStatic(method.getModifiers()) && fits) {
                    method.setAccessible(true);
                    return method.getParameterCount() == 0 ? args -> method.invoke(null)
                            : args -> method.invoke(null, (Object) args);
                }
            }
            throw invalid(reference, task, "no static method " + name + "() or " + name + "(Object[]) in "
                    + owner.getName());
        } catch (ClassNotFoundException e) {
            throw invalid(reference, task, "class not found");
        }
    }

    private static DefinitionException invalid(String reference, Method task, String problem) {
        return new DefinitionException("The freshness '" + reference + "' of the tasks: entry for " + task
                + " cannot be used: " + problem + ".", task.getName(), null, null);
    }
}
