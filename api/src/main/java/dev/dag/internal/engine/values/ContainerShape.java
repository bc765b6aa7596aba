package dev.dag.internal.engine.values;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** What the {@link ValueWalker} builds from a container once its elements are walked. */
public enum ContainerShape {
    /**
     * The same kind of container, so that a task body gets what it was declared to take; the original
     * object itself when no element changed (a user's {@code TreeSet} or record stays as it is).
     */
    SAME {
        @Override
        Object collection(Collection<?> original, List<Object> walked) {
            return unchanged(original, walked) ? original : new ArrayList<>(walked);
        }

        @Override
        Object set(Set<?> original, List<Object> walked) {
            return unchanged(original, walked) ? original : new LinkedHashSet<>(walked);
        }

        @Override
        Object map(Map<?, ?> original, Map<Object, Object> walked) {
            return unchanged(original.values(), List.copyOf(walked.values())) ? original : walked;
        }

        @Override
        Object record(Record original, RecordComponent[] components, Object[] walked) {
            for (int i = 0; i < components.length; i++) {
                Object before = Records.component(components[i], original);
                // a primitive component is boxed anew on each read: compare its value
                boolean same = components[i].getType().isPrimitive() ? before.equals(walked[i]) : before == walked[i];
                if (!same) {
                    return Records.create(original.getClass(), walked);
                }
            }
            return original;
        }
    },

    /**
     * Plain data for a cache key: lists, sets (their elements are ordered later, by their canonical form),
     * maps with text keys in sorted order, and records as maps of their components by name.
     */
    DATA {
        @Override
        Object collection(Collection<?> original, List<Object> walked) {
            return walked;
        }

        @Override
        Object set(Set<?> original, List<Object> walked) {
            return new LinkedHashSet<>(walked);
        }

        @Override
        Object map(Map<?, ?> original, Map<Object, Object> walked) {
            Map<String, Object> byText = new TreeMap<>();
            walked.forEach((key, value) -> byText.put(String.valueOf(key), value));
            return byText;
        }

        @Override
        Object record(Record original, RecordComponent[] components, Object[] walked) {
            Map<String, Object> byName = new TreeMap<>();
            for (int i = 0; i < components.length; i++) {
                byName.put(components[i].getName(), walked[i]);
            }
            return byName;
        }
    };

    abstract Object collection(Collection<?> original, List<Object> walked);

    abstract Object set(Set<?> original, List<Object> walked);

    abstract Object map(Map<?, ?> original, Map<Object, Object> walked);

    abstract Object record(Record original, RecordComponent[] components, Object[] walked);

    private static boolean unchanged(Collection<?> original, List<Object> walked) {
        Iterator<?> elements = original.iterator();
        for (Object element : walked) {
            if (element != elements.next()) {
                return false;
            }
        }
        return true;
    }
}
