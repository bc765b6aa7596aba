package dev.dag.cli;

/** The exit codes of {@code dag}, for scripts (also listed by {@code dag --help}). */
final class ExitCodes {
    static final int DONE = 0;
    static final int FAILED = 1;
    static final int NOT_FOUND = 3;
    static final int REFUSED = 4;
    static final int WOULD_RUN = 5;

    private ExitCodes() {
    }
}
