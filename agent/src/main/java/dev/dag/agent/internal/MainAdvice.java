package dev.dag.agent.internal;

import java.lang.invoke.MethodHandle;
import net.bytebuddy.asm.Advice;

/** Advice on the application's {@code main}: a dag run around it, committed when it returns. */
public final class MainAdvice {
    private MainAdvice() {
    }

    /** Opens the run. */
    @Advice.OnMethodEnter
    public static Object onEnter(@BridgeHandles.OpenMainRun MethodHandle open,
                                 @BridgeHandles.AgentOptionsText String options) throws Throwable {
        return (Object) open.invokeExact(options);
    }

    /** Commits the run, or ends it without committing when main threw. */
    @Advice.OnMethodExit(onThrowable = Throwable.class)
    public static void onExit(@BridgeHandles.EndMainRun MethodHandle end, @Advice.Enter Object run,
                              @Advice.Thrown Throwable thrown) throws Throwable {
        end.invokeExact(run, thrown);
    }
}
