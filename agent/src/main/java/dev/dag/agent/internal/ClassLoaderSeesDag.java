package dev.dag.agent.internal;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Whether a class loader can see {@code dev.dag.Materialize} (looked up as a resource, never loaded):
 * classes of any other loader cannot carry tasks. Answers are cached per loader.
 */
final class ClassLoaderSeesDag {
    private static final String ANNOTATION_RESOURCE = "dev/dag/Materialize.class";

    private final Map<ClassLoader, Boolean> answers = Collections.synchronizedMap(new WeakHashMap<>());

    boolean matches(ClassLoader loader) {
        if (loader == null) {
            return false; // the bootstrap loader holds the JDK only
        }
        return answers.computeIfAbsent(loader, ClassLoaderSeesDag::sees);
    }

    private static boolean sees(ClassLoader loader) {
        try {
            return loader.getResource(ANNOTATION_RESOURCE) != null;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
