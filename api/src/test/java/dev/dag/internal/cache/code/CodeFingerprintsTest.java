package dev.dag.internal.cache.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stories of {@code Materialize.AUTO}: which edits of a task's code change its fingerprint (and so rerun it) and
 * which do not. Each variant is real Java compiled at test time with full debug information and loaded in its own
 * class loader, as a recompiled project is in the next JVM.
 */
class CodeFingerprintsTest {
    private static final String TASKS = "dev/example/Tasks.java";
    private static final String TASKS_CLASS = "dev.example.Tasks";

    @TempDir
    Path temp;

    private final AtomicInteger variants = new AtomicInteger();

    @Test
    void aCommentOrBlankLineChangesNothing() {
        CodeFingerprint before = task("""
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return "SELECT id, qty FROM " + table + " WHERE qty > 0";
                    }
                }
                """);
        CodeFingerprint after = task("""
                package dev.example;

                /** Tasks of the clean stage. */
                public class Tasks {

                    // keeps the valid orders only


                    public static String orders(String table) {
                        /* the filter */
                        return "SELECT id, qty FROM " + table   // the raw table
                                + " WHERE qty > 0";
                    }
                }
                """);

        assertEquals(before, after);
        assertEquals("", after.changeSince(before));
    }

    @Test
    void aRecompileWithoutChangesChangesNothing() {
        String source = """
                package dev.example;
                import java.util.List;
                public class Tasks {
                    public static String orders(String table) {
                        return Helper.select(List.of("id", "qty"), table);
                    }
                }
                """;
        String helper = """
                package dev.example;
                import java.util.List;
                class Helper {
                    static String select(List<String> columns, String table) {
                        return "SELECT " + String.join(", ", columns) + " FROM " + table;
                    }
                }
                """;

        assertEquals(task(Map.of(TASKS, source, "dev/example/Helper.java", helper)),
                task(Map.of(TASKS, source, "dev/example/Helper.java", helper)));
    }

    @Test
    void aRenamedLocalVariableChangesNothing() {
        CodeFingerprint before = task("""
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        String sql = "SELECT id, qty FROM " + table;
                        int limit = 10;
                        return sql + " LIMIT " + limit;
                    }
                }
                """);
        CodeFingerprint after = task("""
                package dev.example;
                public class Tasks {
                    public static String orders(String source) {
                        String query = "SELECT id, qty FROM " + source;
                        int maxRows = 10;
                        return query + " LIMIT " + maxRows;
                    }
                }
                """);

        assertEquals(before, after);
    }

    @Test
    void editedSqlTextChangesTheFingerprint() {
        CodeFingerprint before = task("""
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return "SELECT id, qty FROM " + table + " WHERE qty > 0";
                    }
                }
                """);
        CodeFingerprint after = task("""
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return "SELECT id, qty FROM " + table + " WHERE qty >= 1";
                    }
                }
                """);

        assertNotEquals(before.hash(), after.hash());
        assertEquals("Tasks.orders (Tasks.java)", after.changeSince(before));
    }

    @Test
    void anEditInACalledHelperChangesItAndTheReasonNamesTheHelper() {
        String tasks = """
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return SqlText.enriched(table) + " ORDER BY id";
                    }
                }
                """;
        CodeFingerprint before = task(Map.of(TASKS, tasks, "dev/example/SqlText.java", """
                package dev.example;
                final class SqlText {
                    static String enriched(String table) {
                        return "SELECT *, qty * price AS amount FROM " + table;
                    }
                }
                """));
        CodeFingerprint after = task(Map.of(TASKS, tasks, "dev/example/SqlText.java", """
                package dev.example;
                final class SqlText {
                    static String enriched(String table) {
                        return "SELECT *, qty * price * (1 - discount) AS amount FROM " + table;
                    }
                }
                """));

        assertNotEquals(before.hash(), after.hash());
        assertEquals("Tasks.orders → SqlText.enriched (SqlText.java)", after.changeSince(before));
        String task = "dev.example.Tasks.orders(Ljava/lang/String;)Ljava/lang/String;";
        assertEquals(before.parts().get(task), after.parts().get(task), "the task's own code did not change");
    }

