package dev.dag.internal.cache;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The form of a lazy task's SQL that its table's cache key hashes. References to physical tables
 * (which carry a run tag and the instance's schema prefix) are replaced by the cache keys of their
 * content, so the form changes exactly when the query text or an input's content changed, and is the
 * same for every run, user and branch.
 */
public final class CanonicalSql {
    private CanonicalSql() {
    }

    /**
     * @param sql              the query as the task built it
     * @param quotedDataSchema the quoted schema of physical tables, e.g. {@code "dag_data"}
     * @param keysByPhysical   cache key of each physical table the task can see (inputs, its own tables)
     */
    public static String of(String sql, String quotedDataSchema, Map<String, String> keysByPhysical) {
        Pattern reference = Pattern.compile(Pattern.quote(quotedDataSchema) + "\\.\"((?:[^\"]|\"\")*)\"");
        Matcher matcher = reference.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String physical = matcher.group(1).replace("\"\"", "\"");
            String key = keysByPhysical.get(physical);
            String replacement = key != null ? "{table:" + key + "}" : "\"" + matcher.group(1) + "\"";
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString().strip().replaceAll("[\\s;]+$", "");
    }
}
