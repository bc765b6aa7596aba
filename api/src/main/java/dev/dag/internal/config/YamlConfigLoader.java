package dev.dag.internal.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one instance out of a {@code dag.yaml} file:
 *
 * <pre>
 * instances:
 *   default:
 *     url: jdbc:duckdb:dag.duckdb
 *   postgres:
 *     url: jdbc:postgresql://127.0.0.1:5432/test
 *     user: ${PGUSER:-postgres}
 *     schema_prefix: ${USER}_
 * </pre>
 */
public final class YamlConfigLoader {
    /** The top-level keys of a {@code dag.yaml}: instances for dag-api, tasks for the agent. */
    private static final List<String> SECTIONS = List.of("instances", "tasks");
    /** A line {@code key: value} of a YAML map. */
    private static final Pattern KEY_VALUE = Pattern.compile("\\s*-?\\s*([\\w.-]+)\\s*:\\s*(\\S.*?)\\s*");

    private YamlConfigLoader() {
    }

    /** The named instance, with environment placeholders replaced from {@code env}. */
    public static ConfigContext load(Path file, String instance, Map<String, String> env) {
        JsonNode instances = readInstances(file);
        JsonNode node = instances.get(instance);
        if (node == null) {
            throw new ConfigException("No instance '" + instance + "' in " + file.toAbsolutePath()
                    + ". Instances defined there: " + names(instances) + ".", null);
        }
        if (!node.isObject()) {
            throw new ConfigException("Instance '" + instance + "' in " + file.toAbsolutePath() + " is a "
                    + (node.isNull() ? "key without value" : "single value") + ", not a map of settings: indent its "
                    + "keys under it (e.g. '" + instance + ":' then '  url: jdbc:duckdb:dag.duckdb').", null);
        }
        Map<String, String> values = new LinkedHashMap<>();
        EnvPlaceholders placeholders = new EnvPlaceholders(env);
        node.fields().forEachRemaining(field -> {
            String where = file + " instance '" + instance + "' key '" + field.getKey() + "'";
            JsonNode value = field.getValue();
            if (value.isContainerNode()) {
                throw new ConfigException("A list or map is not a valid value (" + where + "): give a single value.",
                        null);
            }
            if (!value.isNull()) { // "key:" with nothing after it leaves the key unset
                values.put(field.getKey(), placeholders.resolve(value.asText(), where,
                        SecretNames.isSecret(field.getKey())));
            }
        });
        return ConfigContext.builder().instance(instance).fromMap(values).build();
    }

    private static JsonNode readInstances(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("Config file " + file.toAbsolutePath() + " does not exist.", null);
        }
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory())
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION) // a key given twice is a mistake
                    .readTree(file.toFile());
        } catch (IOException e) {
            // the parser quotes the lines around the error, which may be a password's
            List<String> secrets = secretValues(file);
            throw new ConfigException("Config file " + file.toAbsolutePath() + " is not valid YAML: "
                    + Redaction.text(String.valueOf(e.getMessage()), secrets), Redaction.throwable(e, secrets));
        }
        JsonNode instances = root == null ? null : root.get("instances");
        if (instances == null || !instances.isObject()) {
            throw new ConfigException("Config file " + file.toAbsolutePath()
                    + " has no 'instances:' map. See docs/configuration.md.", null);
        }
        refuseUnknownSections(file, root);
        return instances;
    }

    /** A misspelt section ({@code taks:}) would silently mean "no tasks": every top-level key must be known. */
    private static void refuseUnknownSections(Path file, JsonNode root) {
        if (root == null || !root.isObject()) {
            return;
        }
        root.fieldNames().forEachRemaining(key -> {
            if (!SECTIONS.contains(key)) {
                throw new ConfigException("Config file " + file.toAbsolutePath() + " has the unknown top-level key '"
                        + key + "'. Known keys: " + String.join(", ", SECTIONS) + ".", null);
            }
        });
    }

    /** The values of the keys that name secrets, as the file writes them (with and without quotes). */
    private static List<String> secretValues(Path file) {
        List<String> values = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                Matcher matcher = KEY_VALUE.matcher(line);
                if (matcher.matches() && SecretNames.isSecret(matcher.group(1))) {
                    String value = matcher.group(2);
                    values.add(value);
                    values.add(value.replaceAll("^[\"']|[\"']$", ""));
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // the file could not be parsed either; its lines are not quoted then
        }
        return values;
    }

    private static List<String> names(JsonNode instances) {
        List<String> names = new ArrayList<>();
        instances.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
