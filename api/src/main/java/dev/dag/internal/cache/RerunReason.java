package dev.dag.internal.cache;

import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Explains in words why a task's cache entry did not match, from the parts of the old and new keys. */
public final class RerunReason {
    /** How {@link dev.dag.internal.cache.sql.CanonicalSql} writes a table the SQL reads: the key of its content. */
    private static final Pattern TABLE_KEY = Pattern.compile("\\{table:[^}]*}");

    /** How a secret's keyed hash is written in a key's parts ({@code cache.state.Secrets}): never shown. */
    private static final Pattern SECRET_HASH = Pattern.compile("(\"\\$?secret\":)\"[0-9a-f]{64}\"");

    /**
     * A stored table named in the SQL text itself, {@code "<prefix>dag_data"."<stage>__<table>__<run>"}: what a SQL
     * task of existing code splices in where it read an earlier step's result (docs/existing-etl.md). A new name there
     * is an input that changed, not an edit of the SQL.
     */
    private static final Pattern STORED_TABLE = Pattern.compile(
            "\"[^\"]*dag_data\"\\.\"((?:[^\"]|\"\")+?)__((?:[^\"]|\"\")+?)__([^\"_]+)(?:_h[0-9a-f]+)?\"");

    private static final int MAX_VALUE = 40;

    private RerunReason() {
    }

    /** Why a task with key {@code current} reruns, given the last committed key (null when none). */
    public static String between(TaskKey previous, TaskKey current) {
        if (current.version().isEmpty()) {
            return "no version: runs every time";
        }
        if (previous == null) {
            return "no cache entry: first run in this stage";
        }
        if (previous.format() != current.format()) {
            return "dag's cache key format changed (format " + previous.format() + " → " + current.format()
                    + "): rebuilt once";
        }
        if (!previous.version().equals(current.version())) {
            return "version changed (" + shown(previous.version()) + " → " + shown(current.version()) + ")";
        }
        if (!previous.subject().method().equals(current.subject().method())) {
            return "task method changed (" + shown(previous.subject().method()) + " → "
                    + shown(current.subject().method()) + ")";
        }
        if (current.code().isAuto() && !previous.code().fingerprint().equals(current.code().fingerprint())) {
            return codeChange(previous, current);
        }
        String argument = argumentChange(previous, current);
        if (argument != null) {
            return argument;
        }
        if (!Objects.equals(previous.receiver(), current.receiver())) {
            return "task object changed (" + change(previous.receiver(), current.receiver()) + ")";
        }
        if (!previous.subject().tableBase().equals(current.subject().tableBase())) {
            return "the tables it gives no name are named '" + current.subject().tableBase() + "' now, not '"
                    + previous.subject().tableBase() + "' (a task called several times in a stage names them after "
                    + "itself and a hash of the call)";
        }
        String fresh = freshInput(previous, current);
        if (fresh != null) {
            return fresh;
        }
        return previous.key().equals(current.key()) ? "stored table missing"
                : "cache key changed (stage or task name)";
    }

    /**
     * For a manual version: the warning when the task's code changed although its version did not (the
     * cache entry was kept), or null.
     */
    public static String codeDrift(TaskKey previous, TaskKey current) {
        if (previous == null || current.code().isAuto() || current.version().isEmpty()
                || previous.code().fingerprint().isEmpty() || current.code().fingerprint().isEmpty()
                || previous.code().fingerprint().equals(current.code().fingerprint())) {
            return null;
        }
        String what = CodeChanges.between(previous.code().detail(), current.code().detail());
        return "code changed since version \"" + current.version() + "\" was cached" + (what.isEmpty() ? "" : " ("
                + what + ")") + ": bump the version or use version = Materialize.AUTO";
    }

    private static String codeChange(TaskKey previous, TaskKey current) {
        String what = CodeChanges.between(previous.code().detail(), current.code().detail());
        return what.isEmpty() ? "code changed" : "code changed: " + what;
    }

    /**
     * What joins an input's key to the key of its previous version in the key of a task that reads previous versions
     * ({@code @Materialize(previousVersions = true)}).
     */
    public static final String PREVIOUS_VERSION = " previous ";

    /** An input's token without the key of its previous version. */
    private static String withoutPrevious(String token) {
        return token == null ? null : token.replaceAll(PREVIOUS_VERSION + "[^\"]*", "");
    }

    private static String argumentChange(TaskKey previous, TaskKey current) {
        TreeSet<String> names = new TreeSet<>(previous.arguments().keySet());
        names.addAll(current.arguments().keySet());
        for (String name : names) {
            String before = previous.arguments().get(name);
            String after = current.arguments().get(name);
            if (!Objects.equals(before, after)) {
                boolean isInput = (before != null && before.contains("\"$input\""))
                        || (after != null && after.contains("\"$input\""));
                String shownName = current.nameOf(name);
                if (isInput && before != null && before.contains(PREVIOUS_VERSION)
                        && Objects.equals(withoutPrevious(before), withoutPrevious(after))) {
                    return "the previous version of input '" + shownName + "' changed (the stage was published since)";
                }
                return isInput ? "input '" + shownName + "' changed"
                        : "constant argument '" + shownName + "' changed (" + change(before, after) + ")";
            }
        }
        return null;
    }

