package dev.dag.internal.store.meta;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.TaskKey;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The cache entries of a stage version as the one JSON text its record in {@code versions} holds: an array of
 * objects (task, ordinal, key, parts, outputs). The key's parts and the outputs are kept as the texts dag wrote them
 * (JSON strings), so that an entry read back compares equal, text for text, to the one written. An entry read
 * back keeps its text ({@link CacheEntry#stored()}), and a version that carries it over unchanged writes that text
 * again instead of writing the entry anew: most entries of a rerun are carried over.
 */
final class VersionRecord {
    private static final ObjectMapper JSON = new ObjectMapper();

    private VersionRecord() {
    }

    /** The JSON of {@code entries}. */
    static String entriesJson(List<CacheEntry> entries) {
        StringJoiner array = new StringJoiner(",", "[", "]");
        for (CacheEntry entry : entries) {
            array.add(entry.stored() != null ? entry.stored() : entryJson(entry.task(), entry.ordinal(),
                    entry.key().key(), entry.key().partsJson(), entry.outputsJson()));
        }
        return array.toString();
    }

    /** The JSON of one entry: its task call, key, the key's parts and its outputs (both JSON texts). */
    static String entryJson(String task, int ordinal, String key, String parts, String outputs) {
        StringWriter text = new StringWriter(64 + parts.length() + outputs.length());
        try (JsonGenerator json = JSON.getFactory().createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("task", task);
            json.writeNumberField("ordinal", ordinal);
            json.writeStringField("key", key);
            json.writeStringField("parts", parts);
            json.writeStringField("outputs", outputs);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("dag bug: a cache entry cannot be written as JSON", e);
        }
        return text.toString();
    }

    /**
     * The entries of stage {@code stage} read back from {@link #entriesJson} (none for null), each with its text.
     * Read as a stream of tokens, which gives each entry's place in the text.
     */
    static List<CacheEntry> entries(String json, String stage) throws SQLException {
        List<CacheEntry> entries = new ArrayList<>();
        if (json == null) {
            return entries;
        }
        try (JsonParser parser = JSON.getFactory().createParser(json)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new SQLException("the cache entries of stage '" + stage + "' in dag's metadata are not a JSON "
                        + "array");
            }
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                entries.add(entry(parser, json, stage));
            }
        } catch (JsonProcessingException e) {
            throw new SQLException("the cache entries of stage '" + stage + "' in dag's metadata are not JSON: "
                    + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new SQLException("the cache entries of stage '" + stage + "' in dag's metadata cannot be read: "
                    + e.getMessage(), e);
        }
        return entries;
    }

    /** The entry whose object starts at the parser's current token. */
    private static CacheEntry entry(JsonParser parser, String json, String stage) throws IOException, SQLException {
        int start = (int) parser.currentTokenLocation().getCharOffset();
        String task = null;
        String key = null;
        String parts = null;
        String outputs = null;
        int ordinal = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            switch (field) {
                case "task" -> task = parser.getValueAsString();
                case "ordinal" -> ordinal = parser.getValueAsInt();
                case "key" -> key = parser.getValueAsString();
                case "parts" -> parts = parser.getValueAsString();
                case "outputs" -> outputs = parser.getValueAsString();
                default -> parser.skipChildren(); // a field a later dag added
            }
        }
        if (task == null || key == null || parts == null || outputs == null) {
            throw new SQLException("a cache entry of stage '" + stage + "' in dag's metadata lacks its task, key, "
                    + "parts or outputs");
        }
        int end = (int) parser.currentTokenLocation().getCharOffset() + 1;
        return new CacheEntry(task, ordinal, TaskKey.fromParts(key, task, stage, parts),
                CacheEntry.outputsFromJson(outputs), json.substring(start, end));
    }
}
