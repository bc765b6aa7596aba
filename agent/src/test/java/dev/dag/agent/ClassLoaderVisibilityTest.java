package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Stage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The agent only instruments classes whose loader can see dag: the woven code calls dag-api's bridge, which
 * another loader could not link (without the check, the first call would fail with NoClassDefFoundError).
 * The same class file is loaded into two fresh loaders to show the difference.
 */
class ClassLoaderVisibilityTest {
    private static final String ISOLATED = "example.tasks.Isolated";

    @BeforeAll
    static void attachAgent() {
        DagAgent.install();
    }

    @Test
    void classWhoseLoaderCannotSeeDagIsLeftUntouchedAndSilently() throws Exception {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Class<?> isolated;
        PrintStream original = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        try {
            isolated = new OneClassLoader(ClassLoader.getPlatformClassLoader()).loadClass(ISOLATED);
        } finally {
            System.setErr(original);
        }

        assertNull(isolated.getClassLoader().getResource("dev/dag/Materialize.class"), "precondition");
        try (Flow flow = new Flow("isolated")) {
            try (Stage stage = new Stage("s")) {
                assertEquals("plain", greet(isolated), "the body runs unchanged, even inside a flow definition");
            }
        }
        assertEquals("", stderr.toString(StandardCharsets.UTF_8), "the agent stays silent");
    }

    @Test
    void sameClassInALoaderThatSeesDagIsInstrumented() throws Exception {
        Class<?> visible = new OneClassLoader(getClass().getClassLoader()).loadClass(ISOLATED);

        try (Flow flow = new Flow("visible")) {
            try (Stage stage = new Stage("s")) {
                InvocationTargetException call = assertThrows(InvocationTargetException.class, () -> greet(visible));
                DefinitionException error = assertInstanceOf(DefinitionException.class, call.getCause());
                assertTrue(error.getMessage().contains("cannot store"), error.getMessage());
            }
        }
        assertEquals("plain", greet(visible), "outside a flow the body runs");
    }

    private static Object greet(Class<?> type) throws ReflectiveOperationException {
        Method greet = type.getMethod("greet");
        return greet.invoke(null);
    }

    /** Defines one class from the test class path itself and leaves every other class to its parent. */
    private static final class OneClassLoader extends ClassLoader {
        OneClassLoader(ClassLoader parent) {
            super("one-class", parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(ISOLATED)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : define(name);
            }
        }

        private Class<?> define(String name) throws ClassNotFoundException {
            String resource = name.replace('.', '/') + ".class";
            try (InputStream in = ClassLoaderVisibilityTest.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }
}