    @Test
    void helpersInheritedFromASuperclassOrAnInterfaceAreFound() {
        String tasks = """
                package dev.example;
                public class Tasks extends BaseTasks implements Filters {
                    public String orders(String table) {
                        return select(table) + " WHERE " + valid();
                    }
                }
                """;
        String base = """
                package dev.example;
                abstract class BaseTasks {
                    String select(String table) {
                        return "SELECT * FROM " + table;
                    }
                }
                """;
        CodeFingerprint before = task(Map.of(TASKS, tasks, "dev/example/BaseTasks.java", base,
                "dev/example/Filters.java", filters("qty > 0")));
        CodeFingerprint after = task(Map.of(TASKS, tasks, "dev/example/BaseTasks.java", base,
                "dev/example/Filters.java", filters("qty > 1")));

        assertTrue(before.parts().containsKey("dev.example.BaseTasks.select(Ljava/lang/String;)Ljava/lang/String;"),
                before.parts().toString());
        assertEquals("Tasks.orders → Filters.valid (Filters.java)", after.changeSince(before));
    }

    private static String filters(String condition) {
        return """
                package dev.example;
                interface Filters {
                    default String valid() {
                        return "%s";
                    }
                }
                """.formatted(condition);
    }

    @Test
    void aParameterMarkerInSqlTextIsNotMistakenForJavacsNumbering() {
        // javac's $1, $2 in class and method names are made canonical; $1 in SQL text is SQL and counts
        CodeFingerprint first = task(parameterTask("$1"));
        CodeFingerprint second = task(parameterTask("$2"));

        assertNotEquals(first.hash(), second.hash());
    }

    private static String parameterTask(String marker) {
        return """
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return "SELECT * FROM " + table + " WHERE customer_id = %s";
                    }
                }
                """.formatted(marker);
    }

    @Test
    void anEditInALambdaBodyChangesIt() {
        CodeFingerprint before = task(lambdaTask("trim"));
        CodeFingerprint after = task(lambdaTask("lower"));

        assertNotEquals(before.hash(), after.hash());
        assertEquals("Tasks.orders → Tasks.lambda in orders (Tasks.java)", after.changeSince(before));
    }

    private static String lambdaTask(String function) {
        return """
                package dev.example;
                import java.util.stream.Collectors;
                import java.util.stream.Stream;
                public class Tasks {
                    public static String orders(String table) {
                        return "SELECT " + Stream.of("id", "name").map(c -> "%s(" + c + ") AS " + c)
                                .collect(Collectors.joining(", ")) + " FROM " + table;
                    }
                }
                """.formatted(function);
    }

    @Test
    void anEditInAnAnonymousClassChangesIt() {
        CodeFingerprint before = task(anonymousTask("qty > 0"));
        CodeFingerprint after = task(anonymousTask("qty > 1"));

        assertNotEquals(before.hash(), after.hash());
        assertEquals("Tasks.orders → Tasks$anonymous.get (Tasks.java)", after.changeSince(before));
    }

    private static String anonymousTask(String filter) {
        return """
                package dev.example;
                import java.util.function.Supplier;
                public class Tasks {
                    public static String orders(String table) {
                        Supplier<String> filter = new Supplier<>() {
                            @Override
                            public String get() {
                                return "%s";
                            }
                        };
                        return "SELECT * FROM " + table + " WHERE " + filter.get();
                    }
                }
                """.formatted(filter);
    }

