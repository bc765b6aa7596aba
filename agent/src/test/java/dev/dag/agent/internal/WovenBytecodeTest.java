package dev.dag.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * The woven class files themselves: accepted by ASM's verifier (types, recomputed) and by the JVM's (which
 * checks the stack map frames the weaver extends and adds), for every task shape, for the main-run wrapper,
 * and for class files of older and newer targets than the build's.
 */
class WovenBytecodeTest {
    private final Weaver weaver = new Weaver(declaration -> { });

    @TempDir
    Path dir;

    @Test
    void everyTaskShapeVerifies() throws Exception {
        for (String type : List.of("example.tasks.Shapes", "example.tasks.Orders", "example.tasks.Pricing")) {
            byte[] woven = weaver.weave(type, classFile(type), List.of(), null, BridgeCalls.APPLICATION);

            assertVerifies(woven);
            assertNotNull(defineAndLink(type, woven));
        }
    }

    @Test
    void wovenHandlerComesAfterTheBodysOwnHandlers() throws Exception {
        byte[] woven = weaver.weave("example.tasks.Shapes", classFile("example.tasks.Shapes"), List.of(), null,
                BridgeCalls.APPLICATION);

        MethodNode guarded = method(woven, "guarded");
        List<TryCatchBlockNode> handlers = guarded.tryCatchBlocks;
        assertEquals("java/lang/NumberFormatException", handlers.get(0).type);
        TryCatchBlockNode last = handlers.get(handlers.size() - 1);
        assertEquals("java/lang/Throwable", last.type);
        assertTrue(handlers.subList(0, handlers.size() - 1).stream().noneMatch(h -> h.handler == last.handler));
    }

    @Test
    void declaredTasksVerify() throws Exception {
        TaskDeclarations declared = TaskDeclarations.parse(List.of("tasks:", "  - class: example.tasks.Shapes",
                "    method: tag*", "    version: 2"), "test");

        byte[] woven = weaver.weave("example.tasks.Shapes", classFile("example.tasks.Shapes"),
                declared.forClass("example.tasks.Shapes"), null, BridgeCalls.APPLICATION);

        assertVerifies(woven);
        assertNotNull(defineAndLink("example.tasks.Shapes", woven));
    }

    @Test
    void mainRunAroundAMainThatIsATaskVerifiesForJava17And8() throws Exception {
        for (String release : List.of("17", "8")) {
            byte[] original = Files.readAllBytes(compileLegacy(release).resolve("Legacy.class"));
            List<TaskDeclarations.Declaration> mainIsATask = TaskDeclarations.parse(List.of("tasks:",
                    "  - class: Legacy", "    method: main"), "test").forClass("Legacy");

            byte[] woven = weaver.weave("Legacy", original, mainIsATask, "flow=nightly", BridgeCalls.APPLICATION);

            assertVerifies(woven);
            assertNotNull(defineAndLink("Legacy", woven));
        }
    }

    @Test
    void java8ClassFileIsWovenAndRuns() throws Exception {
        byte[] original = Files.readAllBytes(compileLegacy("8").resolve("Legacy.class"));
        assertEquals(52, majorVersion(original), "precondition");

        byte[] woven = weaver.weave("Legacy", original, List.of(), "flow=nightly", BridgeCalls.APPLICATION);

        assertVerifies(woven);
        Method twice = defineAndLink("Legacy", woven).getMethod("twice", long.class, String.class);
        assertEquals("xx1", twice.invoke(null, 1L, "x"));
    }

    @Test
    void java21ClassFileVerifies() throws Exception {
        byte[] classFile = classFile("example.tasks.Shapes");
        classFile[7] = 65;

        byte[] woven = weaver.weave("example.tasks.Shapes", classFile, List.of(), null, BridgeCalls.APPLICATION);

        assertEquals(65, majorVersion(woven));
        assertVerifies(woven);
    }

    @Test
    void java6ClassFileIsLeftAlone() throws Exception {
        byte[] classFile = classFile("example.tasks.Shapes");
        classFile[7] = 50;

        assertNull(weaver.weave("example.tasks.Shapes", classFile, List.of(), null, BridgeCalls.APPLICATION));
    }

    private static void assertVerifies(byte[] classFile) {
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(classFile), WovenBytecodeTest.class.getClassLoader(), false,
                new PrintWriter(problems));
        assertEquals("", problems.toString());
    }

    private static MethodNode method(byte[] classFile, String name) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        return node.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    private static int majorVersion(byte[] classFile) {
        return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
    }

    private static byte[] classFile(String type) throws IOException {
        try (InputStream in = WovenBytecodeTest.class.getClassLoader()
                .getResourceAsStream(type.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    /** Defines the class in a fresh loader and links it, which makes the JVM verify it. */
    private static Class<?> defineAndLink(String type, byte[] classFile) throws ClassNotFoundException {
        ClassLoader loader = new ClassLoader("woven", WovenBytecodeTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (!name.equals(type)) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, classFile, 0, classFile.length);
            }

            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    Class<?> loaded = findLoadedClass(name);
                    return loaded != null ? loaded : name.equals(type) ? findClass(name) : super.loadClass(name, resolve);
                }
            }
        };
        return Class.forName(type, true, loader);
    }

    /** A task class outside any package, with a main, compiled for {@code release}. */
    private Path compileLegacy(String release) throws IOException {
        return compile("Legacy", "public class Legacy {\n"
                + "  @dev.dag.Materialize(version = \"1\")\n"
                + "  public static String twice(long a, String b) {\n"
                + "    try { return b + b + a; } finally { System.getProperty(\"x\"); }\n"
                + "  }\n"
                + "  public static void main(String[] args) {\n"
                + "    for (String arg : args) { if (arg.isEmpty()) return; }\n"
                + "    System.out.println(twice(1L, \"x\"));\n"
                + "  }\n"
                + "}\n", release);
    }

    private Path compile(String name, String source, String release) throws IOException {
        Path out = Files.createDirectories(dir.resolve(release));
        Path file = out.resolve(name + ".java");
        Files.writeString(file, source, StandardCharsets.UTF_8);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status = javac.run(null, null, new PrintStream(output, true, StandardCharsets.UTF_8),
                "--release", release, "-nowarn", "-cp", System.getProperty("java.class.path"), "-d", out.toString(),
                file.toString());
        assertEquals(0, status, output.toString(StandardCharsets.UTF_8));
        return out;
    }
}
