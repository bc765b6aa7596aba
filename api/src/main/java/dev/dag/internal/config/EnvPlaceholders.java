package dev.dag.internal.config;

import dev.dag.ConfigException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Replaces {@code ${NAME}} and {@code ${NAME:-default}} in configuration values. */
final class EnvPlaceholders {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?}");

    private final Map<String, String> env;

    EnvPlaceholders(Map<String, String> env) {
        this.env = env;
    }

    /**
     * The value with every placeholder replaced.
     *
     * @param secret whether the value is a secret (a password): then a message never quotes it
     * @throws ConfigException naming {@code where} when a variable is unset and has no default
     */
    String resolve(String value, String where, boolean secret) {
        Matcher matcher = PLACEHOLDER.matcher(value);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String replacement = env.get(name);
            if (replacement == null) {
                replacement = matcher.group(3);
            }
            if (replacement == null) {
                throw new ConfigException("Environment variable " + name + " is not set (" + where
                        + "). Set it, or write ${" + name + ":-default}.", null);
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        String resolved = out.toString();
        for (int start = value.indexOf("${"); start >= 0; start = value.indexOf("${", start + 2)) {
            if (!PLACEHOLDER.matcher(value).region(start, value.length()).lookingAt()) {
                String shown = secret ? "the value" : "'" + Redaction.url(value) + "'";
                throw new ConfigException("Malformed placeholder in " + shown + " (" + where + "): write ${NAME} or "
                        + "${NAME:-default}.", null);
            }
        }
        return resolved;
    }
}
