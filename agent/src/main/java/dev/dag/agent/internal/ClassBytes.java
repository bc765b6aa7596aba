package dev.dag.agent.internal;

import java.nio.charset.StandardCharsets;

/**
 * The agent's cheap first pass over a class file: a class whose constant pool does not mention
 * {@code Ldev/dag/Materialize;} declares no annotated task, and is left alone without being parsed.
 */
final class ClassBytes {
    private static final byte[] ANNOTATION = "Ldev/dag/Materialize;".getBytes(StandardCharsets.US_ASCII);

    private ClassBytes() {
    }

    /** Whether the class file mentions the task annotation. */
    static boolean mentionsTaskAnnotation(byte[] classFile) {
        byte first = ANNOTATION[0];
        int last = classFile.length - ANNOTATION.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (classFile[i] != first) {
                continue;
            }
            for (int j = 1; j < ANNOTATION.length; j++) {
                if (classFile[i + j] != ANNOTATION[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
