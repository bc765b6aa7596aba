package dev.dag.agent.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Puts code of the agent around a method body, as an around-advice would, in plain ASM:
 *
 * <pre>
 *   [enter]                      subclass: leaves its token in the state slot; may return at once
 *   body:   nop                  the method's own code, unchanged but for its returns:
 *           ... xreturn          becomes  xstore value; goto exit
 *   exit:   [exit]               subclass: may replace the value
 *           xload value; xreturn
 *   handler:                     catches any Throwable of the body; its entry comes after the body's own
 *           astore value; [thrown]; aload value; athrow
 * </pre>
 *
 * <p><b>Stack map frames</b> are never computed (that would need the class hierarchy, and loading classes
 * inside a transformer is unsafe). The class is read with {@code EXPAND_FRAMES} and the wrapper's two locals
 * (the state token, then the return value or the throwable) live at or above the method's own
 * {@code max_locals}, so the body's local indexes stay valid. Each frame of the body is kept and extended by
 * {@code TOP} up to the state slot plus the token. The frames the wrapper adds state only what is certain:
 * at {@code body} the locals of the method descriptor, at {@code exit} and in the handler {@code TOP} for
 * every slot of the body (nothing there is read any more). The {@code nop} keeps the body's first
 * instruction at an offset of its own, so a frame the body has there (a loop at its start) never collides
 * with the wrapper's frame at {@code body}.
 *
 * <p>Wrappers nest: the state slot of an outer one starts above the slots of the inner one, which sees the
 * outer's code as the method's body would be seen.
 */
abstract class BodyWrapper extends MethodVisitor {
    private static final String OBJECT = "java/lang/Object";
    private static final String THROWABLE = "java/lang/Throwable";
    /** Enough operand stack for the wrapper's own code, which always starts on an empty stack. */
    private static final int OWN_STACK = 10;

    private final String owner;
    private final int access;
    private final String descriptor;
    /** The method's return type. */
    protected final Type returnType;
    /** The local holding the wrapper's token (an Object). */
    protected final int stateSlot;
    /** The local holding the value to return at {@code exit}, the throwable in the handler. */
    protected final int valueSlot;
    private final Label body = new Label();
    private final Label bodyEnd = new Label();
    private final Label exit = new Label();
    private final Label handler = new Label();

    /**
     * @param owner      internal name of the class declaring the method
     * @param stateSlot  the first local slot free of the method's own code
     */
    BodyWrapper(MethodVisitor delegate, String owner, int access, String descriptor, int stateSlot) {
        super(Opcodes.ASM9, delegate);
        this.owner = owner;
        this.access = access;
        this.descriptor = descriptor;
        this.returnType = Type.getReturnType(descriptor);
        this.stateSlot = stateSlot;
        this.valueSlot = stateSlot + 1;
    }

    /** Local slots a wrapper of a method with this descriptor adds. */
    static int slots(String descriptor) {
        return 1 + Math.max(1, Type.getReturnType(descriptor).getSize());
    }

    /** Emits the code before the body; it must store the token and may jump to {@code body}. */
    abstract void enter(MethodVisitor code, Label body);

    /** Emits the code run on every normal return; the value (if any) is in {@link #valueSlot}. */
    abstract void exit(MethodVisitor code);

    /** Emits the code run when the body throws; the throwable is in {@link #valueSlot} and rethrown after it. */
    abstract void thrown(MethodVisitor code);