    @Test
    void lambdasAndAnonymousClassesAddedToAnotherTaskChangeNothing() {
        // javac numbers lambdas and anonymous classes through the whole class: those of orders are renumbered
        String orders = """
                    public static String orders(String table) {
                        Supplier<String> filter = new Supplier<>() {
                            @Override
                            public String get() {
                                return "qty > 0";
                            }
                        };
                        return Stream.of("id", "qty").map(c -> "o." + c).collect(Collectors.joining(", "))
                                + " FROM " + table + " WHERE " + filter.get();
                    }
                """;
        String header = """
                package dev.example;
                import java.util.function.Supplier;
                import java.util.stream.Collectors;
                import java.util.stream.Stream;
                public class Tasks {
                """;
        String before = header + """
                    public static String customers(String table) {
                        return "SELECT * FROM " + table;
                    }
                """ + orders + "}\n";
        String after = header + """
                    public static String customers(String table) {
                        Supplier<String> columns = new Supplier<>() {
                            @Override
                            public String get() {
                                return Stream.of("id", "email").map(c -> "trim(" + c + ")")
                                        .collect(Collectors.joining(", "));
                            }
                        };
                        return "SELECT " + columns.get() + " FROM " + table;
                    }
                """ + orders + "}\n";

        Path beforeClasses = compile(Map.of(TASKS, before));
        Path afterClasses = compile(Map.of(TASKS, after));

        assertEquals(fingerprint(beforeClasses, "orders"), fingerprint(afterClasses, "orders"));
        assertNotEquals(fingerprint(beforeClasses, "customers").hash(), fingerprint(afterClasses, "customers").hash());
    }

    @Test
    void aChangedStaticFinalConstantChangesIt() {
        String tasks = """
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return "SELECT " + String.join(", ", Columns.COLS) + " FROM " + table;
                    }
                }
                """;
        CodeFingerprint before = task(Map.of(TASKS, tasks, "dev/example/Columns.java", """
                package dev.example;
                import java.util.List;
                public final class Columns {
                    public static final List<String> COLS = List.of("id", "qty");
                }
                """));
        CodeFingerprint after = task(Map.of(TASKS, tasks, "dev/example/Columns.java", """
                package dev.example;
                import java.util.List;
                public final class Columns {
                    public static final List<String> COLS = List.of("id", "qty", "price");
                }
                """));

        assertNotEquals(before.hash(), after.hash());
        assertEquals("Tasks.orders → Columns.COLS (Columns.java, value of a static final field)",
                after.changeSince(before));
    }

    private static final String QUOTING_TASKS = """
            package dev.example;
            import dev.dag.Table;
            import dev.lib.Quote;
            public class Tasks {
                public static Table orders(Table raw) {
                    return Table.of("SELECT * FROM " + raw.ref() + " WHERE status = " + Quote.literal("paid"));
                }
            }
            """;

    @Test
    void aLibraryWithoutReleaseCoordinatesIsSeenByTheCodeTheTaskReaches() {
        Path libraryV1 = library("lib1", "'", Map.of());
        Path libraryV2 = library("lib2", "''", Map.of());
        Path project = compile(Map.of(TASKS, QUOTING_TASKS), libraryV1);

        CodeFingerprint before = fingerprint(Variants.loader(project, libraryV1), "orders", List.of());
        CodeFingerprint after = fingerprint(Variants.loader(project, libraryV2), "orders", List.of());

        assertTrue(before.parts().containsKey("dev.lib.Quote.literal(Ljava/lang/String;)Ljava/lang/String;"),
                before.parts().keySet().toString());
        assertNotEquals(before.hash(), after.hash());
        assertEquals("Tasks.orders → Quote.literal (Quote.java)", after.changeSince(before));
    }

    @Test
    void dagsOwnClassesNeverEnterATasksFingerprint() {
        Path library = library("lib1", "'", Map.of());
        CodeFingerprint fingerprint = fingerprint(Variants.loader(compile(Map.of(TASKS, QUOTING_TASKS), library),
                library), "orders", List.of("dev."));

        assertFalse(fingerprint.parts().keySet().stream().anyMatch(key -> key.contains("dev.dag.")
                || key.startsWith("lib:")), "dag-api is neither walked nor listed: " + fingerprint.parts().keySet());
    }

