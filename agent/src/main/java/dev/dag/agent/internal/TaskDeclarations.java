package dev.dag.agent.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code tasks:} section of the agent's config file: existing methods declared tasks without an
 * annotation, for classes that cannot be edited.
 *
 * <pre>
 * tasks:
 *   - class: com.acme.etl.Steps
 *     method: clean*          # a name, or a pattern with *
 *     version: "2"
 *     lazy: true
 *     stage: clean
 *     sql: true               # the method returns SQL text
 * </pre>
 *
 * The agent reads this small subset of YAML itself, so that it loads no YAML library into the host.
 */
final class TaskDeclarations {
    private static final List<String> SPEC_KEYS = List.of("name", "version", "lazy", "stage", "sql", "freshness", "ignore");

    private final List<Declaration> declarations;

    private TaskDeclarations(List<Declaration> declarations) {
        this.declarations = List.copyOf(declarations);
    }

    /**
     * One declared method pattern and the spec text the bridge receives for it.
     *
     * @param methodPattern the pattern as written ({@code clean*})
     */
    record Declaration(String className, String methodPattern, Pattern method, String spec) {
        boolean matchesMethod(String name) {
            return method.matcher(name).matches();
        }
    }

    static TaskDeclarations none() {
        return new TaskDeclarations(List.of());
    }

    /** Reads the file's {@code tasks:} section; problems are reported and the entry skipped. */
    static TaskDeclarations read(Path file) {
        try {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            AgentLog.warn("cannot read " + file + "; no tasks declared by configuration", e);
            return none();
        }
    }

    static TaskDeclarations parse(List<String> lines, String source) {
        List<Map<String, String>> entries = new ArrayList<>();
        boolean inTasks = false;
        for (String raw : lines) {
            String line = withoutComment(raw);
            if (line.isBlank()) {
                continue;
            }
            boolean topLevel = !Character.isWhitespace(line.charAt(0));
            if (topLevel) {
                inTasks = line.trim().equals("tasks:");
                continue;
            }
            if (!inTasks) {
                continue;
            }
            String item = line.trim();
            if (item.startsWith("- ")) {
                entries.add(new LinkedHashMap<>());
                item = item.substring(2).trim();
            }
            int colon = item.indexOf(':');
            if (colon > 0 && !entries.isEmpty()) {
                entries.get(entries.size() - 1).put(item.substring(0, colon).trim(), unquoted(item.substring(colon + 1)));
            }
        }
        List<Declaration> declarations = new ArrayList<>();
        for (Map<String, String> entry : entries) {
            String type = entry.get("class");
            String method = entry.get("method");
            if (type == null || method == null) {
                AgentLog.warn("a tasks: entry in " + source + " lacks class or method: " + entry, null);
                continue;
            }
            declarations.add(new Declaration(type, method, glob(method), spec(entry)));
        }
        return new TaskDeclarations(declarations);
    }

    private static String spec(Map<String, String> entry) {
        StringBuilder spec = new StringBuilder();
        for (String key : SPEC_KEYS) {
            if (entry.containsKey(key)) {
                spec.append(spec.isEmpty() ? "" : ";").append(key).append('=').append(entry.get(key));
            }
        }
        // an empty spec would mean "annotated"; a configured task always says so
        return spec.isEmpty() ? "version=" : spec.toString();
    }

    private static String withoutComment(String line) {
        int hash = line.indexOf(" #");
        return hash >= 0 ? line.substring(0, hash) : line.startsWith("#") ? "" : line;
    }

    private static String unquoted(String value) {
        String trimmed = value.trim();
        if (trimmed.length() >= 2 && (trimmed.startsWith("\"") && trimmed.endsWith("\"")
                || trimmed.startsWith("'") && trimmed.endsWith("'"))) {
            return trimmed.substring(1, trimmed.length() - 1);
        }
        return trimmed;
    }

    private static Pattern glob(String pattern) {
        List<String> parts = new ArrayList<>();
        for (String part : pattern.split("\\*", -1)) {
            parts.add(Pattern.quote(part));
        }
        return Pattern.compile(String.join(".*", parts));
    }

    /** Every declaration, in the order of the file. */
    List<Declaration> all() {
        return declarations;
    }

    /** The declarations for the class with this binary name (dots), possibly none. */
    List<Declaration> forClass(String className) {
        if (declarations.isEmpty()) {
            return List.of();
        }
        List<Declaration> matching = new ArrayList<>();
        for (Declaration declaration : declarations) {
            if (declaration.className().equals(className)) {
                matching.add(declaration);
            }
        }
        return matching;
    }
}
