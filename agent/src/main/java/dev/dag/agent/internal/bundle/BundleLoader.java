package dev.dag.agent.internal.bundle;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

/**
 * Loads the bundled dag apart from the application: its parent is the platform class loader, so the
 * application's Jackson, HikariCP or drivers never meet dag's. Only the packages in {@code shared} come from
 * the application's loader (see {@link BundledDag} for which and why).
 */
final class BundleLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final ClassLoader application;
    private final List<String> shared;

    /** @param shared package prefixes ({@code org.duckdb.}) whose classes the application's loader gives */
    BundleLoader(URL[] jars, ClassLoader application, List<String> shared) {
        super("dag-bundle", jars, ClassLoader.getPlatformClassLoader());
        this.application = application;
        this.shared = shared;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        for (String prefix : shared) {
            if (name.startsWith(prefix)) {
                return application.loadClass(name);
            }
        }
        return super.loadClass(name, resolve);
    }
}
