package dev.dag.bench.macro;

import java.util.ArrayList;
import java.util.List;

/** Timed repetitions of one action, in nanoseconds; reported by their median. */
public final class Samples {
    private final List<Long> nanos = new ArrayList<>();

    void add(long elapsedNanos) {
        nanos.add(elapsedNanos);
    }

    /** The median in milliseconds (the mean of the two middle values for an even count). */
    public double medianMillis() {
        List<Long> sorted = nanos.stream().sorted().toList();
        int n = sorted.size();
        double middle = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
        return middle / 1e6;
    }

    /** {@code median (min–max, n)} in milliseconds, for the detail lines. */
    public String describe() {
        long min = nanos.stream().mapToLong(Long::longValue).min().orElse(0);
        long max = nanos.stream().mapToLong(Long::longValue).max().orElse(0);
        if (Boolean.getBoolean("bench.samples")) {
            System.out.println("    samples in order: " + nanos.stream().map(n -> String.format("%.0f", n / 1e6)).toList());
        }
        return String.format("median %s (min %s, max %s, n=%d)", Millis.format(medianMillis()),
                Millis.format(min / 1e6), Millis.format(max / 1e6), nanos.size());
    }
}
