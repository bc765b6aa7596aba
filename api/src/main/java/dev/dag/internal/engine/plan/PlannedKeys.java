package dev.dag.internal.engine.plan;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Stand-ins for cache keys a plan cannot compute, in place of the key wherever a run would put one (the keys of a
 * consumer's inputs, the tokens in its lazy SQL). Neither kind is ever equal to a real key (those are hex digests),
 * so a key built from one never matches a committed entry, as the real key would not either.
 * <ul>
 * <li>A <b>new</b> key: the run gives the output a key no committed entry has (a task without a version, a forced
 * task, or one whose inputs have new keys). Its consumers with a version certainly run.</li>
 * <li>An <b>undetermined</b> key: the run may give the output its old key or a new one (the task itself is
 * unknown to the plan). Its consumers are unknown too.</li>
 * </ul>
 */
public final class PlannedKeys {
    private static final String NEW = "new-when-run:";
    private static final String UNDETERMINED = "unknown-until-run:";
    private static final AtomicLong NEXT = new AtomicLong();

    /** The value of a blob that only the body of its task computes, which the plan does not run. */
    public static final Object UNKNOWN_VALUE = new Object() {
        @Override
        public String toString() {
            return "(computed when its task runs)";
        }
    };

    private PlannedKeys() {
    }

    /** A key that the run would make new. */
    public static String newKey() {
        return NEW + NEXT.incrementAndGet();
    }

    /** A key that the run may keep or make new. */
    public static String undetermined() {
        return UNDETERMINED + NEXT.incrementAndGet();
    }

    /** Whether {@code key} stands for a key the run would make new. */
    public static boolean isNew(String key) {
        return key != null && key.startsWith(NEW);
    }

    static boolean isUndetermined(String key) {
        return key != null && key.startsWith(UNDETERMINED);
    }
}
