package dev.dag.internal.cache.code;

import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Collection;
import java.util.List;

/**
 * Where a class comes from, relative to one task, and so how the fingerprint sees it: code that is walked (the
 * project's, and any library without release coordinates), a released library identified by its coordinates, or
 * code that never enters a fingerprint (the JDK, generated classes, and dag itself).
 *
 * <p>Walked code is seen by the bytecode of the methods the task reaches, so a rebuild of the same sources gives the
 * same fingerprint: the bytes of a jar (with its entries' timestamps) never count. A released library (a jar whose
 * {@code META-INF/maven/.../pom.properties} names a version that is not a {@code -SNAPSHOT}, see
 * {@link ReleasedJars}) is seen by its group, artifact and version: a released version does not change.
 *
 * <p>dag's own classes ({@code dev.dag}, from dag's jars or shaded into the project's) are left out: what a task
 * computes does not depend on dag's code but on what the task passes to it, and a change of dag that must rerun
 * tasks changes dag's cache format instead ({@code TaskKey.FORMAT}), so that an upgrade or a rebuild of dag never
 * reruns every task silently.
 */
final class CodeOrigins {
    enum Origin { IGNORED, LIBRARY, PROJECT }

    private static final String DAG_PACKAGE = "dev.dag.";

    private static final ClassValue<String> LOCATIONS = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return locationOf(type);
        }
    };
    private static final String DAG = location(CodeOrigins.class);

    private final String root;
    private final List<String> projectPackages;

    /** Origins relative to a task whose class was loaded from {@code rootLocation}. */
    CodeOrigins(String rootLocation, Collection<String> projectPackages) {
        this.root = rootLocation;
        this.projectPackages = projectPackages.stream().filter(prefix -> !prefix.isBlank()).toList();
    }

    /** The code source of {@code type} as a URL text, or "" for the JDK and classes without one. */
    static String location(Class<?> type) {
        return LOCATIONS.get(type);
    }

    Origin of(Class<?> type) {
        String location = location(type);
        if (location.isEmpty() || isDag(type.getName(), location)) {
            return Origin.IGNORED;
        }
        if (location.equals(root) || isProjectPackage(type.getName())) {
            return Origin.PROJECT;
        }
        return ReleasedJars.coordinates(location) != null ? Origin.LIBRARY : Origin.PROJECT;
    }

    /**
     * True for dag's own classes: those of dag-api's code source (unless the task's own classes are there too),
     * dag-api's packages shaded into the project's jar, and {@code dev.dag} classes of other jars (dag-junit, the
     * command line), which are not the project's.
     */
    private boolean isDag(String className, String location) {
        if (location.equals(root)) {
            return isDagApi(className);
        }
        return location.equals(DAG) || className.startsWith(DAG_PACKAGE) && !isProjectPackage(className);
    }

    private boolean isProjectPackage(String className) {
        for (String prefix : projectPackages) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** True for the classes of dag-api's packages ({@code dev.dag} and {@code dev.dag.internal.*}). */
    private static boolean isDagApi(String className) {
        return className.startsWith("dev.dag.internal.")
                || className.startsWith(DAG_PACKAGE) && className.indexOf('.', DAG_PACKAGE.length()) < 0;
    }

    /** The part key of the released library {@code type} comes from: "lib:" and its group and artifact. */
    String libraryKey(Class<?> type) {
        ReleasedJars.Coordinates coordinates = ReleasedJars.coordinates(location(type));
        return Parts.LIB + coordinates.groupId() + ":" + coordinates.artifactId();
    }

    /** The identity of the released library {@code type} comes from: its version. */
    String libraryIdentity(Class<?> type) {
        return ReleasedJars.coordinates(location(type)).version();
    }

    private static String locationOf(Class<?> type) {
        try {
            ProtectionDomain domain = type.getProtectionDomain();
            CodeSource source = domain == null ? null : domain.getCodeSource();
            if (source == null || source.getLocation() == null) {
                return "";
            }
            String location = source.getLocation().toExternalForm();
            return location.startsWith("jrt:") ? "" : location;
        } catch (RuntimeException e) {
            return "";
        }
    }
}
