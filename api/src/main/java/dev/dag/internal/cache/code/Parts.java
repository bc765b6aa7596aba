package dev.dag.internal.cache.code;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dag.internal.hash.Hashes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The entries of {@link CodeFingerprint#parts()}, their hash and their JSON.
 *
 * <p>Keys and values:
 * <ul>
 *   <li>a method reached: {@code dev.example.CleanTasks.orders(Ldev/dag/Table;)Ldev/dag/Table;} →
 *       {@code "<hash> <order> <parent> <source file>"}: the hash (16 hex digits) of its own normalized code, the
 *       order the walk reached it in (0 for the task), the order of the method it was reached from ({@code -} for
 *       the task) and its source file name;</li>
 *   <li>a static final field read: {@code field:dev.example.Columns.COLS} → the same four, the hash being that of
 *       its current value;</li>
 *   <li>a library used: {@code lib:com.fasterxml.jackson.core:jackson-databind} → its version (a released library; see
 *       {@link CodeOrigins});</li>
 *   <li>{@code class:...} (a class counted as a whole past the method cap), {@code missing:...} (a class whose
 *       bytes were not found) and {@code note:...} (how the fingerprint was made coarser).</li>
 * </ul>
 * The fingerprint's hash covers each key with, for reached entries, only the code or value hash: the order, the
 * parent and the source file are there for reasons and never change the hash.
 */
final class Parts {
    static final String LIB = "lib:";
    static final String FIELD = "field:";
    static final String CLASS = "class:";
    static final String MISSING = "missing:";
    static final String NOTE = "note:";
    /** Names the format in the hash: a new format changes every hash once, on purpose. */
    private static final String FORMAT = "dag code fingerprint 1";

    private Parts() {
    }

    /** Jackson, made on the first JSON use only: hashing parts must not pay for it. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /** A reached method or static field, decoded from its value. */
    record Reached(String hash, int order, int parent, String sourceFile) {
        String encode() {
            return hash + " " + order + " " + (parent < 0 ? "-" : Integer.toString(parent)) + " " + sourceFile;
        }

        /** The decoded value, or null if {@code value} is not in the reached format. */
        static Reached decode(String value) {
            String[] fields = value == null ? new String[0] : value.split(" ", 4);
            if (fields.length < 4) {
                return null;
            }
            try {
                return new Reached(fields[0], Integer.parseInt(fields[1]),
                        fields[2].equals("-") ? -1 : Integer.parseInt(fields[2]), fields[3]);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    /** True for the keys of reached methods and static fields. */
    static boolean isReached(String key) {
        return key.startsWith(FIELD) || !(key.startsWith(LIB) || key.startsWith(CLASS) || key.startsWith(MISSING)
                || key.startsWith(NOTE));
    }

    /** What of {@code value} the hash covers: the code or value hash of a reached entry, else all of it. */
    static String hashed(String key, String value) {
        if (value != null && isReached(key)) {
            int space = value.indexOf(' ');
            return space < 0 ? value : value.substring(0, space);
        }
        return value;
    }

    /** The fingerprint's hash of {@code parts}. */
    static String hashOf(SortedMap<String, String> parts) {
        List<String> hashed = new ArrayList<>(2 * parts.size() + 1);
        hashed.add(FORMAT);
        parts.forEach((key, value) -> {
            hashed.add(key);
            hashed.add(hashed(key, value));
        });
        return Hashes.of(hashed.toArray(String[]::new));
    }

    static String toJson(CodeFingerprint fingerprint) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("hash", fingerprint.hash());
        ObjectNode parts = root.putObject("parts");
        fingerprint.parts().forEach(parts::put);
        try {
            return Json.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("dag bug: a code fingerprint of strings is always JSON", e);
        }
    }

    static CodeFingerprint fromJson(String json) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a code fingerprint: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.path("hash").isTextual() || !root.path("parts").isObject()) {
            throw new IllegalArgumentException("not a code fingerprint: " + json);
        }
        SortedMap<String, String> parts = new TreeMap<>();
        for (Map.Entry<String, JsonNode> entry : root.get("parts").properties()) {
            parts.put(entry.getKey(), entry.getValue().asText());
        }
        return new CodeFingerprint(root.get("hash").asText(), parts);
    }
}
