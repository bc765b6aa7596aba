package dev.dag.internal.engine.define;

import dev.dag.DefinitionException;
import dev.dag.Freshness;
import dev.dag.Materialize;
import dev.dag.TableRef;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * What makes a method a task: from its {@link Materialize} annotation, or from a {@code tasks:} entry of
 * the agent's configuration for methods whose code cannot be annotated (the agent passes that entry as
 * text: {@code version=1;lazy=true;stage=raw;sql=true;name=orders}).
 *
 * @param sql whether the method returns SQL text that is materialized and replaced by a query on the
 *            stored table (configured tasks only)
 */
record TaskSpec(String name, String version, boolean lazy, Class<?> inputType, int nout,
                Class<? extends Freshness> freshness, String stage, boolean sql) {

    static TaskSpec of(Method method, Materialize annotation) {
        return new TaskSpec(annotation.name().isEmpty() ? method.getName() : annotation.name(), annotation.version(),
                annotation.lazy(), annotation.inputType(), annotation.nout(), annotation.freshness(), annotation.stage(),
                false);
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
            if (!java.util.Set.of("name", "version", "lazy", "stage", "sql").contains(key)) {
                throw new DefinitionException("The agent's tasks: entry for " + method + " has the unknown key '" + key
                        + "'. Known keys: class, method, name, version, lazy, stage, sql.");
            }
        }
        return new TaskSpec(values.getOrDefault("name", method.getName()), values.getOrDefault("version", ""),
                Boolean.parseBoolean(values.get("lazy")), TableRef.class, -1, Freshness.None.class,
                values.getOrDefault("stage", ""), Boolean.parseBoolean(values.get("sql")));
    }
}
