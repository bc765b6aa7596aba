package dev.dag.it.cache.model;

import net.jqwik.api.FixedSeedMode;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyAttributes;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * How long the model check runs, from system properties (Maven passes {@code -D} options on to the test JVM):
 * {@code dag.model.tries} (scenarios per database), {@code dag.model.edits} (most edits per scenario),
 * {@code dag.model.tasks} (most tasks per flow), {@code dag.model.seed} (replay one seed) and
 * {@code dag.model.shrinking} (OFF, BOUNDED or FULL); {@code dag.it.parallelism} runs the flows with that many
 * tasks at once. A failure names its seed and the command that replays it.
 */
public final class ModelSettings implements AroundPropertyHook {
    static final int DEFAULT_EDITS = 3;
    static final int DEFAULT_TASKS = 6;

    static int maxEdits() {
        return Integer.getInteger("dag.model.edits", DEFAULT_EDITS);
    }

    static int maxTasks() {
        return Math.max(2, Integer.getInteger("dag.model.tasks", DEFAULT_TASKS));
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        apply(context.attributes());
        PropertyExecutionResult result = property.execute();
        if (result.status() != PropertyExecutionResult.Status.FAILED) {
            return result;
        }
        String seed = result.seed().orElse("?");
        Throwable cause = result.throwable().orElse(null);
        // the same seed generates the same samples only with the same limits, and needs as many tries
        return result.mapToFailed(new AssertionError("seed " + seed + ". Replay it (and shrink again) with\n"
                + "  mvn -B -ntp verify -pl integration-tests -am -Dit.test=CacheModelIT -Dtest=NONE "
                + "-Dsurefire.failIfNoSpecifiedTests=false -Ddag.model.seed=" + seed + " -Ddag.model.tries="
                + result.countTries() + " -Ddag.model.edits=" + maxEdits() + " -Ddag.model.tasks=" + maxTasks()
                + parallelism() + "\n\n" + (cause == null ? "" : cause.getMessage()), cause));
    }

    /** The parallelism the failing runs had (an execution of the suite runs the check with several tasks at once). */
    private static String parallelism() {
        String parallelism = System.getProperty("dag.it.parallelism");
        return parallelism == null ? "" : " -Ddag.it.parallelism=" + parallelism;
    }

    private static void apply(PropertyAttributes attributes) {
        Integer tries = Integer.getInteger("dag.model.tries");
        if (tries != null) {
            attributes.setTries(tries);
        }
        String seed = System.getProperty("dag.model.seed", "");
        if (!seed.isBlank()) {
            attributes.setSeed(seed.trim());
            attributes.setWhenFixedSeed(FixedSeedMode.ALLOW);
        }
        String shrinking = System.getProperty("dag.model.shrinking", "");
        if (!shrinking.isBlank()) {
            attributes.setShrinking(ShrinkingMode.valueOf(shrinking.trim().toUpperCase()));
        }
    }
}
