package dev.dag.internal.engine.run;

import dev.dag.internal.cache.code.CodeFingerprint;
import dev.dag.internal.cache.code.CodeFingerprints;

/** The code fingerprint of a lambda or method reference passed to a task, for its cache key. */
final class LambdaCode {
    private LambdaCode() {
    }

    /** The fingerprint of {@code value}'s implementation code, or null when it is not a lambda. */
    static String of(Object value) {
        CodeFingerprint code = CodeFingerprints.ofLambda(value);
        return code == null ? null : code.hash();
    }
}
