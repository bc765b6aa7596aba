package dev.dag.agent.internal;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Passes call sites to dag-api's bridge as constants, so that the happy path creates no Throwable and
 * walks no stack:
 * <ul>
 * <li>{@code table.materialize(...)}, {@code Dag.materialize(...)} and {@code Debug.materializeTable(...)}
 * become static calls of the bridge with the same arguments plus class, method, file and line;</li>
 * <li>in a task method, each {@code areturn}/{@code return} is preceded by a call that reports its line.</li>
 * </ul>
 * The extra constants need at most four more stack slots. In a task method it runs before the
 * {@link TaskCallWrapper}, so it sees the method's own {@code return}s.
 */
final class CallSiteRewriter extends MethodVisitor {
    private static final String TABLE = "dev/dag/Table";
    private static final String OPTIONS = "Ldev/dag/MaterializeOptions;";
    private static final String SITE = "Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;I";
    private static final int EXTRA_STACK = 4;

    private final String owner;
    private final String method;
    private final String file;
    private final boolean task;
    private final BridgeCalls bridge;
    private int line = -1;

    CallSiteRewriter(MethodVisitor delegate, String owner, String method, String file, boolean task,
                     BridgeCalls bridge) {
        super(Opcodes.ASM9, delegate);
        this.bridge = bridge;
        this.owner = owner;
        this.method = method;
        this.file = file;
        this.task = task;
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        this.line = line;
        super.visitLineNumber(line, start);
    }

    @Override
    public void visitMethodInsn(int opcode, String callee, String name, String descriptor, boolean isInterface) {
        String replacement = replacement(opcode, callee, name, descriptor);
        if (replacement == null) {
            super.visitMethodInsn(opcode, callee, name, descriptor, isInterface);
            return;
        }
        pushSite();
        bridge.call(mv, bridgeMethod(callee, name), replacement);
    }

    /** The bridge descriptor replacing a materializing call, or null when the call is something else. */
    private static String replacement(int opcode, String callee, String name, String descriptor) {
        if (opcode == Opcodes.INVOKEVIRTUAL && callee.equals(TABLE) && name.equals("materialize")) {
            return descriptor.equals("()Ldev/dag/Table;") ? "(Ldev/dag/Table;" + SITE + ")Ldev/dag/Table;"
                    : descriptor.equals("(" + OPTIONS + ")Ldev/dag/Table;")
                    ? "(Ldev/dag/Table;" + OPTIONS + SITE + ")Ldev/dag/Table;" : null;
        }
        if (opcode == Opcodes.INVOKESTATIC && callee.equals("dev/dag/Dag") && name.equals("materialize")) {
            return descriptor.equals("([Ldev/dag/Table;)Ljava/util/List;") ? "([Ldev/dag/Table;" + SITE + ")Ljava/util/List;"
                    : descriptor.equals("(Ljava/util/Map;)Ljava/util/Map;") ? "(Ljava/util/Map;" + SITE + ")Ljava/util/Map;"
                    : null;
        }
        if (opcode == Opcodes.INVOKESTATIC && callee.equals("dev/dag/Debug") && name.equals("materializeTable")) {
            return descriptor.equals("(Ldev/dag/Table;)Ldev/dag/Table;") ? "(Ldev/dag/Table;" + SITE + ")Ldev/dag/Table;"
                    : descriptor.equals("(Ldev/dag/Table;" + OPTIONS + ")Ldev/dag/Table;")
                    ? "(Ldev/dag/Table;" + OPTIONS + SITE + ")Ldev/dag/Table;" : null;
        }
        return null;
    }

    private static String bridgeMethod(String callee, String name) {
        return callee.equals(TABLE) ? "materialize" : callee.equals("dev/dag/Dag") ? "materializeAll" : "debug";
    }

    @Override
    public void visitInsn(int opcode) {
        if (task && (opcode == Opcodes.ARETURN || opcode == Opcodes.RETURN)) {
            pushSite();
            bridge.call(mv, "returning", "(" + SITE + ")V");
        }
        super.visitInsn(opcode);
    }

    private void pushSite() {
        super.visitLdcInsn(owner.replace('/', '.'));
        super.visitLdcInsn(method);
        if (file == null) {
            super.visitInsn(Opcodes.ACONST_NULL);
        } else {
            super.visitLdcInsn(file);
        }
        super.visitLdcInsn(line);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        super.visitMaxs(maxStack + EXTRA_STACK, maxLocals);
    }
}