    /** The arguments two calls of a task differ in, as {@code name: before → after} joined by "; " ("" for none). */
    public static String argumentsThatDiffer(TaskKey first, TaskKey second) {
        TreeSet<String> positions = new TreeSet<>(first.arguments().keySet());
        positions.addAll(second.arguments().keySet());
        StringBuilder differ = new StringBuilder();
        for (String position : positions) {
            String before = first.arguments().get(position);
            String after = second.arguments().get(position);
            if (!Objects.equals(before, after)) {
                String name = second.names().isEmpty() ? first.nameOf(position) : second.nameOf(position);
                differ.append(differ.isEmpty() ? "" : "; ").append(name).append(": ").append(change(before, after));
            }
        }
        return differ.toString();
    }

    public static String freshInput(TaskKey previous, TaskKey current) {
        if (previous == null || Objects.equals(previous.freshness(), current.freshness())) {
            return null;
        }
        return "fresh input (fingerprint " + shown(previous.freshness()) + " → " + shown(current.freshness()) + ")";
    }

    /**
     * A one-line diff of two canonical SQL texts: the first line that differs, old and new. When only the keys of
     * the tables the SQL reads differ, it says so; otherwise the diff leaves those keys out (they are hashes).
     */
    public static String sqlDiff(String before, String after) {
        String plainBefore = withoutTableKeys(before);
        String plainAfter = withoutTableKeys(after);
        if (plainBefore.equals(plainAfter)) {
            return "same SQL, a table it reads changed";
        }
        String inputs = storedTablesChanged(plainBefore, plainAfter);
        if (inputs != null) {
            return inputs;
        }
        plainBefore = STORED_TABLE.matcher(plainBefore).replaceAll("$1.$2");
        plainAfter = STORED_TABLE.matcher(plainAfter).replaceAll("$1.$2");
        String[] old = plainBefore.split("\n");
        String[] now = plainAfter.split("\n");
        int line = 0;
        while (line < old.length && line < now.length && old[line].equals(now[line])) {
            line++;
        }
        String removed = line < old.length ? old[line].strip() : "";
        String added = line < now.length ? now[line].strip() : "";
        int start = commonPrefix(removed, added);
        int from = Math.max(0, start - 10);
        return "SQL changed at line " + (line + 1) + ": -" + shown(excerpt(removed, from)) + " +"
                + shown(excerpt(added, from));
    }

    /**
     * When two texts differ only in the stored tables they name: "input stage.table changed", naming each table
     * whose stored table is new; else null.
     */
    private static String storedTablesChanged(String before, String after) {
        if (!STORED_TABLE.matcher(before).replaceAll("{$1.$2}").equals(STORED_TABLE.matcher(after)
                .replaceAll("{$1.$2}"))) {
            return null;
        }
        TreeSet<String> changed = new TreeSet<>();
        Matcher now = STORED_TABLE.matcher(after);
        while (now.find()) {
            if (!before.contains(now.group())) {
                changed.add(now.group(1).replace("\"\"", "\"") + "." + now.group(2).replace("\"\"", "\""));
            }
        }
        if (changed.isEmpty()) {
            return null;
        }
        boolean one = changed.size() == 1;
        return (one ? "input " : "inputs ") + String.join(", ", changed) + " changed (the SQL reads "
                + (one ? "its new stored table)" : "their new stored tables)");
    }

    private static String withoutTableKeys(String sql) {
        return TABLE_KEY.matcher(sql).replaceAll("{table}");
    }

    private static int commonPrefix(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    private static String excerpt(String text, int from) {
        return (from > 0 ? "…" : "") + text.substring(Math.min(from, text.length()));
    }

    /**
     * {@code before → after}, each cut to what a reader needs: a long value (an object's full state) is shown
     * from shortly before its first difference, so that "min":3 → "min":8 is visible, not the class name.
     */
    private static String change(String rawBefore, String rawAfter) {
        String before = rawBefore == null ? null : withoutSecrets(rawBefore);
        String after = rawAfter == null ? null : withoutSecrets(rawAfter);
        if (before != null && before.equals(after) && !rawBefore.equals(rawAfter)) {
            return "a secret in it changed; dag keeps only a keyed hash of a secret and never shows it";
        }
        if (before == null || after == null || before.length() <= MAX_VALUE && after.length() <= MAX_VALUE) {
            return shown(before) + " → " + shown(after);
        }
        int from = Math.max(0, commonPrefix(before, after) - 10);
        return shown(excerpt(before, from)) + " → " + shown(excerpt(after, from));
    }

    /** {@code json} with the keyed hash of each secret replaced by {@code "…"}. */
    private static String withoutSecrets(String json) {
        return SECRET_HASH.matcher(json).replaceAll("$1\"…\"");
    }

    private static String shown(String text) {
        if (text == null) {
            return "none";
        }
        String value = withoutSecrets(text);
        return value.length() <= MAX_VALUE ? value : value.substring(0, MAX_VALUE - 1) + "…";
    }
}
