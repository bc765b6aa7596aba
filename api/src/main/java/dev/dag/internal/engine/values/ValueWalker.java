package dev.dag.internal.engine.values;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The one walk over task arguments and the values inside them: lists, sets and other collections, map
 * values and record components are entered; everything else (a {@code Table}, a {@code Blob}, a number)
 * is a leaf handed to the caller's function. A container in which a leaf was replaced is rebuilt as the
 * same kind of container (a set stays a set, a record the same record type), so that a task body gets what
 * it declared; a container in which nothing changed is handed back as it is.
 */
public final class ValueWalker {
    private ValueWalker() {
    }

    /**
     * {@code value} with every leaf replaced by {@code leaf.apply(it)}.
     *
     * @throws IllegalArgumentException if a container holds itself, directly or deeper down
     */
    public static Object map(Object value, UnaryOperator<Object> leaf) {
        return map(value, leaf, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static Object map(Object value, UnaryOperator<Object> leaf, Set<Object> path) {
        if (!(value instanceof Collection<?> || value instanceof Map<?, ?> || value instanceof Record)) {
            return leaf.apply(value);
        }
        if (!path.add(value)) {
            throw new IllegalArgumentException("a " + value.getClass().getSimpleName() + " that contains itself");
        }
        try {
            return mapContainer(value, leaf, path);
        } finally {
            path.remove(value);
        }
    }

    private static Object mapContainer(Object value, UnaryOperator<Object> leaf, Set<Object> path) {
        if (value instanceof Collection<?> collection) {
            List<Object> walked = new ArrayList<>(collection.size());
            collection.forEach(element -> walked.add(map(element, leaf, path)));
            if (unchanged(collection, walked)) {
                return collection;
            }
            return collection instanceof Set<?> ? new LinkedHashSet<>(walked) : walked;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> walked = new LinkedHashMap<>();
            map.forEach((key, element) -> walked.put(key, map(element, leaf, path)));
            return unchanged(map.values(), List.copyOf(walked.values())) ? map : walked;
        }
        return mapRecord((Record) value, leaf, path);
    }

    /** Calls {@code leaf} for every leaf inside {@code value}, in order. */
    public static void visit(Object value, Consumer<Object> leaf) {
        map(value, element -> {
            leaf.accept(element);
            return element;
        });
    }

    private static Object mapRecord(Record record, UnaryOperator<Object> leaf, Set<Object> path) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] walked = new Object[components.length];
        boolean changed = false;
        for (int i = 0; i < components.length; i++) {
            Object before = Records.component(components[i], record);
            walked[i] = map(before, leaf, path);
            // a primitive component is boxed anew on each read: compare its value
            changed |= components[i].getType().isPrimitive() ? !before.equals(walked[i]) : before != walked[i];
        }
        return changed ? Records.create(record.getClass(), walked) : record;
    }

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