    @Test
    void aReleasedLibraryIsSeenByItsCoordinatesNotItsBytes() {
        Path project = compile(Map.of(TASKS, QUOTING_TASKS), library("lib0", "'", Map.of()));
        CodeFingerprint v1 = fingerprint(Variants.loader(project, library("lib1", "'", released("1.0"))), "orders",
                List.of());
        CodeFingerprint v1Rebuilt = fingerprint(Variants.loader(project, library("lib2", "''", released("1.0"))),
                "orders", List.of());
        CodeFingerprint v11 = fingerprint(Variants.loader(project, library("lib3", "'", released("1.1"))), "orders",
                List.of());
        CodeFingerprint snapshot = fingerprint(Variants.loader(project, library("lib4", "'",
                released("1.2-SNAPSHOT"))), "orders", List.of());

        assertEquals("1.0", v1.parts().get("lib:dev.lib:quote-lib"), v1.parts().toString());
        assertFalse(v1.parts().keySet().stream().anyMatch(key -> key.startsWith("dev.lib.")), "not walked");
        assertEquals(v1, v1Rebuilt, "a released version is what it is, whatever the jar's bytes");
        assertEquals("library dev.lib:quote-lib changed (1.0 → 1.1)", v11.changeSince(v1));
        assertTrue(snapshot.parts().containsKey("dev.lib.Quote.literal(Ljava/lang/String;)Ljava/lang/String;"),
                "a snapshot is walked: " + snapshot.parts().keySet());
    }

    @Test
    void aJarBuiltTwiceFromTheSameSourcesGivesTheSameFingerprint() {
        Path sources = Variants.compile(temp.resolve("lib"), Map.of("dev/lib/Quote.java", quoteSource("'")));
        Path first = Variants.jar(sources, temp.resolve("build1").resolve("quote-lib.jar"),
                released("1.0-SNAPSHOT"), 1_000_000_000_000L);
        Path second = Variants.jar(sources, temp.resolve("build2").resolve("quote-lib.jar"),
                released("1.0-SNAPSHOT"), 1_700_000_000_000L);
        Path project = compile(Map.of(TASKS, QUOTING_TASKS), first);

        assertEquals(fingerprint(Variants.loader(project, first), "orders", List.of()),
                fingerprint(Variants.loader(project, second), "orders", List.of()));
    }

    private static Map<String, String> released(String version) {
        return Map.of("META-INF/maven/dev.lib/quote-lib/pom.properties",
                "groupId=dev.lib\nartifactId=quote-lib\nversion=" + version + "\n");
    }

    /** A jar {@code dir}/quote-lib.jar of one class quoting SQL literals with {@code quote}, and {@code extra}. */
    private Path library(String dir, String quote, Map<String, String> extra) {
        Path classes = Variants.compile(temp.resolve(dir), Map.of("dev/lib/Quote.java", quoteSource(quote)));
        return Variants.jar(classes, temp.resolve(dir).resolve("jar").resolve("quote-lib.jar"), extra,
                System.currentTimeMillis());
    }

    private static String quoteSource(String quote) {
        return """
                package dev.lib;
                public final class Quote {
                    public static String literal(String text) {
                        return "%s" + text + "%s";
                    }
                }
                """.formatted(quote, quote);
    }

    @Test
    void callsThatReadOutsideTheJvmAreListedWithTheMethodThatMakesThem() {
        CodeFingerprint fingerprint = task("""
                package dev.example;
                import java.nio.file.Files;
                import java.nio.file.Path;
                import java.util.List;
                public class Tasks {
                    public static String orders(String file) throws Exception {
                        return "" + Csv.read(file) + java.time.LocalDate.now() + new java.util.Random().nextInt()
                                + java.util.UUID.randomUUID() + System.currentTimeMillis() + System.getenv("HOME")
                                + new java.util.Scanner(Path.of(file)).next() + new java.net.URL(file).openStream();
                    }
                    static final class Csv {
                        static List<String> read(String file) throws Exception {
                            return Files.readAllLines(Path.of(file));
                        }
                    }
                }
                """);

        assertEquals(java.util.Set.of("java.nio.file.Files.readAllLines", "java.time.LocalDate.now",
                "new java.util.Random", "java.util.Random.nextInt", "java.util.UUID.randomUUID",
                "java.lang.System.currentTimeMillis", "java.lang.System.getenv", "new java.util.Scanner",
                "java.net.URL.openStream", "new java.net.URL"), fingerprint.outsideInputs().keySet());
        assertEquals("Tasks$Csv.read", fingerprint.outsideInputs().get("java.nio.file.Files.readAllLines"));
        assertEquals("Tasks.orders", fingerprint.outsideInputs().get("java.time.LocalDate.now"));
    }

