package dev.dag.internal.cache;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A task's cache key and the parts it is hashed from, kept to explain a rerun.
 *
 * @param key       SHA-256 hex of the parts
 * @param version   the declared version ("" means none: the key is then random)
 * @param arguments argument position ("00", "01", ...) → canonical JSON of the argument (inputs appear as
 *                  their cache keys); positions, not names, so that the key does not depend on whether the
 *                  class kept its parameter names
 * @param names     the parameter names by position, for messages only (not hashed)
 * @param receiver  canonical JSON of the receiver of an instance method ("" for static methods)
 * @param freshness canonical JSON of the source fingerprint, or null without one
 */
public record TaskKey(String key, String version, Map<String, String> arguments, List<String> names, String receiver,
                      String freshness) {

    /** Copies the arguments into a sorted map. */
    public TaskKey {
        arguments = new TreeMap<>(arguments);
        names = List.copyOf(names);
    }

    /** The position key of the argument at {@code index}. */
    public static String position(int index) {
        return String.format(Locale.ROOT, "%02d", index);
    }

    /** The display name of the argument at a position key. */
    public String nameOf(String position) {
        int index = Integer.parseInt(position);
        return index < names.size() ? names.get(index) : "argument " + (index + 1);
    }

    /** The key of a task with these parts, in {@code stage}. */
    public static TaskKey of(String task, String stage, String version, Map<String, String> arguments,
                             List<String> names, String receiver, String freshness) {
        String parts = CanonicalJson.of(Map.of("task", task, "stage", stage, "version", version,
                "arguments", new TreeMap<>(arguments), "receiver", receiver,
                "freshness", freshness == null ? "" : freshness));
        return new TaskKey(Hashes.of("task", parts), version, arguments, names, receiver, freshness);
    }

    /** A key that matches nothing, for tasks without a version. */
    public static TaskKey fresh(String version, Map<String, String> arguments, List<String> names, String receiver,
                                String freshness, String runId, String task, int ordinal) {
        return new TaskKey(Hashes.of("fresh", runId, task, Integer.toString(ordinal)), version, arguments, names,
                receiver, freshness);
    }

    /** The key of output {@code path} of a task that ran (not lazy). */
    public String outputKey(String path) {
        return Hashes.of("output", key, path);
    }

    /** The parts as JSON, for the metadata. */
    public String partsJson() {
        return CanonicalJson.of(Map.of("version", version, "arguments", arguments, "receiver", receiver,
                "freshness", freshness == null ? "" : freshness));
    }

    /** The parts read back from {@link #partsJson()}. */
    public static TaskKey fromParts(String key, String partsJson) {
        var node = CanonicalJson.parse(partsJson);
        Map<String, String> arguments = new TreeMap<>();
        node.get("arguments").fields().forEachRemaining(field -> arguments.put(field.getKey(), field.getValue().asText()));
        String freshness = node.get("freshness").asText();
        return new TaskKey(key, node.get("version").asText(), arguments, List.of(), node.get("receiver").asText(),
                freshness.isEmpty() ? null : freshness);
    }
}
