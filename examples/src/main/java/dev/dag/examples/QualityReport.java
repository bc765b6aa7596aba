package dev.dag.examples;

import java.util.List;

/**
 * The clean stage's data-quality report, stored as a blob next to its tables.
 *
 * @param rawRows   order rows the raw stage delivered
 * @param cleanRows order rows that passed every check
 * @param rejected  rejected rows by reason
 */
public record QualityReport(long rawRows, long cleanRows, List<OrderCheck> rejected) {
    /** Copies the list so the report stays immutable. */
    public QualityReport {
        rejected = List.copyOf(rejected);
    }

    /** The report for the per-outcome counts of the {@code order_checks} table. */
    public static QualityReport of(List<OrderCheck> checks) {
        long raw = checks.stream().mapToLong(OrderCheck::orders).sum();
        List<OrderCheck> rejected = checks.stream().filter(OrderCheck::rejected).toList();
        long clean = raw - rejected.stream().mapToLong(OrderCheck::orders).sum();
        return new QualityReport(raw, clean, rejected);
    }
}
