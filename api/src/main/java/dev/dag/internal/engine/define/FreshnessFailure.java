package dev.dag.internal.engine.define;

import dev.dag.DefinitionException;
import dev.dag.internal.engine.context.StackTraces;
import java.lang.reflect.InvocationTargetException;

/**
 * The error for a task's freshness function that failed: what it threw, at the function's own line (on top of the
 * trace, the exception kept as the cause); only a Freshness class dag cannot create is told about its constructor.
 */
public final class FreshnessFailure {
    private FreshnessFailure() {
    }

    /** The error for {@code failure}, thrown while {@code invocation}'s freshness was created or computed. */
    public static DefinitionException of(TaskInvocation invocation, Exception failure) {
        String task = invocation.taskName();
        String stage = invocation.stage().name();
        if (failure instanceof NoSuchMethodException || failure instanceof InstantiationException
                || failure instanceof IllegalAccessException) {
            return new DefinitionException("The freshness of " + invocation + " cannot be created: " + failure
                    + ". A Freshness class needs a no-argument constructor.", task, null, stage, failure);
        }
        Throwable thrown = failure instanceof InvocationTargetException target && target.getCause() != null
                ? target.getCause() : failure;
        StackTraceElement line = StackTraces.userLine(thrown);
        DefinitionException error = new DefinitionException("The freshness function of " + invocation + " threw "
                + thrown + (line == null ? "" : " at " + line) + ". dag needs its fingerprint for the task's cache key "
                + "before the task can run: fix the function or what it reads.", task, null, stage, thrown);
        error.setStackTrace(StackTraces.topThenCaller(line));
        return error;
    }
}
