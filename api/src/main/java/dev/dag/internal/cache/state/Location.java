package dev.dag.internal.cache.state;

/**
 * Where a value sits in the value being hashed: the path messages show (e.g. {@code argument.rows[2].name}) and
 * how deep it is nested.
 */
record Location(String path, int depth) {
    private static final int LONGEST_LABEL = 60;
    private static final int LONGEST_PATH = 200;

    /** The value being hashed, named {@code path} in messages. */
    static Location root(String path) {
        return new Location(path, 0);
    }

    /** A value held by this one, reached by {@code step} ({@code ".name"}, {@code "[3]"}, or none for a token). */
    Location child(String step) {
        return new Location(path + step, depth + 1);
    }

    /** The value stored under {@code key} in the map at this location. */
    Location mapValue(Object key) {
        return child("[" + label(key) + "]");
    }

    boolean isRoot() {
        return depth == 0;
    }

    /** The path cut to its start and end when it is long, so that a message stays readable. */
    String forMessage() {
        return path.length() <= LONGEST_PATH ? path
                : path.substring(0, 80) + "..." + path.substring(path.length() - 100);
    }

    /** A map key as it appears in a path: text quoted, numbers and constants as written, anything else by type. */
    private static String label(Object key) {
        String label;
        if (key instanceof String text) {
            label = '"' + text + '"';
        } else if (key instanceof Enum<?> constant) {
            label = constant.name();
        } else if (key == null || key instanceof Number || key instanceof Boolean || key instanceof Character) {
            label = String.valueOf(key);
        } else {
            label = "a " + key.getClass().getName();
        }
        return label.length() > LONGEST_LABEL ? label.substring(0, LONGEST_LABEL - 3) + "..." : label;
    }
}
