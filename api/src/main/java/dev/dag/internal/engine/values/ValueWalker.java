package dev.dag.internal.engine.values;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The one walk over task arguments and the values inside them: lists, sets and other collections, map
 * values, arrays of objects and record components are entered; everything else (a {@code Table}, a
 * {@code Blob}, a number) is a leaf handed to the caller's function. A container in which a leaf was replaced is
 * rebuilt as the same kind of container (a set stays a set, a sorted one sorted alike, an array an array of the
 * same type, a record the same record type), so that a task body gets what it declared; a container in which
 * nothing changed is handed back as it is.
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
        return map(value, leaf, Collections.newSetFromMap(new IdentityHashMap<>()), false);
    }

    /**
     * {@code value} with every container in it copied (records only when a container inside them was), the leaves
     * kept: what a flow definition keeps of an argument, so that changes the caller makes later do not reach it.
     *
     * @throws IllegalArgumentException if a container holds itself, directly or deeper down
     */
    public static Object copy(Object value) {
        return map(value, UnaryOperator.identity(), Collections.newSetFromMap(new IdentityHashMap<>()), true);
    }

    private static Object map(Object value, UnaryOperator<Object> leaf, Set<Object> path, boolean copy) {
        if (!isContainer(value)) {
            return leaf.apply(value);
        }
        if (!path.add(value)) {
            throw new IllegalArgumentException("a " + value.getClass().getSimpleName() + " that contains itself");
        }
        try {
            return mapContainer(value, leaf, path, copy);
        } finally {
            path.remove(value);
        }
    }

    private static boolean isContainer(Object value) {
        return value instanceof Collection<?> || value instanceof Map<?, ?> || value instanceof Record
                || value instanceof Object[];
    }

    @SuppressWarnings("unchecked")
    private static Object mapContainer(Object value, UnaryOperator<Object> leaf, Set<Object> path, boolean copy) {
        if (value instanceof Collection<?> collection) {
            List<Object> walked = new ArrayList<>(collection.size());
            collection.forEach(element -> walked.add(map(element, leaf, path, copy)));
            if (!copy && unchanged(collection, walked)) {
                return collection;
            }
            return rebuilt(collection, walked);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> walked = map instanceof SortedMap<?, ?> sorted
                    ? new TreeMap<>((Comparator<Object>) sorted.comparator()) : new LinkedHashMap<>();
            map.forEach((key, element) -> walked.put(key, map(element, leaf, path, copy)));
            return !copy && unchanged(map.values(), List.copyOf(walked.values())) ? map : walked;
        }
        if (value instanceof Object[] array) {
            Object[] walked = (Object[]) Array.newInstance(array.getClass().getComponentType(), array.length);
            for (int i = 0; i < array.length; i++) {
                walked[i] = map(array[i], leaf, path, copy);
            }
            return !copy && unchanged(Arrays.asList(array), Arrays.asList(walked)) ? array : walked;
        }
        return mapRecord((Record) value, leaf, path, copy);
    }

    @SuppressWarnings("unchecked")
    private static Collection<Object> rebuilt(Collection<?> original, List<Object> elements) {
        if (original instanceof SortedSet<?> sorted) {
            TreeSet<Object> set = new TreeSet<>((Comparator<Object>) sorted.comparator());
            set.addAll(elements);
            return set;
        }
        return original instanceof Set<?> ? new LinkedHashSet<>(elements) : elements;
    }

    /** Calls {@code leaf} for every leaf inside {@code value}, in order. */
    public static void visit(Object value, Consumer<Object> leaf) {
        map(value, element -> {
            leaf.accept(element);
            return element;
        });
    }

    private static Object mapRecord(Record record, UnaryOperator<Object> leaf, Set<Object> path, boolean copy) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] walked = new Object[components.length];
        boolean changed = false;
        for (int i = 0; i < components.length; i++) {
            Object before = Records.component(components[i], record);
            walked[i] = map(before, leaf, path, copy);
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
