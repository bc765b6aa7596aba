package dev.dag.internal.cache.state;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Values that hold other values: arrays and lists in order; sets and maps sorted by the text of what they hold,
 * because the iteration order of a hash-based collection changes from one JVM run to the next. The
 * implementation class is not part of the key: a {@code HashSet} and a {@code TreeSet} of the same strings are
 * equal, as {@code Set.equals} says.
 */
final class Containers {
    private Containers() {
    }

    /** Writes {@code value} if it is an array, a map, a collection or a map entry; false for any other value. */
    static boolean write(Object value, Location at, StateWalk walk, JsonWriter out) {
        if (value.getClass().isArray()) {
            writeArray(value, at, walk, out);
        } else if (value instanceof Map<?, ?> map) {
            writeMap(map, at, walk, out);
        } else if (value instanceof Set<?> set) {
            List<String> elements = new ArrayList<>();
            for (Object element : set) {
                elements.add(walk.text(element, at.child("[*]")));
            }
            elements.sort(Comparator.naturalOrder());
            writeSorted("$set", elements, out);
        } else if (value instanceof Collection<?> collection) {
            writeItems(collection, at, walk, out);
        } else if (value instanceof Map.Entry<?, ?> entry) {
            out.open("$entry").raw("[");
            walk.write(entry.getKey(), at.child(".getKey()"), out);
            out.raw(",");
            walk.write(entry.getValue(), at.child(".getValue()"), out);
            out.raw("]").close();
        } else {
            return false;
        }
        return true;
    }

    /**
     * {@code {"$array":component,...}}: the bytes of a {@code byte[]} in base64, the keyed hash of a
     * {@code char[]} (a password, as Java holds them: see {@link Secrets}), the items of any other array.
     */
    private static void writeArray(Object array, Location at, StateWalk walk, JsonWriter out) {
        Class<?> component = array.getClass().getComponentType();
        if (component == char.class) {
            Secrets.writeChars((char[]) array, walk, out);
            return;
        }
        out.open("$array").string(component.getName());
        if (component == byte.class) {
            out.member("base64").string(Base64.getEncoder().encodeToString((byte[]) array));
        } else {
            out.member("items");
            writeItems(IntStream.range(0, Array.getLength(array)).mapToObj(i -> Array.get(array, i)).toList(),
                    at, walk, out);
        }
        out.close();
    }

    /**
     * {@code {"$map":[[key,value],...]}} sorted by the text of the keys, then of the values; keys of any type. The
     * value of a key that names a secret ({@code "password"}, a {@code Properties} entry too) is a secret.
     */
    private static void writeMap(Map<?, ?> map, Location at, StateWalk walk, JsonWriter out) {
        List<MapEntry> entries = new ArrayList<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            Location valueAt = at.mapValue(entry.getKey());
            entries.add(new MapEntry(walk.text(entry.getKey(), at.child(".keySet()")),
                    Secrets.named(entry.getKey()) ? walk.secretText(entry.getValue(), valueAt)
                            : walk.text(entry.getValue(), valueAt)));
        }
        // two keys can have the same text (1 and 1L), and then their values decide
        entries.sort(Comparator.comparing(MapEntry::key).thenComparing(MapEntry::value));
        writeSorted("$map", entries.stream().map(entry -> "[" + entry.key() + "," + entry.value() + "]").toList(),
                out);
    }

    private record MapEntry(String key, String value) {
    }

    /** A JSON array of {@code items}, each at its index in the path. */
    private static void writeItems(Iterable<?> items, Location at, StateWalk walk, JsonWriter out) {
        out.raw("[");
        int index = 0;
        for (Object item : items) {
            out.separator(index);
            walk.write(item, at.child("[" + index++ + "]"), out);
        }
        out.raw("]");
    }

    /** {@code {"tag":[...]}} of texts already written and sorted. */
    private static void writeSorted(String tag, List<String> texts, JsonWriter out) {
        out.open(tag).raw("[").raw(String.join(",", texts)).raw("]").close();
    }
}
