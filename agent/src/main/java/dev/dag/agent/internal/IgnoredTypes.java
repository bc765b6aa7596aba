package dev.dag.agent.internal;

/** Packages that never hold tasks, rejected by name before a class file is even scanned. */
final class IgnoredTypes {
    private static final String[] PREFIXES = {
        "java/", "javax/", "jdk/", "sun/", "com/sun/", "net/bytebuddy/", "dev/dag/agent/", "dev/dag/internal/",
        "org/slf4j/", "org/junit/", "org/apache/maven/", "com/zaxxer/", "org/duckdb/", "org/postgresql/",
        "com/fasterxml/", "kotlin/", "scala/", "org/springframework/", "ch/qos/logback/", "org/apache/logging/"
    };

    private IgnoredTypes() {
    }

    /** Whether the class with this internal name (slashes) is skipped. */
    static boolean matches(String internalName) {
        for (String prefix : PREFIXES) {
            if (internalName.startsWith(prefix)) {
                return true;
            }
        }
        return internalName.contains("$$Lambda") || internalName.startsWith("jdk.");
    }
}
