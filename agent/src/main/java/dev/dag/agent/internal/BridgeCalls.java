package dev.dag.agent.internal;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Emits calls of dag-api's bridge ({@code dev.dag.internal.bridge.TaskBridge}) into woven code. The
 * bridge is named by string: each {@code invokestatic} is resolved by the JVM from the task class's own
 * class loader (the transformer only weaves classes whose loader sees dag), so the agent never loads or
 * links dag-api itself. The descriptors below must match the bridge's public methods.
 */
final class BridgeCalls {
    /** The bridge's internal name. */
    static final String OWNER = "dev/dag/internal/bridge/TaskBridge";

    private BridgeCalls() {
    }

    /** {@code static boolean active()}: {@code -> Z}. */
    static void active(MethodVisitor code) {
        call(code, "active", "()Z");
    }

    /** {@code static Object enter(Class, String, String, Object, Object[])}. */
    static void enter(MethodVisitor code) {
        call(code, "enter",
                "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;");
    }

    /** {@code static boolean skip(Object)}. */
    static void skip(MethodVisitor code) {
        call(code, "skip", "(Ljava/lang/Object;)Z");
    }

    /** {@code static Object exit(Object, Object, Throwable) throws Throwable}. */
    static void exit(MethodVisitor code) {
        call(code, "exit", "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Throwable;)Ljava/lang/Object;");
    }

    /** {@code static Object openMainRun(String)}. */
    static void openMainRun(MethodVisitor code) {
        call(code, "openMainRun", "(Ljava/lang/String;)Ljava/lang/Object;");
    }

    /** {@code static void endMainRun(Object, Throwable)}. */
    static void endMainRun(MethodVisitor code) {
        call(code, "endMainRun", "(Ljava/lang/Object;Ljava/lang/Throwable;)V");
    }

    /** A call of another bridge method, e.g. the call-site variants {@link CallSiteRewriter} emits. */
    static void call(MethodVisitor code, String name, String descriptor) {
        code.visitMethodInsn(Opcodes.INVOKESTATIC, OWNER, name, descriptor, false);
    }
}
