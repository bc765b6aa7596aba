package dev.dag.internal.cache;

import dev.dag.internal.hash.Hashes;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A task's cache key and the parts it is hashed from, kept to explain a rerun.
 *
 * @param key       SHA-256 hex of the parts
 * @param format    the format the key was computed in ({@link #FORMAT} for new keys)
 * @param subject   which task: its name, stage and method
 * @param code      the declared version and the fingerprint of the task's code
 * @param arguments argument position ("00", "01", ...) → canonical form of the argument (inputs appear as
 *                  their cache keys); positions, not names, so that the key does not depend on whether the
 *                  class kept its parameter names
 * @param names     the parameter names by position, for messages only (not hashed)
 * @param receiver  canonical form of the receiver of an instance method ("" for static methods)
 * @param freshness canonical JSON of the source fingerprint, or null without one
 */
public record TaskKey(String key, int format, Subject subject, Code code, Map<String, String> arguments, List<String> names,
                      String receiver, String freshness) {
    /**
     * The format of keys and of their stored parts: dag's cache format version. Keys of another format never
     * match: a dag that hashes differently reruns each task once, saying why, instead of trusting a key it did not
     * compute. dag's own code never enters a task's code fingerprint, so a change of dag's behaviour that must
     * invalidate cached tables bumps this number. Format 3: columns from Java are named in snake_case
     * ({@code dev.dag.internal.rows.ColumnNames}), so no table with the names of format 2 is served again.
     */
    public static final int FORMAT = 3;

    /**
     * Which task a key belongs to.
     *
     * @param method    the declaring class and method with its JVM descriptor ("" when read from a key of format 1)
     * @param tableBase what the tables the body gives no name are named after: the task's name, or for one of
     *                  several calls of the task in its stage the name the call's tables get; the body writes the
     *                  tables under these names, so a new name is a new key
     */
    public record Subject(String task, String stage, String method, String tableBase) {
        /** A subject whose unnamed tables are named after the task. */
        public Subject(String task, String stage, String method) {
            this(task, stage, method, task);
        }

        /** Whether its unnamed tables are named after the task (the key then has no part for their name). */
        boolean namesAfterTask() {
            return tableBase.equals(task);
        }
    }

    /**
     * The task's declared version and the fingerprint of its code. For {@link #AUTO} the fingerprint's hash
     * is the version; for a manual version it is kept beside the key (not hashed), to notice code that changed
     * while the version did not.
     *
     * @param version     "" for none, {@link #AUTO}, or the manual version
     * @param fingerprint the code fingerprint's hash ("" when not computed)
     * @param detail      the fingerprint's parts as JSON, to say what changed ("" when not computed)
     */
    public record Code(String version, String fingerprint, String detail) {
        /** The version that stands for the fingerprint of the task's code. */
        public static final String AUTO = "auto";

        /** A version without a fingerprint. */
        public static Code of(String version) {
            return new Code(version, "", "");
        }

        /** Whether the version is the code's fingerprint. */
        public boolean isAuto() {
            return AUTO.equals(version);
        }
    }

    /** Copies the arguments into a sorted map. */
    public TaskKey {
        arguments = new TreeMap<>(arguments);
        names = List.copyOf(names);
    }

    /** The position key of the argument at {@code index}. */
    public static String position(int index) {
        return index < 10 ? "0" + index : Integer.toString(index); // as "%02d", without a formatter per argument
    }

    /** The display name of the argument at a position key. */
    public String nameOf(String position) {
        int index = Integer.parseInt(position);
        return index < names.size() ? names.get(index) : "argument " + (index + 1);
    }

    /** The declared version ("" when none). */
    public String version() {
        return code.version();
    }

    /** The key of a task with these parts. */
    public static TaskKey of(Subject subject, Code code, Map<String, String> arguments, List<String> names,
                             String receiver, String freshness) {
        Map<String, Object> hashed = new TreeMap<>(Map.of("format", FORMAT, "task", subject.task(), "stage",
                subject.stage(), "method", subject.method(), "version", code.version(), "code",
                code.isAuto() ? code.fingerprint() : "", "arguments", new TreeMap<>(arguments), "receiver", receiver,
                "freshness", freshness == null ? "" : freshness));
        if (!subject.namesAfterTask()) { // absent for the usual single call: its keys stay as they were
            hashed.put("tables", subject.tableBase());
        }
        String parts = CanonicalJson.of(hashed);
        return new TaskKey(Hashes.of("task", parts), FORMAT, subject, code, arguments, names, receiver, freshness);
    }

    /** A key that matches nothing, for tasks without a version. */
    public static TaskKey fresh(Subject subject, Code code, Map<String, String> arguments, List<String> names,
                                String receiver, String freshness, String runId, int ordinal) {
        return new TaskKey(Hashes.of("fresh", runId, subject.task(), Integer.toString(ordinal)), FORMAT, subject,
                code, arguments, names, receiver, freshness);
    }

    /**
     * Whether {@code committed} is the key of this same call, its source fingerprint aside: for a task with a
     * version, the key this call has with the committed fingerprint; without one (its keys never repeat), the same
     * method, names, arguments and receiver.
     */
    public boolean isCallOf(TaskKey committed) {
        if (version().isEmpty()) {
            return subject.method().equals(committed.subject.method())
                    && subject.tableBase().equals(committed.subject.tableBase())
                    && arguments.equals(committed.arguments) && receiver.equals(committed.receiver);
        }
        return of(subject, code, arguments, names, receiver, committed.freshness).key.equals(committed.key);
    }

    /** The key of output {@code path} of a task that ran (not lazy). */
    public String outputKey(String path) {
        return Hashes.of("output", key, path);
    }

    /** Whether {@link #partsJson()} of both keys is the same text, found without writing either. */
    public boolean sameParts(TaskKey other) {
        return subject.method().equals(other.subject.method()) && subject.tableBase().equals(other.subject.tableBase())
                && code.equals(other.code)
                && arguments.equals(other.arguments) && receiver.equals(other.receiver)
                && Objects.equals(freshnessText(), other.freshnessText());
    }

    private String freshnessText() {
        return freshness == null ? "" : freshness;
    }

    /** The parts as JSON, for the metadata (task and stage are stored in their own columns). */
    public String partsJson() {
        Map<String, Object> parts = new TreeMap<>(Map.of("format", FORMAT, "method", subject.method(), "version",
                code.version(), "fingerprint", code.fingerprint(), "code", code.detail(), "arguments", arguments,
                "receiver", receiver, "freshness", freshness == null ? "" : freshness));
        if (!subject.namesAfterTask()) {
            parts.put("tables", subject.tableBase());
        }
        return CanonicalJson.of(parts);
    }

    /** The parts read back from {@link #partsJson()} (also of format 1, which had fewer). */
    public static TaskKey fromParts(String key, String task, String stage, String partsJson) {
        Map<String, String> arguments = new TreeMap<>();
        Map<String, String> texts = new HashMap<>();
        int format = 1;
        try (JsonParser parser = CanonicalJson.parser(partsJson)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("not the parts of a task key: " + partsJson);
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("arguments") && value == JsonToken.START_OBJECT) {
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String position = parser.currentName();
                        parser.nextToken();
                        arguments.put(position, parser.getText());
                    }
                } else if (field.equals("format")) {
                    format = parser.getValueAsInt();
                } else if (value.isScalarValue()) {
                    texts.put(field, parser.getText());
                } else {
                    parser.skipChildren(); // a part a later format added
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + partsJson, e);
        }
        String freshness = texts.getOrDefault("freshness", "");
        Subject subject = new Subject(task, stage, texts.getOrDefault("method", ""),
                texts.getOrDefault("tables", task));
        Code code = new Code(texts.getOrDefault("version", ""), texts.getOrDefault("fingerprint", ""),
                texts.getOrDefault("code", ""));
        return new TaskKey(key, format, subject, code, arguments, List.of(), texts.getOrDefault("receiver", ""),
                freshness.isEmpty() ? null : freshness);
    }
}
