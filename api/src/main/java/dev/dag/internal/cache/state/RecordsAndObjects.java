package dev.dag.internal.cache.state;

import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.util.Map;
import java.util.SortedMap;

/**
 * Records as {@code {"$record":"com.x.Window","fields":{...}}} and other objects as
 * {@code {"$object":"com.x.Pricing","fields":{...}}}: the class, then the value of each of its
 * {@link StateFields}, read whether private or not, so state without getters is part of the key.
 */
final class RecordsAndObjects {
    private RecordsAndObjects() {
    }

    /**
     * Writes {@code value}, an object of {@code type}. An object without fields to hash is written as its class
     * alone when that says all: a record, a class with its own {@code equals} or {@code hashCode}, the receiver
     * of a task. Otherwise its identity is all it has, and it is refused.
     */
    static void write(Object value, Class<?> type, Location at, StateWalk walk, JsonWriter out) {
        SortedMap<String, Field> fields = StateFields.of(type, walk.rules(), at);
        if (fields.isEmpty() && !type.isRecord() && !walk.isReceiver(at) && !overridesEquality(type)) {
            throw Refusals.identityOnly(at, type);
        }
        out.open(type.isRecord() ? "$record" : "$object").string(type.getName()).member("fields");
        writeFields(value, fields, at, walk, out);
        out.close();
    }

    /** {@code {"name":value,...}}: the value of each of {@code fields} of {@code owner}, in their order. */
    static void writeFields(Object owner, SortedMap<String, Field> fields, Location at, StateWalk walk,
                            JsonWriter out) {
        out.raw("{");
        int index = 0;
        for (Map.Entry<String, Field> entry : fields.entrySet()) {
            Location fieldAt = at.child("." + entry.getValue().getName());
            Object value = read(owner, entry.getValue(), fieldAt);
            out.separator(index++).key(entry.getKey());
            if (Secrets.named(entry.getValue().getName())) {
                Secrets.write(value, fieldAt, walk, out);
            } else {
                walk.write(value, fieldAt, out);
            }
        }
        out.raw("}");
    }

    static Object read(Object owner, Field field, Location fieldAt) {
        try {
            field.setAccessible(true);
            return field.get(owner);
        } catch (InaccessibleObjectException | IllegalAccessException | SecurityException e) {
            throw Refusals.unreadableField(fieldAt, field, e);
        }
    }

    private static boolean overridesEquality(Class<?> type) {
        try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class
                    || type.getMethod("hashCode").getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("every class has equals and hashCode", e);
        }
    }
}
