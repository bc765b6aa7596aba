package dev.dag.internal.engine.values;

import dev.dag.internal.cache.state.StateJson;
import dev.dag.internal.cache.state.StateRules;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Whether a blob reads back from its JSON as the value that was stored. JSON forgets types that untyped slots
 * hold (a {@code Long} in a {@code Map<String, Object>} reads back as an {@code Integer}, a {@code BigDecimal} as a
 * {@code Double}, a record in a {@code List<Object>} as a map, a map's {@code Integer} keys as strings), so the
 * value read back is compared with the original, and the first place where they differ is described.
 */
final class BlobFidelity {
    private BlobFidelity() {
    }

    /** Where and how {@code read} differs from {@code written}, or null when they are the same value. */
    static String firstDifference(Object written, Object read) {
        return difference(written, read, "");
    }

    private static String difference(Object written, Object read, String path) {
        if (written == null || read == null) {
            return written == read ? null : changed(written, read, path);
        }
        if (written instanceof Map<?, ?> writtenMap && read instanceof Map<?, ?> readMap) {
            return mapDifference(writtenMap, readMap, path);
        }
        if (written instanceof List<?> writtenList && read instanceof List<?> readList) {
            return listDifference(writtenList, readList, path);
        }
        if (written instanceof Set<?> && read instanceof Set<?>) {
            return written.equals(read) ? null : setDifference((Set<?>) written, (Set<?>) read, path);
        }
        if (written instanceof Record && written.getClass() == read.getClass()) {
            return recordDifference((Record) written, (Record) read, path);
        }
        boolean same = written.getClass() == read.getClass()
                && (Objects.deepEquals(written, read) || sameStateWithoutEquals(written, read));
        return same ? null : changed(written, read, path);
    }

    private static String mapDifference(Map<?, ?> written, Map<?, ?> read, String path) {
        for (Map.Entry<?, ?> entry : written.entrySet()) {
            String at = path + "[" + text(entry.getKey()) + "]";
            if (!read.containsKey(entry.getKey())) {
                return at + ": the key " + describe(entry.getKey()) + " comes back as another key (a map's keys are "
                        + "JSON strings), or not at all";
            }
            String difference = difference(entry.getValue(), read.get(entry.getKey()), at);
            if (difference != null) {
                return difference;
            }
        }
        return written.size() == read.size() ? null : path + ": the map comes back with other keys";
    }

    private static String listDifference(List<?> written, List<?> read, String path) {
        if (written.size() != read.size()) {
            return path + ": " + written.size() + " elements come back as " + read.size();
        }
        Iterator<?> readItems = read.iterator();
        int index = 0;
        for (Object item : written) {
            String difference = difference(item, readItems.next(), path + "[" + index++ + "]");
            if (difference != null) {
                return difference;
            }
        }
        return null;
    }

    private static String setDifference(Set<?> written, Set<?> read, String path) {
        for (Object item : written) {
            if (!read.contains(item)) {
                Object sample = read.isEmpty() ? null : read.iterator().next();
                return path + ": the element " + describe(item) + " does not come back"
                        + (sample == null ? "" : " (elements come back like " + describe(sample) + ")");
            }
        }
        return path + ": the set comes back with other elements";
    }

    private static String recordDifference(Record written, Record read, String path) {
        for (RecordComponent component : written.getClass().getRecordComponents()) {
            String difference = difference(Records.component(component, written), Records.component(component, read),
                    path + "." + component.getName());
            if (difference != null) {
                return difference;
            }
        }
        return null;
    }

    /** An object compared by identity only (no {@code equals} of its own) is the same when its fields are. */
    private static boolean sameStateWithoutEquals(Object written, Object read) {
        try {
            if (written.getClass().getMethod("equals", Object.class).getDeclaringClass() != Object.class) {
                return false;
            }
            return StateJson.of(written, StateRules.plain(), "blob").equals(StateJson.of(read, StateRules.plain(),
                    "blob"));
        } catch (NoSuchMethodException | IllegalArgumentException unreadable) {
            return false;
        }
    }

    private static String changed(Object written, Object read, String path) {
        return (path.isEmpty() ? "the value" : path) + ": " + describe(written) + " comes back as " + describe(read);
    }

    private static String describe(Object value) {
        return value == null ? "null" : text(value) + " (" + typeName(value) + ")";
    }

    private static String text(Object value) {
        String text = value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }

    /** The class, or for the JDK's unnamed collection classes ({@code Set.of}, ...) the interface. */
    private static String typeName(Object value) {
        String name = value.getClass().getName();
        if (!name.startsWith("java.util.ImmutableCollections") && !name.startsWith("java.util.Collections$")) {
            return name;
        }
        Class<?> kind = value instanceof Set<?> ? Set.class : value instanceof List<?> ? List.class
                : value instanceof Map<?, ?> ? Map.class : Object.class;
        return kind.getName();
    }
}
