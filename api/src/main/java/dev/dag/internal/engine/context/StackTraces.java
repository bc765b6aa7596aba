package dev.dag.internal.engine.context;

import dev.dag.internal.engine.define.TaskDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Makes dag's exceptions point at the user's code: removes dag's own frames and the reflection frames
 * between them, so that the top frame is the user's line.
 */
public final class StackTraces {
    /** Packages of the JDK and of the libraries dag calls, whose frames never are the user's line. */
    private static final List<String> LIBRARIES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "com.zaxxer.", "org.duckdb.", "org.postgresql.", "com.fasterxml.", "org.slf4j.");

    private StackTraces() {
    }

    /** {@code error} with dag-internal and reflection frames removed from its stack trace. */
    public static <T extends Throwable> T forUser(T error) {
        error.setStackTrace(userFrames(error.getStackTrace()));
        return error;
    }

    /**
     * The frames that belong to the user's code (and libraries other than dag): dag's own frames go, and so do
     * the reflection frames through which dag calls user code. Reflection frames of others (a launcher calling
     * {@code main}, a test framework) stay: some of them count the frames they expect to find.
     */
    static StackTraceElement[] userFrames(StackTraceElement[] frames) {
        List<StackTraceElement> kept = new ArrayList<>();
        for (int i = 0; i < frames.length; i++) {
            String name = frames[i].getClassName();
            if (isDag(name) || isReflection(name) && calledByDag(frames, i)) {
                continue;
            }
            kept.add(frames[i]);
        }
        // a dag error starts in dag: JDK or driver frames still on top ran on dag's behalf, not the user's
        int top = 0;
        while (top < kept.size() - 1 && isLibrary(kept.get(top).getClassName())) {
            top++;
        }
        return kept.subList(top, kept.size()).toArray(StackTraceElement[]::new);
    }

    private static boolean isLibrary(String className) {
        for (String prefix : LIBRARIES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the first frame below {@code index} that is not reflection belongs to dag. */
    private static boolean calledByDag(StackTraceElement[] frames, int index) {
        for (int i = index + 1; i < frames.length; i++) {
            if (!isReflection(frames[i].getClassName())) {
                return isDag(frames[i].getClassName());
            }
        }
        return false;
    }

    /** The user's frame on top of {@code error}'s trace (the line of user code that threw it), or null. */
    public static StackTraceElement userLine(Throwable error) {
        StackTraceElement[] frames = userFrames(error.getStackTrace());
        return frames.length == 0 ? null : frames[0];
    }

    /** {@code top} followed by the user frames of the current thread (the caller of the run). */
    public static StackTraceElement[] topThenCaller(StackTraceElement top) {
        List<StackTraceElement> frames = new ArrayList<>();
        if (top != null) {
            frames.add(top);
        }
        frames.addAll(Arrays.asList(userFrames(new Throwable().getStackTrace())));
        return frames.toArray(StackTraceElement[]::new);
    }

    /**
     * {@code error} reported at the task's {@code return} line: its user frames, with the task method's
     * frame replaced by {@code site} (when the agent captured it).
     */
    public static <T extends Throwable> T atReturn(T error, StackTraceElement site, TaskDescriptor task) {
        List<StackTraceElement> frames = new ArrayList<>(Arrays.asList(userFrames(error.getStackTrace())));
        if (site != null) {
            String owner = task.method().getDeclaringClass().getName();
            String method = task.method().getName();
            frames.removeIf(frame -> frame.getClassName().equals(owner) && frame.getMethodName().equals(method));
            frames.add(0, site);
        }
        error.setStackTrace(frames.toArray(StackTraceElement[]::new));
        return error;
    }

    /**
     * {@code error} reported at the line that called the task method {@code owner.method}: a mistake in
     * a flow definition is made where the task is called, not inside the task, whose body never ran.
     */
    public static <T extends Throwable> T atCaller(T error, Class<?> owner, String method) {
        List<StackTraceElement> frames = new ArrayList<>(Arrays.asList(userFrames(error.getStackTrace())));
        int task = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (frames.get(i).getClassName().equals(owner.getName()) && frames.get(i).getMethodName().equals(method)) {
                task = i;
                break;
            }
        }
        error.setStackTrace(frames.subList(task + 1, frames.size()).toArray(StackTraceElement[]::new));
        return error;
    }

    /** The first frame of {@code error}'s trace that is {@code invocation}'s task method, or null. */
    public static StackTraceElement taskFrame(Throwable error, TaskDescriptor task) {
        String owner = task.method().getDeclaringClass().getName();
        String method = task.method().getName();
        for (StackTraceElement frame : error.getStackTrace()) {
            if (frame.getClassName().equals(owner) && frame.getMethodName().equals(method)) {
                return frame;
            }
        }
        return null;
    }

    private static boolean isDag(String className) {
        if (className.startsWith("dev.dag.internal.")) {
            return true;
        }
        // the public package dev.dag itself, not the user's dev.dag.* packages
        return className.startsWith("dev.dag.") && className.indexOf('.', "dev.dag.".length()) < 0;
    }

    private static boolean isReflection(String className) {
        return className.startsWith("java.lang.invoke.") || className.startsWith("java.lang.reflect.")
                || className.startsWith("jdk.internal.reflect.") || className.startsWith("jdk.internal.invoke.");
    }
}
