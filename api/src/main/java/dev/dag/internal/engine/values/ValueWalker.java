package dev.dag.internal.engine.values;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The one walk over task arguments and the values inside them: lists, sets and other collections, map
 * values and record components are entered; everything else (a {@code Table}, a {@code Blob}, a number)
 * is a leaf handed to the caller's function. What the containers become is the {@link ContainerShape}'s
 * choice: the same shapes (binding inputs), or plain data (cache keys).
 */
public final class ValueWalker {
    private ValueWalker() {
    }

    /** {@code value} with every leaf replaced by {@code leaf.apply(it)}, containers rebuilt as {@code shape} says. */
    public static Object map(Object value, ContainerShape shape, UnaryOperator<Object> leaf) {
        if (value instanceof Collection<?> collection) {
            List<Object> walked = new ArrayList<>(collection.size());
            collection.forEach(element -> walked.add(map(element, shape, leaf)));
            return collection instanceof Set<?> set ? shape.set(set, walked) : shape.collection(collection, walked);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> walked = new LinkedHashMap<>();
            map.forEach((key, element) -> walked.put(key, map(element, shape, leaf)));
            return shape.map(map, walked);
        }
        if (value instanceof Record record) {
            RecordComponent[] components = record.getClass().getRecordComponents();
            Object[] walked = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                walked[i] = map(Records.component(components[i], record), shape, leaf);
            }
            return shape.record(record, components, walked);
        }
        return leaf.apply(value);
    }

    /** Calls {@code leaf} for every leaf inside {@code value}, in order. */
    public static void visit(Object value, Consumer<Object> leaf) {
        map(value, ContainerShape.SAME, element -> {
            leaf.accept(element);
            return element;
        });
    }
}
