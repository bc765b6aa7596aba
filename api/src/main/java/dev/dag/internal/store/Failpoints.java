package dev.dag.internal.store;

import java.util.Set;

/**
 * Crash points for the crash tests: with {@code -Ddag.failpoints=name,...} the JVM halts at once (as
 * {@code kill -9} would) when it reaches one of the named points. Off unless the property is set; the
 * check is one read of a constant set.
 */
public final class Failpoints {
    /** Inside a stage's publishing transaction, after its statements, before the commit. */
    public static final String BEFORE_PUBLISH_COMMIT = "before-publish-commit";
    /** Inside the transaction upgrading the metadata to this format, after its statements, before the commit. */
    public static final String BEFORE_UPGRADE_COMMIT = "before-upgrade-commit";
    /** In a bulk load, after the first rows were sent. */
    public static final String DURING_BULK_LOAD = "during-bulk-load";

    private static final Set<String> ACTIVE = Set.of(System.getProperty("dag.failpoints", "").split(","));
    private static final int EXIT_CODE = 137;

    private Failpoints() {
    }

    /** Halts the JVM if {@code name} is active. */
    public static void hit(String name) {
        if (ACTIVE.contains(name)) {
            System.err.println("dag: failpoint " + name + " reached, halting");
            Runtime.getRuntime().halt(EXIT_CODE);
        }
    }
}
