package dev.dag.internal.cache;

/** Says in words which code changed between two stored code fingerprints. */
final class CodeChanges {
    private CodeChanges() {
    }

    /** What changed from {@code before} to {@code after} (fingerprint details as JSON), or "" when unknown. */
    static String between(String before, String after) {
        if (before.isEmpty() || after.isEmpty()) {
            return "";
        }
        return ""; // WIRE: CodeFingerprint.changeSince once the fingerprint lands
    }
}