    @Test
    void readingAClassPathResourceIsAnOutsideInput() {
        CodeFingerprint fingerprint = task("""
                package dev.example;
                public class Tasks {
                    public static String orders() throws Exception {
                        return "" + Tasks.class.getResourceAsStream("/orders.csv").read()
                                + Tasks.class.getClassLoader().getResource("regions.csv")
                                + ClassLoader.getSystemResourceAsStream("x.csv");
                    }
                }
                """);

        assertEquals(java.util.Set.of("java.lang.Class.getResourceAsStream", "java.lang.ClassLoader.getResource",
                "java.lang.ClassLoader.getSystemResourceAsStream"), fingerprint.outsideInputs().keySet());
    }

    @Test
    void namesOfFilesAndPureComputationsAreNoOutsideInput() {
        CodeFingerprint fingerprint = task("""
                package dev.example;
                import java.nio.file.Path;
                public class Tasks {
                    public static String orders(String file) {
                        return Path.of(file).resolve("x").getFileName() + java.net.URI.create(file).getPath()
                                + java.net.URLEncoder.encode(file, java.nio.charset.StandardCharsets.UTF_8)
                                + java.time.LocalDate.of(2024, 1, 1) + Math.max(1, 2);
                    }
                }
                """);

        assertEquals(Map.of(), fingerprint.outsideInputs());
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a guard against a hang, not a speed claim
    void recursionTerminates() throws Exception {
        CodeFingerprint fingerprint = task("""
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return nested(table, 3) + even(4) + new Node().render();
                    }
                    static String nested(String table, int depth) {
                        return depth == 0 ? table : "(SELECT * FROM " + nested(table, depth - 1) + ")";
                    }
                    static boolean even(int n) {
                        return n == 0 || odd(n - 1);
                    }
                    static boolean odd(int n) {
                        return n != 0 && even(n - 1);
                    }
                    static final class Node {
                        String render() {
                            return new Node().toString() + render();
                        }
                    }
                }
                """);

        assertTrue(fingerprint.parts().containsKey("dev.example.Tasks.nested(Ljava/lang/String;I)Ljava/lang/String;"));
        assertTrue(fingerprint.parts().containsKey("dev.example.Tasks.even(I)Z"));
        assertTrue(fingerprint.parts().containsKey("dev.example.Tasks.odd(I)Z"));
        assertTrue(fingerprint.parts().containsKey("dev.example.Tasks$Node.render()Ljava/lang/String;"));
    }

    @Test
    void aHugeGraphIsFoldedIntoClassIdentitiesAndNoted() {
        StringBuilder chain = new StringBuilder("package dev.example;\npublic class Tasks {\n");
        chain.append("    public static int orders(int n) { return step0(n); }\n");
        for (int i = 0; i < 30; i++) {
            chain.append("    static int step").append(i).append("(int n) { return step").append(i + 1)
                    .append("(n + ").append(i).append("); }\n");
        }
        String last = "    static int step30(int n) { return n * %d; }\n}\n";
        Method before = method(compile(Map.of(TASKS, chain + last.formatted(2))), "orders");
        Method after = method(compile(Map.of(TASKS, chain + last.formatted(3))), "orders");

        CodeFingerprint capped = walk(before, 10);

        assertTrue(capped.parts().get("note:cap").startsWith("10 methods walked;"), capped.parts().toString());
        assertTrue(capped.parts().containsKey("class:dev.example.Tasks"));
        assertNotEquals(capped.hash(), walk(after, 10).hash(), "an edit past the cap still counts, by its class");
        assertEquals(capped, walk(before, 10));
    }

    private static CodeFingerprint walk(Method task, int maxMethods) {
        return new CodeWalker(new CodeOrigins(CodeOrigins.location(task.getDeclaringClass()), List.of()), maxMethods)
                .root(task.getDeclaringClass(), task.getName(), org.objectweb.asm.Type.getMethodDescriptor(task))
                .walk();
    }

    @Test
    void aLambdaObjectIsFingerprintedByItsImplementation() throws Exception {
        String lambdas = """
                package dev.example;
                import java.util.function.Function;
                public final class Lambdas {
                    public static Function<Integer, Integer> step() {
                        return x -> x %s;
                    }
                    public static Function<Integer, Integer> plus(int n) {
                        return x -> x + n;
                    }
                }
                """;
        Path plusOne = compile(Map.of("dev/example/Lambdas.java", lambdas.formatted("+ 1")));
        Path plusOneAgain = compile(Map.of("dev/example/Lambdas.java", lambdas.formatted("+ 1")));
        Path timesHundred = compile(Map.of("dev/example/Lambdas.java", lambdas.formatted("* 100")));

        CodeFingerprint first = CodeFingerprints.ofLambda(call(plusOne, "step"));

        assertNotNull(first);
        assertEquals(first, CodeFingerprints.ofLambda(call(plusOneAgain, "step")), "the same lambda compiled twice");
        assertNotEquals(first.hash(), CodeFingerprints.ofLambda(call(timesHundred, "step")).hash());
        assertNotEquals(first.hash(), CodeFingerprints.ofLambda(call(plusOne, "plus", 1)).hash(), "another lambda");
        assertEquals(CodeFingerprints.ofLambda(call(plusOne, "plus", 1)),
                CodeFingerprints.ofLambda(call(plusOne, "plus", 2)), "captured values are not part of it");
        assertNull(CodeFingerprints.ofLambda("x -> x + 1"));
        assertNull(CodeFingerprints.ofLambda(null));
    }

    @Test
    void lambdasOfTheSameShapeInOneClassWithOtherCodeAreRefusedUnlessTheirClassSaysWhichTheyAre() throws Exception {
        String lambdas = """
                package dev.example;
                import java.io.Serializable;
                import java.util.function.Function;
                public final class Lambdas {
                    public static Function<Integer, Integer> plus() {
                        return x -> x + %s;
                    }
                    public static Function<Integer, Integer> times() {
                        return x -> x * 2;
                    }
                    public static Function<Integer, Integer> serializablePlus() {
                        return (Function<Integer, Integer> & Serializable) x -> x + %s;
                    }
                    public static Function<Integer, Integer> serializableTimes() {
                        return (Function<Integer, Integer> & Serializable) x -> x * 2;
                    }
                }
                """;
        Path before = compile(Map.of("dev/example/Lambdas.java", lambdas.formatted("1", "1")));
        Path after = compile(Map.of("dev/example/Lambdas.java", lambdas.formatted("5", "5")));

        // these tests run without the agent, so the lambda's own class cannot be read: two sites match its shape
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CodeFingerprints.ofLambda(call(before, "times")));
        assertTrue(refused.getMessage().contains("one of 2 lambdas"), refused.getMessage());
        assertTrue(refused.getMessage().contains("dev.example.Lambdas"), refused.getMessage());
        // a serializable lambda names its implementation: exact
        assertEquals(CodeFingerprints.ofLambda(call(before, "serializableTimes")),
                CodeFingerprints.ofLambda(call(after, "serializableTimes")));
        assertNotEquals(CodeFingerprints.ofLambda(call(before, "serializablePlus")).hash(),
                CodeFingerprints.ofLambda(call(after, "serializablePlus")).hash());
    }

