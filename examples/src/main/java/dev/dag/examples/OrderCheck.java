package dev.dag.examples;

/**
 * One row of the clean stage's {@code order_checks} table: how many raw order rows got one outcome.
 *
 * @param outcome {@code accepted}, or why the rows were rejected (e.g. {@code duplicate})
 * @param orders  number of raw rows with that outcome
 */
public record OrderCheck(String outcome, long orders) {
    /** The outcome of rows that passed every check. */
    public static final String ACCEPTED = "accepted";

    /** Whether this line counts rejected rows. */
    public boolean rejected() {
        return !ACCEPTED.equals(outcome);
    }
}
