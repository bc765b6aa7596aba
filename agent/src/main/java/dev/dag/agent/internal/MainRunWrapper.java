package dev.dag.agent.internal;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Opens a dag run around the application's {@code main} (agent option {@code flow=}):
 *
 * <pre>{@code
 * Object run = TaskBridge.openMainRun(runSpec);   // config, instance and flow, from AgentOptions.mainRun()
 * ...body; at each return:  TaskBridge.endMainRun(run, null);   // commits
 * ...any Throwable t:       TaskBridge.endMainRun(run, t); throw t;
 * }</pre>
 */
final class MainRunWrapper extends BodyWrapper {
    private final String runSpec;
    private final BridgeCalls bridge;

    MainRunWrapper(MethodVisitor delegate, String owner, int access, String descriptor, int stateSlot, String runSpec,
                   BridgeCalls bridge) {
        super(delegate, owner, access, descriptor, stateSlot);
        this.bridge = bridge;
        this.runSpec = runSpec;
    }

    /** Whether a method is the application's entry point. */
    static boolean isMain(int access, String name, String descriptor) {
        return (access & Opcodes.ACC_STATIC) != 0 && name.equals("main") && descriptor.startsWith("([Ljava/lang/String;)");
    }

    @Override
    void enter(MethodVisitor code, Label body) {
        code.visitLdcInsn(runSpec);
        bridge.openMainRun(code);
        code.visitVarInsn(Opcodes.ASTORE, stateSlot);
    }

    @Override
    void exit(MethodVisitor code) {
        code.visitVarInsn(Opcodes.ALOAD, stateSlot);
        code.visitInsn(Opcodes.ACONST_NULL);
        bridge.endMainRun(code);
    }

    @Override
    void thrown(MethodVisitor code) {
        code.visitVarInsn(Opcodes.ALOAD, stateSlot);
        code.visitVarInsn(Opcodes.ALOAD, valueSlot);
        bridge.endMainRun(code);
    }
}