    @Test
    void lambdasOfTheSameShapeWithTheSameCodeNeedNotBeToldApart() throws Exception {
        String lambdas = """
                package dev.example;
                import java.util.function.Function;
                public final class Lambdas {
                    public static Function<Integer, Integer> first() {
                        return x -> x + 1;
                    }
                    public static Function<Integer, Integer> second() {
                        return x -> x + 1;
                    }
                }
                """;
        Path classes = compile(Map.of("dev/example/Lambdas.java", lambdas));

        assertEquals(CodeFingerprints.ofLambda(call(classes, "first")), CodeFingerprints.ofLambda(call(classes,
                "second")), "either lambda computes the same");
    }

    private static Object call(Path classes, String method, Object... arguments) throws Exception {
        Class<?> type = Class.forName("dev.example.Lambdas", true, Variants.loader(classes));
        for (Method candidate : type.getMethods()) {
            if (candidate.getName().equals(method)) {
                Object lambda = candidate.invoke(null, arguments);
                assertTrue(lambda instanceof Function<?, ?>);
                return lambda;
            }
        }
        throw new AssertionError("no method " + method);
    }

    @Test
    void fingerprintsRoundTripThroughJson() {
        CodeFingerprint before = task(Map.of(TASKS, """
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return Sql.from(table);
                    }
                }
                """, "dev/example/Sql.java", """
                package dev.example;
                final class Sql {
                    static String from(String table) {
                        return "SELECT * FROM " + table;
                    }
                }
                """));
        CodeFingerprint after = task(Map.of(TASKS, """
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return Sql.from(table);
                    }
                }
                """, "dev/example/Sql.java", """
                package dev.example;
                final class Sql {
                    static String from(String table) {
                        return "SELECT DISTINCT * FROM " + table;
                    }
                }
                """));

        CodeFingerprint stored = CodeFingerprint.fromJson(before.toJson());

        assertEquals(before, stored);
        assertEquals(before.toJson(), stored.toJson());
        assertEquals("", before.changeSince(stored));
        assertEquals("Tasks.orders → Sql.from (Sql.java)", after.changeSince(stored));
        assertThrows(IllegalArgumentException.class, () -> CodeFingerprint.fromJson("{\"hash\": 1}"));
        assertThrows(IllegalArgumentException.class, () -> CodeFingerprint.fromJson("not json"));
    }

