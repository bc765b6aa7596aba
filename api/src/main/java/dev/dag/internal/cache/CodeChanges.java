package dev.dag.internal.cache;

import dev.dag.internal.cache.code.CodeFingerprint;

/** Says in words which code changed between two stored code fingerprints. */
final class CodeChanges {
    private CodeChanges() {
    }

    /** What changed from {@code before} to {@code after} (fingerprint details as JSON), or "" when unknown. */
    static String between(String before, String after) {
        if (before.isEmpty() || after.isEmpty()) {
            return "";
        }
        try {
            return CodeFingerprint.fromJson(after).changeSince(CodeFingerprint.fromJson(before));
        } catch (IllegalArgumentException e) {
            return ""; // a detail written by another version of dag: the reason stays general
        }
    }
}