    @Override
    public void visitCode() {
        super.visitCode();
        enter(mv, body);
        super.visitLabel(body);
        frame(mv, entryLocals());
        super.visitInsn(Opcodes.NOP);
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode < Opcodes.IRETURN || opcode > Opcodes.RETURN) {
            super.visitInsn(opcode);
            return;
        }
        if (returnType.getSort() != Type.VOID) {
            super.visitVarInsn(returnType.getOpcode(Opcodes.ISTORE), valueSlot);
        }
        super.visitJumpInsn(Opcodes.GOTO, exit);
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (type != Opcodes.F_NEW) {
            throw new IllegalStateException("frames must be expanded (ClassReader.EXPAND_FRAMES)");
        }
        List<Object> locals = new ArrayList<>(Arrays.asList(local).subList(0, numLocal));
        Object[] extended = withState(locals);
        super.visitFrame(Opcodes.F_NEW, extended.length, extended, numStack, stack);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        super.visitLabel(bodyEnd);
        super.visitLabel(exit);
        exitFrame(mv);
        exit(mv);
        if (returnType.getSort() == Type.VOID) {
            super.visitInsn(Opcodes.RETURN);
        } else {
            super.visitVarInsn(returnType.getOpcode(Opcodes.ILOAD), valueSlot);
            super.visitInsn(returnType.getOpcode(Opcodes.IRETURN));
        }
        super.visitLabel(handler);
        Object[] locals = withState(new ArrayList<>());
        super.visitFrame(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {THROWABLE});
        super.visitVarInsn(Opcodes.ASTORE, valueSlot);
        thrown(mv);
        super.visitVarInsn(Opcodes.ALOAD, valueSlot);
        super.visitInsn(Opcodes.ATHROW);
        // visited last, so that the body's own handlers come first in the exception table and keep precedence
        super.visitTryCatchBlock(body, bodyEnd, handler, THROWABLE);
        super.visitMaxs(Math.max(maxStack, OWN_STACK), Math.max(maxLocals, valueSlot + Math.max(1, returnType.getSize())));
    }

    /** A frame at the exit: the token and the value to return, if any. */
    void exitFrame(MethodVisitor code) {
        if (returnType.getSort() == Type.VOID) {
            frame(code, new ArrayList<>());
        } else {
            frame(code, new ArrayList<>(), frameType(returnType));
        }
    }

    /** A frame in the handler after the throwable was stored. */
    void throwableFrame(MethodVisitor code) {
        frame(code, new ArrayList<>(), THROWABLE);
    }

    /** Pushes an int constant. */
    static void push(MethodVisitor code, int value) {
        if (value >= -1 && value <= 5) {
            code.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            code.visitIntInsn(Opcodes.BIPUSH, value);
        } else {
            code.visitIntInsn(Opcodes.SIPUSH, value);
        }
    }

    /** A frame with an empty stack: {@code locals}, TOP up to the state slot, the token, then {@code above}. */
    private void frame(MethodVisitor code, List<Object> locals, Object... above) {
        Object[] state = withState(locals);
        Object[] all = new Object[state.length + above.length];
        System.arraycopy(state, 0, all, 0, state.length);
        System.arraycopy(above, 0, all, state.length, above.length);
        code.visitFrame(Opcodes.F_NEW, all.length, all, 0, new Object[0]);
    }

    /** {@code locals} (in expanded form), padded with TOP up to the state slot, plus the token. */
    private Object[] withState(List<Object> locals) {
        int slots = 0;
        for (Object local : locals) {
            slots += local == Opcodes.LONG || local == Opcodes.DOUBLE ? 2 : 1;
        }
        if (slots > stateSlot) {
            throw new IllegalStateException("a frame uses " + slots + " locals, more than max_locals " + stateSlot);
        }
        List<Object> extended = new ArrayList<>(locals);
        for (; slots < stateSlot; slots++) {
            extended.add(Opcodes.TOP);
        }
        extended.add(OBJECT);
        return extended.toArray();
    }

    /** The locals on entry: the receiver, then the parameters. */
    private List<Object> entryLocals() {
        List<Object> locals = new ArrayList<>();
        if ((access & Opcodes.ACC_STATIC) == 0) {
            locals.add(owner);
        }
        for (Type parameter : Type.getArgumentTypes(descriptor)) {
            locals.add(frameType(parameter));
        }
        return locals;
    }

    /** How a frame names a local of this type. */
    private static Object frameType(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> Opcodes.INTEGER;
            case Type.FLOAT -> Opcodes.FLOAT;
            case Type.LONG -> Opcodes.LONG;
            case Type.DOUBLE -> Opcodes.DOUBLE;
            default -> type.getInternalName();
        };
    }
}