    @Test
    void theSameClassIsFingerprintedOnce() {
        Path classes = compile(Map.of(TASKS, """
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return from(table) + " WHERE qty > 0";
                    }
                    public static String customers(String table) {
                        return from(table);
                    }
                    private static String from(String table) {
                        return "SELECT * FROM " + table;
                    }
                }
                """));
        URLClassLoader loader = Variants.loader(classes);
        Method orders = Variants.method(loader, TASKS_CLASS, "orders");

        CodeFingerprint first = CodeFingerprints.of(orders);
        long reads = ClassCode.reads();

        assertSame(first, CodeFingerprints.of(orders), "kept per task method");
        assertNotNull(CodeFingerprints.of(Variants.method(loader, TASKS_CLASS, "customers")));
        assertNotNull(CodeFingerprints.of(orders, List.of("dev.other")));
        assertEquals(reads, ClassCode.reads(), "the class was read once, for its first fingerprint");
    }

    @Test
    void classBytesThatCannotBeFoundAreNotedNotThrown() {
        Path classes = compile(Map.of(TASKS, """
                package dev.example;
                public class Tasks {
                    public static String orders(String table) {
                        return Hidden.sql(table);
                    }
                }
                """, "dev/example/Hidden.java", """
                package dev.example;
                class Hidden {
                    static String sql(String table) {
                        return "SELECT * FROM " + table;
                    }
                }
                """));
        URLClassLoader withoutHidden = new URLClassLoader(Variants.urls(classes), getClass().getClassLoader()) {
            @Override
            public InputStream getResourceAsStream(String name) {
                return name.equals("dev/example/Hidden.class") ? null : super.getResourceAsStream(name);
            }
        };

        CodeFingerprint fingerprint = CodeFingerprints.of(Variants.method(withoutHidden, TASKS_CLASS, "orders"));

        assertTrue(fingerprint.parts().containsKey("missing:dev.example.Hidden"), fingerprint.parts().toString());
        assertTrue(fingerprint.parts().containsKey("dev.example.Tasks.orders(Ljava/lang/String;)Ljava/lang/String;"));
    }

