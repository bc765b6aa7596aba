package dev.dag.internal.engine.schedule;

import dev.dag.internal.engine.context.StackTraces;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The frames of the thread that runs a flow, put under the errors of tasks that ran on worker threads: such an
 * error would otherwise end in the thread pool's frames, and one that starts in dag (a key that cannot be
 * computed) would then have no line of the user's at all, where the flow's own thread has the call of
 * {@code flow.run()}.
 */
public final class CallerFrames {
    private final Thread caller = Thread.currentThread();
    // the frames are taken now but turned into stack trace elements only for an error: most runs have none, and
    // that costs far more than taking them
    private final Throwable taken = new Throwable();
    private StackTraceElement[] frames;

    /** The frames of this thread, the one that runs the flow. */
    public CallerFrames() {
    }

    /** {@code error}, made on this thread, with the flow thread's frames in place of this thread's own. */
    public <T extends Throwable> T underCaller(T error) {
        if (Thread.currentThread() == caller) {
            return error;
        }
        List<StackTraceElement> trace = new ArrayList<>(Arrays.asList(error.getStackTrace()));
        StackTraceElement[] own = new Throwable().getStackTrace();
        int common = 0;
        while (common < trace.size() && common < own.length
                && trace.get(trace.size() - 1 - common).equals(own[own.length - 1 - common])) {
            common++;
        }
        trace = new ArrayList<>(trace.subList(0, trace.size() - common));
        trace.addAll(Arrays.asList(frames()));
        error.setStackTrace(trace.toArray(StackTraceElement[]::new));
        return StackTraces.forUser(error);
    }

    private StackTraceElement[] frames() {
        synchronized (taken) {
            if (frames == null) {
                frames = StackTraces.forUser(taken).getStackTrace();
            }
            return frames;
        }
    }
}
