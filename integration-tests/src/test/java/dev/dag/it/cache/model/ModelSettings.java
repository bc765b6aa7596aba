package dev.dag.it.cache.model;

import dev.dag.it.support.gen.Property;

/**
 * How long the model check runs, from system properties (Maven passes {@code -D} options on to the test JVM):
 * {@code dag.model.tries} (scenarios per database), {@code dag.model.edits} (most edits per scenario),
 * {@code dag.model.tasks} (most tasks per flow) and {@code dag.model.seed} (replay the one scenario of that seed);
 * {@code dag.it.parallelism} runs the flows with that many tasks at once. A failure names its seed and the options
 * that replay it.
 */
final class ModelSettings {
    static final int DEFAULT_TRIES = 10;
    static final int DEFAULT_EDITS = 3;
    static final int DEFAULT_TASKS = 6;

    private ModelSettings() {
    }

    static int maxEdits() {
        return Integer.getInteger("dag.model.edits", DEFAULT_EDITS);
    }

    static int maxTasks() {
        return Math.max(2, Integer.getInteger("dag.model.tasks", DEFAULT_TASKS));
    }

    /** The property of the model check on {@code database}. */
    static Property property(String database) {
        // the same seed draws the same scenario only under the same limits
        return new Property("the cache model on " + database, Integer.getInteger("dag.model.tries", DEFAULT_TRIES),
                "dag.model.seed", "-Ddag.model.edits=" + maxEdits() + " -Ddag.model.tasks=" + maxTasks()
                + parallelism() + " (mvn -B -ntp verify -pl integration-tests -am -Dit.test=CacheModelIT -Dtest=NONE "
                + "-Dsurefire.failIfNoSpecifiedTests=false ...)");
    }

    /** The parallelism the failing runs had (an execution of the suite runs the check with several tasks at once). */
    private static String parallelism() {
        String parallelism = System.getProperty("dag.it.parallelism");
        return parallelism == null ? "" : " -Ddag.it.parallelism=" + parallelism;
    }
}
