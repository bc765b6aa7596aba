package dev.dag.agent.internal;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Emits calls of a task bridge into woven code. The bridge is named by string: each {@code invokestatic} is
 * resolved by the JVM from the task class's own class loader, so the agent never loads or links dag-api
 * itself. The descriptors below must match the bridge's public methods.
 *
 * @param owner the internal name of the bridge class the woven code calls
 */
record BridgeCalls(String owner) {
    /** dag-api's bridge, for classes whose loader sees dag-api (the application ships dag). */
    static final BridgeCalls APPLICATION = new BridgeCalls("dev/dag/internal/bridge/TaskBridge");
    /**
     * The agent's stand-in for it, for classes whose loader does not: it hands each call to the dag the agent
     * carries ({@code bundle.BundledTaskBridge}).
     */
    static final BridgeCalls BUNDLED = new BridgeCalls("dev/dag/agent/internal/bundle/BundledTaskBridge");

    /** {@code static boolean active()}: {@code -> Z}. */
    void active(MethodVisitor code) {
        call(code, "active", "()Z");
    }

    /** {@code static Object enter(Class, String, String, Object, Object[])}. */
    void enter(MethodVisitor code) {
        call(code, "enter",
                "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;");
    }

    /** {@code static boolean skip(Object)}. */
    void skip(MethodVisitor code) {
        call(code, "skip", "(Ljava/lang/Object;)Z");
    }

    /** {@code static Object exit(Object, Object, Throwable) throws Throwable}. */
    void exit(MethodVisitor code) {
        call(code, "exit", "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Throwable;)Ljava/lang/Object;");
    }

    /** {@code static Object openMainRun(String)}. */
    void openMainRun(MethodVisitor code) {
        call(code, "openMainRun", "(Ljava/lang/String;)Ljava/lang/Object;");
    }

    /** {@code static void endMainRun(Object, Throwable)}. */
    void endMainRun(MethodVisitor code) {
        call(code, "endMainRun", "(Ljava/lang/Object;Ljava/lang/Throwable;)V");
    }

    /** A call of another bridge method, e.g. the call-site variants {@link CallSiteRewriter} emits. */
    void call(MethodVisitor code, String name, String descriptor) {
        code.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, descriptor, false);
    }
}
