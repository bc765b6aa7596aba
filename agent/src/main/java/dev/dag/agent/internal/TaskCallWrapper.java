package dev.dag.agent.internal;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Turns a method into a task: woven around every task method (annotated, or declared in the config's
 * {@code tasks:}), it hands each call to dag-api's bridge.
 *
 * <pre>{@code
 * Object call = null;
 * if (TaskBridge.active()) {                       // one volatile read when dag is idle
 *     call = TaskBridge.enter(Owner.class, "name(desc)", spec, this or null, new Object[] {args...});
 *     if (call != null && TaskBridge.skip(call)) {  // recorded during a flow definition
 *         return (R) TaskBridge.exit(call, null, null);
 *     }
 * }
 * ...body; at each return:  if (call != null) value = (R) TaskBridge.exit(call, value, null);
 * ...any Throwable t:       if (call != null) TaskBridge.exit(call, null, t);  throw t;
 * }</pre>
 *
 * The arguments array is built only when dag is active. The bridge rethrows the body's throwable (or a
 * dag exception); the original is rethrown should it ever return.
 */
final class TaskCallWrapper extends BodyWrapper {
    private final String owner;
    private final boolean isStatic;
    private final String methodKey;
    private final String spec;
    private final Type[] parameters;
    private final BridgeCalls bridge;

    /** @param spec "" for an annotated method, the configured spec text otherwise */
    TaskCallWrapper(MethodVisitor delegate, String owner, int access, String name, String descriptor, int stateSlot,
                    String spec, BridgeCalls bridge) {
        super(delegate, owner, access, descriptor, stateSlot);
        this.bridge = bridge;
        this.owner = owner;
        this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
        this.methodKey = name + descriptor;
        this.spec = spec;
        this.parameters = Type.getArgumentTypes(descriptor);
    }

    @Override
    void enter(MethodVisitor code, Label body) {
        code.visitInsn(Opcodes.ACONST_NULL);
        code.visitVarInsn(Opcodes.ASTORE, stateSlot);
        bridge.active(code);
        code.visitJumpInsn(Opcodes.IFEQ, body);
        code.visitLdcInsn(Type.getObjectType(owner));
        code.visitLdcInsn(methodKey);
        code.visitLdcInsn(spec);
        if (isStatic) {
            code.visitInsn(Opcodes.ACONST_NULL);
        } else {
            code.visitVarInsn(Opcodes.ALOAD, 0);
        }
        arguments(code);
        bridge.enter(code);
        code.visitVarInsn(Opcodes.ASTORE, stateSlot);
        code.visitVarInsn(Opcodes.ALOAD, stateSlot);
        code.visitJumpInsn(Opcodes.IFNULL, body);
        code.visitVarInsn(Opcodes.ALOAD, stateSlot);
        bridge.skip(code);
        code.visitJumpInsn(Opcodes.IFEQ, body);
        code.visitVarInsn(Opcodes.ALOAD, stateSlot);
        code.visitInsn(Opcodes.ACONST_NULL);
        code.visitInsn(Opcodes.ACONST_NULL);
        bridge.exit(code);
        returnResult(code);
    }

    /** {@code new Object[] {args...}}, primitives boxed. */
    private void arguments(MethodVisitor code) {
        push(code, parameters.length);
        code.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
        int slot = isStatic ? 0 : 1;
        for (int i = 0; i < parameters.length; i++) {
            code.visitInsn(Opcodes.DUP);
            push(code, i);
            code.visitVarInsn(parameters[i].getOpcode(Opcodes.ILOAD), slot);
            Boxing.box(code, parameters[i]);
            code.visitInsn(Opcodes.AASTORE);
            slot += parameters[i].getSize();
        }
    }

    /** Returns the Object on the stack as the method's return type (discards it for void). */
    private void returnResult(MethodVisitor code) {
        if (returnType.getSort() == Type.VOID) {
            code.visitInsn(Opcodes.POP);
            code.visitInsn(Opcodes.RETURN);
        } else {
            Boxing.unbox(code, returnType);
            code.visitInsn(returnType.getOpcode(Opcodes.IRETURN));
        }
    }

    @Override
    void exit(MethodVisitor code) {
        Label plain = new Label();
        loadCallOrJumpTo(code, plain);
        if (returnType.getSort() == Type.VOID) {
            code.visitInsn(Opcodes.ACONST_NULL);
        } else {
            code.visitVarInsn(returnType.getOpcode(Opcodes.ILOAD), valueSlot);
            Boxing.box(code, returnType);
        }
        code.visitInsn(Opcodes.ACONST_NULL);
        bridge.exit(code);
        if (returnType.getSort() == Type.VOID) {
            code.visitInsn(Opcodes.POP);
        } else {
            Boxing.unbox(code, returnType);
            code.visitVarInsn(returnType.getOpcode(Opcodes.ISTORE), valueSlot);
        }
        code.visitLabel(plain);
        exitFrame(code);
    }

    @Override
    void thrown(MethodVisitor code) {
        Label rethrow = new Label();
        loadCallOrJumpTo(code, rethrow);
        code.visitInsn(Opcodes.ACONST_NULL);
        code.visitVarInsn(Opcodes.ALOAD, valueSlot);
        bridge.exit(code);
        code.visitInsn(Opcodes.POP);
        code.visitLabel(rethrow);
        throwableFrame(code);
    }

    /** Pushes the call token, or jumps to {@code plain} when the call is plain (no token). */
    private void loadCallOrJumpTo(MethodVisitor code, Label plain) {
        code.visitVarInsn(Opcodes.ALOAD, stateSlot);
        code.visitJumpInsn(Opcodes.IFNULL, plain);
        code.visitVarInsn(Opcodes.ALOAD, stateSlot);
    }
}