    @Test
    void fingerprintingATypicalTaskIsCheap() {
        Path classes = compile(Map.of(TASKS, """
                package dev.example;
                import java.util.List;
                import java.util.stream.Collectors;
                public class Tasks {
                    static final List<String> COLUMNS = List.of("order_id", "customer_id", "sku", "quantity");
                    public static String orders(String raw, String customers, int maxQuantity) {
                        String checked = Sql.check(raw, customers, maxQuantity);
                        String columns = COLUMNS.stream().map(c -> "o." + c).collect(Collectors.joining(", "));
                        return "SELECT " + columns + " FROM (" + checked + ") o WHERE " + Sql.valid();
                    }
                }
                """, "dev/example/Sql.java", """
                package dev.example;
                final class Sql {
                    static String check(String raw, String customers, int max) {
                        return \"""
                            SELECT o.*, CASE WHEN o.quantity NOT BETWEEN 1 AND %d THEN 'quantity out of range'
                                             WHEN c.customer_id IS NULL THEN 'unknown customer' END AS reject_reason
                            FROM %s o LEFT JOIN %s c USING (customer_id)
                            \""".formatted(max, raw, customers) + dedupe();
                    }
                    static String valid() {
                        return "reject_reason IS NULL";
                    }
                    private static String dedupe() {
                        return " QUALIFY row_number() OVER (PARTITION BY order_id) = 1";
                    }
                }
                """));
        for (int i = 0; i < 20; i++) {
            // warm-up: the first fingerprints in a JVM also load ASM and run before the JIT compiled it
            CodeFingerprints.of(method(classes, "orders"));
        }
        Method orders = method(classes, "orders"); // a new loader: new classes, read again

        long start = System.nanoTime();
        CodeFingerprint first = CodeFingerprints.of(orders);
        long cold = System.nanoTime() - start;
        int rounds = 5_000;
        start = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            walk(orders, CodeWalker.MAX_METHODS);
        }
        long walk = (System.nanoTime() - start) / rounds;
        start = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            CodeFingerprints.of(orders);
        }
        long cached = (System.nanoTime() - start) / rounds;

        // measured, not asserted: timings depend on the machine
        System.out.printf("code fingerprint of a typical task (%d parts): first %.2f ms (loads and reads its classes),"
                        + " a walk over read classes %.0f µs, cached %.1f µs%n",
                first.parts().size(), cold / 1e6, walk / 1e3, cached / 1e3);
        assertEquals(first.hash(), walk(orders, CodeWalker.MAX_METHODS).hash());
    }

    // --- helpers

    private CodeFingerprint task(String tasksSource) {
        return task(Map.of(TASKS, tasksSource));
    }

    private CodeFingerprint task(Map<String, String> sources) {
        return fingerprint(compile(sources), "orders");
    }

    private Path compile(Map<String, String> sources, Path... classpath) {
        return Variants.compile(temp.resolve("v" + variants.incrementAndGet()), sources, classpath);
    }

    private static CodeFingerprint fingerprint(Path classes, String method) {
        return fingerprint(Variants.loader(classes), method, List.of());
    }

    private static CodeFingerprint fingerprint(ClassLoader loader, String method, List<String> projectPackages) {
        return CodeFingerprints.of(Variants.method(loader, TASKS_CLASS, method), projectPackages);
    }

    private static Method method(Path classes, String name) {
        return Variants.method(Variants.loader(classes), TASKS_CLASS, name);
    }
}
