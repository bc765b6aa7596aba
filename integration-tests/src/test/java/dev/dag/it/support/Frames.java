package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Assertions on where an exception points: dag's errors must put the user's line on top of the trace. */
public final class Frames {
    private Frames() {
    }

    /**
     * Asserts that the top frame of {@code error} is in {@code owner} (the user's class) and returns it.
     * On failure the message shows the whole trace, so that the frame dag left on top is visible.
     */
    public static StackTraceElement assertTopFrameIn(Class<?> owner, Throwable error) {
        StackTraceElement[] trace = error.getStackTrace();
        assertTrue(trace.length > 0, "the error has no stack trace: " + error);
        assertEquals(owner.getName(), trace[0].getClassName(),
                () -> "the top frame must be the user's code, got " + trace[0] + " in\n" + render(error));
        return trace[0];
    }

    /** Asserts that the top frame is in {@code owner} at {@code line} (whatever the method, e.g. a lambda). */
    public static void assertTopFrameAt(Class<?> owner, int line, Throwable error) {
        StackTraceElement top = assertTopFrameIn(owner, error);
        assertEquals(line, top.getLineNumber(), () -> "top frame line, trace:\n" + render(error));
    }

    /** Asserts that the top frame is {@code owner.method} at {@code line}. */
    public static void assertTopFrameIs(Class<?> owner, String method, int line, Throwable error) {
        StackTraceElement top = assertTopFrameIn(owner, error);
        assertEquals(method, top.getMethodName(), () -> "top frame method, trace:\n" + render(error));
        assertEquals(line, top.getLineNumber(), () -> "top frame line, trace:\n" + render(error));
    }

    /** The line number of the caller's next line: {@code int line = Frames.nextLine();} right above a statement. */
    public static int nextLine() {
        return StackWalker.getInstance().walk(frames -> frames.skip(1).findFirst()).orElseThrow().getLineNumber() + 1;
    }

    /** The printed stack trace of {@code error}, for assertion messages. */
    public static String render(Throwable error) {
        StringWriter text = new StringWriter();
        error.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
