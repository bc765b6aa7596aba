package dev.dag.internal.cache.state;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The fields that make up the state of an object: every non-static, non-transient field of its class and its
 * superclasses (private ones included), less the ones the task's configuration ignores, sorted by the name they
 * are written under. The fields of JDK classes are not read: their layout is the JDK's own business.
 */
final class StateFields {
    private StateFields() {
    }

    /**
     * The state fields of a {@code type}, by the name they are written under: a field hidden by a subclass field of
     * the same name is written as {@code "com.x.Base.name"}. JDK superclasses without instance fields of their own
     * ({@code Number}, {@code AbstractList}) are passed over; one with fields is refused.
     */
    static SortedMap<String, Field> of(Class<?> type, StateRules rules, Location at) {
        SortedMap<String, Field> fields = new TreeMap<>();
        for (Class<?> owner = type; owner != null && owner != Object.class; owner = owner.getSuperclass()) {
            if (isJdk(owner)) {
                if (hasInstanceFields(owner)) {
                    throw Refusals.jdkSuperclass(at, type, owner);
                }
                continue;
            }
            for (Field field : owner.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers)
                        || rules.ignores(owner, type, field.getName())) {
                    continue;
                }
                // the subclass comes first, so the field it hides is the one renamed
                String name = fields.containsKey(field.getName()) ? owner.getName() + "." + field.getName()
                        : field.getName();
                fields.put(name, field);
            }
        }
        return fields;
    }

    /** Whether {@code type} belongs to the JDK (boot or platform class loader), whose fields are not read. */
    static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    private static boolean hasInstanceFields(Class<?> type) {
        for (Field field : type.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers()) && !Modifier.isTransient(field.getModifiers())) {
                return true;
            }
        }
        return false;
    }
}
