package dev.dag.internal.store.meta;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.TaskKey;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The cache entries of a stage version as the one JSON text its record in {@code versions} holds: an array of
 * objects (task, ordinal, key, parts, outputs). The key's parts and the outputs are kept as the texts dag wrote them
 * (JSON strings), so that an entry read back compares equal, text for text, to the one written.
 */
final class VersionRecord {
    private static final ObjectMapper JSON = new ObjectMapper();

    private VersionRecord() {
    }

    /** The JSON of {@code entries}. */
    static String entriesJson(List<CacheEntry> entries) {
        StringJoiner array = new StringJoiner(",", "[", "]");
        for (CacheEntry entry : entries) {
            array.add(entryJson(entry.task(), entry.ordinal(), entry.key().key(), entry.key().partsJson(),
                    entry.outputsJson()));
        }
        return array.toString();
    }

    /** The JSON of one entry: its task call, key, the key's parts and its outputs (both JSON texts). */
    static String entryJson(String task, int ordinal, String key, String parts, String outputs) {
        ObjectNode node = JSON.createObjectNode();
        node.put("task", task);
        node.put("ordinal", ordinal);
        node.put("key", key);
        node.put("parts", parts);
        node.put("outputs", outputs);
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a cache entry cannot be written as JSON", e);
        }
    }

    /** The entries of stage {@code stage} read back from {@link #entriesJson} (none for null). */
    static List<CacheEntry> entries(String json, String stage) throws SQLException {
        List<CacheEntry> entries = new ArrayList<>();
        if (json == null) {
            return entries;
        }
        JsonNode array;
        try {
            array = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new SQLException("the cache entries of stage '" + stage + "' in dag's metadata are not JSON: "
                    + e.getOriginalMessage(), e);
        }
        for (JsonNode node : array) {
            String task = node.get("task").asText();
            entries.add(new CacheEntry(task, node.get("ordinal").asInt(),
                    TaskKey.fromParts(node.get("key").asText(), task, stage, node.get("parts").asText()),
                    CacheEntry.outputsFromJson(node.get("outputs").asText())));
        }
        return entries;
    }
}
