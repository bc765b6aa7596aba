package dev.dag.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Flow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of dag-api, checked on the compiled classes: the public package reaches the internals
 * only through the seam, dialects know nothing above them, the layers under the engine never reach up
 * into it, and no internal package grows past what a reader takes in at once.
 */
class ArchitectureTest {
    private static final String PUBLIC = "dev.dag";
    private static final String INTERNAL = "dev.dag.internal.";
    private static final String SEAM = "dev.dag.internal.seam";
    private static final String DIALECT = "dev.dag.internal.store.dialect";
    private static final String ENGINE = "dev.dag.internal.engine";
    /** Layers under the engine (with their subpackages): they never use the engine or the bridge. */
    private static final List<String> BELOW_ENGINE = List.of("dev.dag.internal.cache", "dev.dag.internal.store",
            "dev.dag.internal.rows", "dev.dag.internal.config");
    private static final int MAX_CLASSES_PER_INTERNAL_PACKAGE = 16;

    /** Every compiled class of dag-api (nested ones included) and the classes it refers to. */
    private static Map<String, Set<String>> references;

    @BeforeAll
    static void readCompiledClasses() throws IOException, URISyntaxException {
        Path classes = Path.of(Flow.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        references = new TreeMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            files.filter(file -> file.toString().endsWith(".class")).forEach(file -> {
                String name = classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".")
                        .replaceAll("\\.class$", "");
                try {
                    references.put(name, ClassReferences.of(file));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        assertTrue(references.size() > 50, "the compiled classes of dag-api were found: " + references.size());
    }

    @Test
    void thePublicPackageReachesTheInternalsOnlyThroughTheSeam() {
        assertEquals(List.of(), violations(PUBLIC::equals,
                used -> used.startsWith(INTERNAL) && !packageOf(used).equals(SEAM)));
    }

    @Test
    void dialectsKnowNothingAboveThem() {
        assertEquals(List.of(), violations(ArchitectureTest::isDialect,
                used -> used.startsWith(PUBLIC + ".") && !isDialect(packageOf(used))));
    }

    @Test
    void theLayersUnderTheEngineNeverReachUpIntoIt() {
        assertEquals(List.of(), violations(
                user -> BELOW_ENGINE.stream().anyMatch(layer -> user.equals(layer) || user.startsWith(layer + ".")),
                used -> used.startsWith(ENGINE + ".") || used.startsWith("dev.dag.internal.bridge.")));
    }

    @Test
    void noInternalPackageHoldsMoreThanSixteenClasses() {
        Map<String, Long> sizes = references.keySet().stream()
                .filter(name -> name.startsWith(INTERNAL) && !name.contains("$"))
                .collect(Collectors.groupingBy(ArchitectureTest::packageOf, TreeMap::new, Collectors.counting()));
        sizes.values().removeIf(count -> count <= MAX_CLASSES_PER_INTERNAL_PACKAGE);
        assertEquals(Map.of(), sizes, "split these packages by job");
    }

    @Test
    void theChecksSeeViolations() {
        // guards the checks themselves: the engine does use dag's internals and the public package
        assertTrue(references.get(ENGINE + ".run.Run").contains("dev.dag.internal.store.Database"));
        assertTrue(references.get(PUBLIC + ".Flow").contains(SEAM + ".Engine"));
    }

    /** "A uses B" for each class A in a package {@code inPackage} accepts that uses a class B {@code forbidden} accepts. */
    private static List<String> violations(Predicate<String> inPackage,
                                           Predicate<String> forbidden) {
        List<String> found = new ArrayList<>();
        references.forEach((user, used) -> {
            if (inPackage.test(packageOf(user))) {
                used.stream().filter(forbidden).forEach(target -> found.add(user + " uses " + target));
            }
        });
        return found;
    }

    /** The dialect package and its subpackages (e.g. the bulk loaders and readers of {@code dialect.values}). */
    private static boolean isDialect(String packageName) {
        return packageName.equals(DIALECT) || packageName.startsWith(DIALECT + ".");
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }
}
