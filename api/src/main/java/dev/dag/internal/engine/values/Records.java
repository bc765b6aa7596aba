package dev.dag.internal.engine.values;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.function.Function;

/** Builds records component by component: task outputs, placeholders and arguments are often records. */
public final class Records {
    private Records() {
    }

    /** A new {@code type} whose components are {@code value.apply(component)}. */
    public static Object create(Class<?> type, Function<RecordComponent, Object> value) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = value.apply(components[i]);
        }
        return create(type, values);
    }

    /** A new {@code type} whose components are {@code values}, in declaration order. */
    public static Object create(Class<?> type, Object[] values) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            Constructor<?> constructor = type.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the record " + type.getName() + ": " + e, e);
        }
    }

    /** The value of one component of {@code record}. */
    public static Object component(RecordComponent component, Object record) {
        try {
            component.getAccessor().setAccessible(true);
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read record component " + component, e);
        }
    }
}
