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
 * into it, the engine keeps its inner order and reaches dag_meta through its interface, the cache holds key
 * logic only, one class ends transactions, every package says its job, and no internal package grows past what
 * a reader takes in at once.
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
    private static final String CACHE = "dev.dag.internal.cache";
    private static final String JDBC = "dev.dag.internal.jdbc";
    private static final String HASH = "dev.dag.internal.hash";
    private static final String META = "dev.dag.internal.store.meta";
    /**
     * The engine's packages top to bottom (docs/architecture.md, "The engine's inner order"): each uses only the
     * layers after it. A layer of two packages (a stage version and its cleanup) may use both.
     * {@code engine.context} stands apart: every layer changes the thread's state, and the states name what
     * they hold.
     */
    private static final List<List<String>> ENGINE_ORDER = List.of(List.of("run"), List.of("run.open"),
            List.of("schedule"), List.of("plan"), List.of("override"), List.of("materialize"), List.of("stage", "stage.content", "stage.cleanup"),
            List.of("report"), List.of("events"), List.of("trust"), List.of("define"), List.of("values"));
    private static final String ENGINE_CONTEXT = ENGINE + ".context";

    /** Every compiled class of dag-api (nested ones included) and the classes it refers to. */
    private static Map<String, Set<String>> references;
    /** Every compiled class of dag-api and the names of the methods it calls. */
    private static Map<String, Set<String>> memberNames;

    @BeforeAll
    static void readCompiledClasses() throws IOException, URISyntaxException {
        Path classes = Path.of(Flow.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        references = new TreeMap<>();
        memberNames = new TreeMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            files.filter(file -> file.toString().endsWith(".class")).forEach(file -> {
                String name = classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".")
                        .replaceAll("\\.class$", "");
                try {
                    references.put(name, ClassReferences.of(file));
                    memberNames.put(name, ClassReferences.memberNames(file));
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
                used -> used.startsWith(PUBLIC + ".") && !isDialect(packageOf(used)) && !packageOf(used).equals(JDBC)));
    }

    @Test
    void theLayersUnderTheEngineNeverReachUpIntoIt() {
        assertEquals(List.of(), violations(
                user -> BELOW_ENGINE.stream().anyMatch(layer -> user.equals(layer) || user.startsWith(layer + ".")),
                used -> used.startsWith(ENGINE + ".") || used.startsWith("dev.dag.internal.bridge.")));
    }

    @Test
    void theCacheKeepsKeyLogicOnly() {
        // the cache decides "never stale"; dag_meta (store.meta) keeps what it decided, the store writes tables
        assertEquals(List.of(), violations(ArchitectureTest::isCache, used -> isUnder(used, "dev.dag.internal.store")
                || isUnder(used, "dev.dag.internal.rows") || isUnder(used, JDBC)));
        assertEquals(List.of(), violations(CACHE::equals, used -> used.startsWith("java.sql.")));
    }

    @Test
    void hashesAndJdbcPlumbingAreLeaves() {
        assertEquals(List.of(), violations(name -> name.equals(HASH) || name.equals(JDBC),
                used -> used.startsWith(PUBLIC + ".") && !packageOf(used).equals(HASH) && !packageOf(used).equals(JDBC)));
    }

    @Test
    void onlyTheJdbcPlumbingEndsTransactions() {
        // one transaction rule (rollback on any exception, a failed rollback suppressed, auto-commit restored)
        List<String> found = new ArrayList<>();
        memberNames.forEach((user, names) -> {
            if (user.startsWith(PUBLIC + ".") && !packageOf(user).equals(JDBC)) {
                names.stream().filter(name -> name.equals("rollback") || name.equals("setAutoCommit"))
                        .forEach(name -> found.add(user + " calls " + name));
            }
        });
        assertEquals(List.of(), found, "use dev.dag.internal.jdbc.Transactions");
    }

    @Test
    void theEngineReachesDagMetaOnlyThroughItsInterface() {
        assertEquals(List.of(), violations(name -> isUnder(name, ENGINE) || name.equals("dev.dag.internal.admin"),
                used -> used.equals(META + ".JdbcMetadata") || used.equals(META + ".MetadataFormat")));
    }

    @Test
    void theEngineKeepsItsInnerOrder() {
        List<String> found = new ArrayList<>();
        for (int layer = 0; layer < ENGINE_ORDER.size(); layer++) {
            List<String> above = ENGINE_ORDER.subList(0, layer).stream().flatMap(List::stream)
                    .map(name -> ENGINE + "." + name).toList();
            List<String> own = ENGINE_ORDER.get(layer).stream().map(name -> ENGINE + "." + name).toList();
            found.addAll(violations(own::contains, used -> above.contains(packageOf(used))));
        }
        assertEquals(List.of(), found, "see docs/architecture.md, 'The engine's inner order'");
        List<String> listed = ENGINE_ORDER.stream().flatMap(List::stream).map(name -> ENGINE + "." + name).toList();
        List<String> unlisted = references.keySet().stream().map(ArchitectureTest::packageOf)
                .filter(name -> name.startsWith(ENGINE + ".") && !listed.contains(name) && !name.equals(ENGINE_CONTEXT))
                .distinct().toList();
        assertEquals(List.of(), unlisted, "give each engine package its place in ENGINE_ORDER");
    }

    @Test
    void everyPackageSaysWhatItHolds() throws IOException {
        Path sources = Path.of("src/main/java");
        assertTrue(Files.isDirectory(sources), "run from the module directory: " + Path.of("").toAbsolutePath());
        List<String> missing = references.keySet().stream().map(ArchitectureTest::packageOf).distinct()
                .filter(name -> name.startsWith(PUBLIC))
                .filter(name -> !Files.exists(sources.resolve(name.replace('.', '/')).resolve("package-info.java")))
                .toList();
        assertEquals(List.of(), missing, "add a package-info.java: the package's one job, as in docs/architecture.md");
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
        assertTrue(memberNames.get(JDBC + ".Transactions").contains("rollback"));
        assertTrue(references.get(ENGINE + ".run.Run").contains(ENGINE + ".stage.StageRun"));
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

    private static boolean isCache(String packageName) {
        return isUnder(packageName, CACHE);
    }

    /** {@code name} is {@code root} or inside it. */
    private static boolean isUnder(String name, String root) {
        return name.equals(root) || name.startsWith(root + ".");
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
