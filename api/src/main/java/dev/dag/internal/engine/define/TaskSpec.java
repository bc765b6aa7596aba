package dev.dag.internal.engine.define;

import dev.dag.DefinitionException;
import dev.dag.Freshness;
import dev.dag.Materialize;
import dev.dag.TableRef;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What makes a method a task: from its {@link Materialize} annotation, or from a {@code tasks:} entry of
 * the agent's configuration for methods whose code cannot be annotated (the agent passes that entry as
 * text: {@code version=1;lazy=true;stage=raw;sql=true;name=orders;freshness=com.acme.Sources#orders;
 * ignore=connection,pool}).
 *
 * @param sql           whether the method returns SQL text that is materialized and replaced by a query on the
 *                      stored table (configured tasks only)
 * @param ignoredFields fields of the task's object left out of its cache key (configured tasks only)
 * @param previousVersions whether the body may read the previous version of its inputs of its own stage
 */
record TaskSpec(String name, String version, boolean lazy, Class<?> inputType, int nout, FreshnessSource freshness,
                boolean hasFreshness, String stage, boolean sql, Set<String> ignoredFields, boolean previousVersions) {
    private static final Set<String> KEYS = Set.of("name", "version", "lazy", "stage", "sql", "freshness", "ignore");

    static TaskSpec of(Method method, Materialize annotation) {
        return new TaskSpec(annotation.name().isEmpty() ? method.getName() : annotation.name(), annotation.version(),
                annotation.lazy(), annotation.inputType(), annotation.nout(), FreshnessSource.of(annotation.freshness()),
                annotation.freshness() != Freshness.None.class, annotation.stage(), false, Set.of(),
                annotation.previousVersions());
    }

    /**
     * Reads the agent's text form.
     *
     * @throws DefinitionException naming the method for an unknown key
     */
    static TaskSpec parse(Method method, String text) {
        Map<String, String> values = new HashMap<>();
        for (String part : text.split(";")) {
            int equals = part.indexOf('=');
            if (equals > 0) {
                values.put(part.substring(0, equals).trim(), part.substring(equals + 1).trim());
            }
        }
        for (String key : values.keySet()) {
            if (!KEYS.contains(key)) {
                throw new DefinitionException("The agent's tasks: entry for " + method + " has the unknown key '" + key
                        + "'. Known keys: class, method, name, version, lazy, stage, sql, freshness, ignore.");
            }
        }
        String freshness = values.get("freshness");
        FreshnessSource source = freshness == null ? FreshnessSource.NONE
                : FreshnessSource.ofStaticMethod(freshness, method.getDeclaringClass().getClassLoader(), method);
        Set<String> ignored = new LinkedHashSet<>();
        for (String field : values.getOrDefault("ignore", "").replaceAll("[\\[\\]]", "").split(",")) {
            if (!field.isBlank()) {
                ignored.add(field.trim());
            }
        }
        return new TaskSpec(values.getOrDefault("name", method.getName()), values.getOrDefault("version", ""),
                Boolean.parseBoolean(values.get("lazy")), TableRef.class, -1, source, freshness != null,
                values.getOrDefault("stage", ""), Boolean.parseBoolean(values.get("sql")), Set.copyOf(ignored), false);
    }
}
