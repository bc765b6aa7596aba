package dev.dag.internal.cache;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A task's committed cache entry in one stage: its key and every object it produced, returned or not,
 * in the order it wrote them.
 *
 * @param task    task name
 * @param ordinal the how-many-th call of that task in the stage (0 for the first)
 * @param key     the task key with its parts
 * @param outputs the objects it produced
 * @param stored  the entry's text as the metadata holds it, for an entry read from there (or carried over
 *                unchanged from one): written back as it is, not rewritten; null for a new entry. Not part of
 *                the entry's identity ({@link #equals})
 */
public record CacheEntry(String task, int ordinal, TaskKey key, List<Output> outputs, String stored) {

    /**
     * One object of a task.
     *
     * @param path     where the task returned it: "" (the return value), a record component, a list
     *                 index; null for a table it materialized without returning it
     * @param name     table or blob name in the stage
     * @param kind     table or blob
     * @param physical physical name (of the table, or the blob's id)
     * @param key      the object's cache key
     */
    public record Output(String path, String name, ObjectKind kind, String physical, String key) {
        /** Whether it is a table. */
        public boolean isTable() {
            return kind == ObjectKind.TABLE;
        }
    }

    /** Copies the outputs. */
    public CacheEntry {
        outputs = List.copyOf(outputs);
    }

    /** A new entry, not (yet) in the metadata. */
    public CacheEntry(String task, int ordinal, TaskKey key, List<Output> outputs) {
        this(task, ordinal, key, outputs, null);
    }

    /**
     * This committed entry carried into a new version as call {@code ordinal} with {@code key}: it keeps its
     * stored text when that is still its text (same ordinal, key and key parts).
     */
    public CacheEntry carriedAs(int ordinal, TaskKey key) {
        boolean same = ordinal == this.ordinal && key.key().equals(this.key.key()) && key.sameParts(this.key);
        return new CacheEntry(task, ordinal, key, outputs, same ? stored : null);
    }

    /** Equal task, ordinal, key and outputs (the stored text aside). */
    @Override
    public boolean equals(Object other) {
        return other instanceof CacheEntry that && ordinal == that.ordinal && task.equals(that.task)
                && key.equals(that.key) && outputs.equals(that.outputs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(task, ordinal, key, outputs);
    }

    /** The outputs as JSON for the metadata. */
    public String outputsJson() {
        List<Map<String, String>> list = new ArrayList<>();
        for (Output output : outputs) {
            list.add(Map.of("path", output.path() == null ? "\u0000" : output.path(), "name", output.name(),
                    "kind", output.kind().stored(), "physical", output.physical(), "key", output.key()));
        }
        return CanonicalJson.of(list);
    }

    /** The outputs read back from {@link #outputsJson()}. */
    public static List<Output> outputsFromJson(String json) {
        List<Output> outputs = new ArrayList<>();
        try (JsonParser parser = CanonicalJson.parser(json)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new IllegalArgumentException("not the outputs of a cache entry: " + json);
            }
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                Map<String, String> fields = new HashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String field = parser.currentName();
                    parser.nextToken();
                    fields.put(field, parser.getText());
                }
                String path = fields.get("path");
                outputs.add(new Output(path.equals("\u0000") ? null : path, fields.get("name"),
                        ObjectKind.fromStored(fields.get("kind")), fields.get("physical"), fields.get("key")));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + json, e);
        }
        return outputs;
    }
}
