package dev.dag.it.support.gen;

import java.security.SecureRandom;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Runs a property: {@code tries} values of a generator, each drawn from a seed of its own, checked one after
 * another. A failure names the seed of its try and the system property that replays that try alone (a minimal
 * replay: the one failing value, without the tries before it). Statistics collected with {@link #collect} during
 * the tries are printed after them.
 *
 * @param name         what the property checks, for the printed lines
 * @param tries        how many values to check
 * @param seedProperty the system property that, when set, replays one try: the value drawn from that seed
 * @param replayOptions further options the replay needs (the limits the values were drawn under), or ""
 */
public record Property(String name, int tries, String seedProperty, String replayOptions) {
    private static final Map<String, Map<String, Integer>> STATISTICS = new TreeMap<>();

    /** A property whose values depend on nothing but the seed. */
    public Property(String name, int tries, String seedProperty) {
        this(name, tries, seedProperty, "");
    }

    /** Checks {@code check} on {@code tries} values of {@code gen}, or on the one of the replayed seed. */
    public <T> void check(Gen<T> gen, Consumer<T> check) {
        String replay = System.getProperty(seedProperty, "").trim();
        STATISTICS.clear();
        if (!replay.isEmpty()) {
            long seed = Long.parseLong(replay);
            System.out.println(name + ": replaying seed " + seed);
            tryOnce(gen, check, seed, 1, 1);
            return;
        }
        long runSeed = new SecureRandom().nextLong();
        SplittableRandom seeds = new SplittableRandom(runSeed);
        for (int i = 1; i <= tries; i++) {
            tryOnce(gen, check, seeds.nextLong(), i, tries);
        }
        System.out.println(name + ": " + tries + " tries passed (seeds from " + runSeed + ")" + statistics());
    }

    private <T> void tryOnce(Gen<T> gen, Consumer<T> check, long seed, int index, int of) {
        T value = gen.next(new SplittableRandom(seed));
        try {
            check.accept(value);
        } catch (Throwable failure) {
            throw new AssertionError(name + " failed at try " + index + " of " + of + ", seed " + seed
                    + ". Replay this try alone with -D" + seedProperty + "=" + seed
                    + (replayOptions.isEmpty() ? "" : " " + replayOptions) + "\n" + failure.getMessage(),
                    failure);
        }
    }

    /** Counts {@code value} under {@code label}, printed after the tries (what the property exercised). */
    public static void collect(String label, String value) {
        STATISTICS.computeIfAbsent(label, key -> new TreeMap<>()).merge(value, 1, Integer::sum);
    }

    private static String statistics() {
        StringBuilder text = new StringBuilder();
        STATISTICS.forEach((label, counts) -> text.append("\n  ").append(label).append(": ").append(counts));
        return text.toString();
    }
}
