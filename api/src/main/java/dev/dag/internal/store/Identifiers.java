package dev.dag.internal.store;

import dev.dag.DefinitionException;
import java.nio.charset.StandardCharsets;

/**
 * Checks names that become database identifiers (stage and table names). Any text can be quoted except
 * control characters; names are also kept within 63 bytes, the shortest limit of the supported
 * databases (PostgreSQL), so that a pipeline behaves the same everywhere.
 */
public final class Identifiers {
    /** Longest identifier, in UTF-8 bytes, that every supported database keeps unchanged. */
    public static final int MAX_BYTES = 63;

    private Identifiers() {
    }

    /**
     * Returns {@code name} if it can be used as an identifier.
     *
     * @param what  what the name is for, e.g. "table name", for the message
     * @param task  the task using it, or null
     * @param stage the stage using it, or null
     * @throws DefinitionException naming the problem and what to do
     */
    public static String requireValid(String name, String what, String task, String stage) {
        String problem = problemWith(name, what.startsWith("stage"));
        if (problem != null) {
            boolean isTable = what.startsWith("table");
            throw new DefinitionException("Invalid " + what + " '" + printable(name) + "' (" + problem + ")"
                    + context(task, stage) + ". Give a name of 1 to " + MAX_BYTES + " bytes without control characters "
                            + "or surrounding blanks, e.g. 'clean_orders'.",
                    task, isTable ? name : null, stage);
        }
        return name;
    }

    /**
     * What keeps {@code name} (a table or column name) from being an identifier, e.g. "empty", or null when it can be
     * one.
     */
    public static String problem(String name) {
        return problemWith(name, false);
    }

    private static String problemWith(String name, boolean isSchema) {
        if (name == null || name.isEmpty()) {
            return "empty";
        }
        if (!name.equals(name.strip())) {
            return "leading or trailing blanks";
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                return "contains a control character, which no database can quote";
            }
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return "longer than " + MAX_BYTES + " bytes";
        }
        if (isSchema && name.toLowerCase(java.util.Locale.ROOT).startsWith("dag_")) {
            return "names starting with 'dag_' are reserved for dag's own schemas";
        }
        return null;
    }

    private static String context(String task, String stage) {
        String where = dev.dag.DagException.where(task == null ? null : printable(task), null,
                stage == null ? null : printable(stage));
        return where.isEmpty() ? "" : " in " + where;
    }

    private static String printable(String name) {
        if (name == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder();
        name.codePoints().forEach(c -> out.append(Character.isISOControl(c) ? String.format("\\u%04x", c)
                : new String(Character.toChars(c))));
        return out.toString();
    }
}
