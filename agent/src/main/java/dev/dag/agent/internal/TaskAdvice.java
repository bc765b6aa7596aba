package dev.dag.agent.internal;

import java.lang.invoke.MethodHandle;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into every {@code @Materialize} method. Enter: one volatile read through the bridge
 * when dag is idle (a plain call); otherwise the bridge decides whether to record the call (and skip the
 * body) or to open the task's scope. Exit: the bridge writes the outputs and supplies the return value.
 */
public final class TaskAdvice {
    private TaskAdvice() {
    }

    /** Before the body; returns true to skip it. */
    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class)
    public static boolean onEnter(@BridgeHandles.Active MethodHandle active,
                                  @BridgeHandles.Enter MethodHandle enter,
                                  @BridgeHandles.Skip MethodHandle skip,
                                  @Advice.Origin Class<?> owner,
                                  @Advice.Origin("#m#d") String method,
                                  @BridgeHandles.TaskSpecText String spec,
                                  @Advice.This(optional = true) Object self,
                                  @Advice.AllArguments Object[] args,
                                  @Advice.Local("dagCall") Object call) throws Throwable {
        if (!(boolean) active.invokeExact()) {
            return false;
        }
        call = (Object) enter.invokeExact(owner, method, spec, self, args);
        return call != null && (boolean) skip.invokeExact(call);
    }

    /** After the body (or instead of it): hands the result to the bridge. */
    @Advice.OnMethodExit(onThrowable = Throwable.class)
    public static void onExit(@BridgeHandles.Exit MethodHandle exit,
                              @Advice.Local("dagCall") Object call,
                              @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned,
                              @Advice.Thrown(readOnly = false) Throwable thrown) throws Throwable {
        if (call != null) {
            returned = (Object) exit.invokeExact(call, returned, thrown);
            thrown = null;
        }
    }
}
