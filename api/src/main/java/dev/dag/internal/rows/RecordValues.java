package dev.dag.internal.rows;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/** Reads record components reflectively. */
final class RecordValues {
    private RecordValues() {
    }

    static Object read(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalArgumentException("cannot read component " + component.getName() + " of "
                    + record.getClass().getName() + ": " + e, e);
        }
    }
}
