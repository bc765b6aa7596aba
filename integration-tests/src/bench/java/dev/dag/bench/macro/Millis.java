package dev.dag.bench.macro;

/** Formats durations for the report. */
final class Millis {
    private Millis() {
    }

    /** {@code 0.123 ms}, {@code 12.3 ms}, {@code 1,234 ms}. */
    static String format(double millis) {
        if (millis < 1) {
            return String.format("%.3f ms", millis);
        }
        if (millis < 100) {
            return String.format("%.1f ms", millis);
        }
        return String.format("%,.0f ms", millis);
    }
}
