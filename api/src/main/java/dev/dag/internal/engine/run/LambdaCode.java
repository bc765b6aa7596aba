package dev.dag.internal.engine.run;

/** The code fingerprint of a lambda or method reference passed to a task, for its cache key. */
final class LambdaCode {
    private LambdaCode() {
    }

    /** The fingerprint of {@code value}'s implementation code, or null when it is not a lambda. */
    static String of(Object value) {
        return null; // WIRE: CodeFingerprints.ofLambda once the fingerprinting lands
    }
}
