package dev.dag.internal.cache.code;

import dev.dag.internal.hash.Hashes;
import dev.dag.internal.cache.code.ClassCode.LambdaSite;
import dev.dag.internal.cache.code.ClassCode.MethodCode;
import dev.dag.internal.cache.code.ClassCode.Ref;
import dev.dag.internal.cache.code.ClassCode.RefKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Turns the code of one method into text that changes exactly when the code does, and lists what the code
 * refers to. The class is read with {@code SKIP_DEBUG} and {@code SKIP_FRAMES}, so line numbers, local variable
 * names and the source file never arrive here; annotations, parameter names and {@code maxs} are ignored.
 *
 * <p>What the text holds: each opcode with its operands, constants ({@code ldc} strings, where the SQL text lives,
 * and numbers, bit-exact), the owner, name and descriptor of each field, method and type referenced (synthetic
 * numbers made canonical, see {@link SyntheticNames}), invokedynamic names, bootstrap methods and their arguments
 * (the recipe of a string concatenation holds its constant pieces), try/catch blocks, switch keys, and labels by
 * the order they are first met rather than by identity.
 */
final class MethodNormalizer extends MethodVisitor {
    private static final String LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory";

    private final String name;
    private final String descriptor;
    private final int access;
    private final Consumer<MethodCode> done;
    private final List<LambdaSite> lambdaSites;
    private final StringBuilder text = new StringBuilder(256);
    private final Map<Label, Integer> labels = new HashMap<>();
    private final List<Ref> refs = new ArrayList<>();

    MethodNormalizer(int access, String name, String descriptor, List<LambdaSite> lambdaSites,
                     Consumer<MethodCode> done) {
        super(Opcodes.ASM9);
        this.access = access;
        this.name = name;
        this.descriptor = descriptor;
        this.lambdaSites = lambdaSites;
        this.done = done;
    }

    @Override
    public void visitInsn(int opcode) {
        op(opcode);
        end();
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        op(opcode).append(operand);
        end();
    }

    @Override
    public void visitVarInsn(int opcode, int slot) {
        op(opcode).append(slot);
        end();
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        op(opcode).append(SyntheticNames.canonical(type));
        end();
        if (opcode == Opcodes.NEW) {
            refs.add(new Ref(RefKind.NEW, type, null, null));
        }
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String field, String fieldDescriptor) {
        member(op(opcode), owner, field, fieldDescriptor);
        end();
        if (opcode == Opcodes.GETSTATIC) {
            refs.add(new Ref(RefKind.GET_STATIC, owner, field, fieldDescriptor));
        }
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String method, String methodDescriptor,
                                boolean isInterface) {
        member(op(opcode), owner, method, methodDescriptor).append(isInterface ? " I" : "");
        end();
        RefKind kind = switch (opcode) {
            case Opcodes.INVOKESTATIC -> RefKind.INVOKE_STATIC;
            case Opcodes.INVOKESPECIAL -> RefKind.INVOKE_SPECIAL;
            case Opcodes.INVOKEINTERFACE -> RefKind.INVOKE_INTERFACE;
            default -> RefKind.INVOKE_VIRTUAL;
        };
        refs.add(new Ref(kind, owner, method, methodDescriptor));
    }

    @Override
    public void visitInvokeDynamicInsn(String method, String methodDescriptor, Handle bootstrap,
                                       Object... arguments) {
        StringBuilder out = op(Opcodes.INVOKEDYNAMIC).append(method).append(' ')
                .append(SyntheticNames.canonical(methodDescriptor)).append(' ');
        handle(bootstrap);
        for (Object argument : arguments) {
            out.append(' ');
            constant(argument);
        }
        end();
        if (LAMBDA_METAFACTORY.equals(bootstrap.getOwner()) && arguments.length > 1
                && arguments[1] instanceof Handle implementation) {
            // altMetafactory's fourth argument holds its flags; FLAG_SERIALIZABLE is 1
            boolean serializable = "altMetafactory".equals(bootstrap.getName()) && arguments.length > 3
                    && arguments[3] instanceof Integer flags && (flags & 1) != 0;
            lambdaSites.add(new LambdaSite(method, methodDescriptor, refOf(implementation), serializable));
        }
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        op(opcode).append('L').append(label(label));
        end();
    }

    @Override
    public void visitLabel(Label label) {
        text.append('L').append(label(label)).append(':');
        end();
    }

    @Override
    public void visitLdcInsn(Object value) {
        op(Opcodes.LDC);
        constant(value);
        end();
    }

    @Override
    public void visitIincInsn(int slot, int increment) {
        op(Opcodes.IINC).append(slot).append(' ').append(increment);
        end();
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... targets) {
        StringBuilder out = op(Opcodes.TABLESWITCH).append(min).append(' ').append(max)
                .append(" default L").append(label(dflt));
        for (Label target : targets) {
            out.append(" L").append(label(target));
        }
        end();
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] targets) {
        StringBuilder out = op(Opcodes.LOOKUPSWITCH).append("default L").append(label(dflt));
        for (int i = 0; i < keys.length; i++) {
            out.append(' ').append(keys[i]).append("=L").append(label(targets[i]));
        }
        end();
    }

    @Override
    public void visitMultiANewArrayInsn(String arrayDescriptor, int dimensions) {
        op(Opcodes.MULTIANEWARRAY).append(SyntheticNames.canonical(arrayDescriptor)).append(' ').append(dimensions);
        end();
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        text.append("try L").append(label(start)).append(" L").append(label(end)).append(" catch L")
                .append(label(handler)).append(' ').append(type == null ? "finally" : SyntheticNames.canonical(type));
        end();
    }

    @Override
    public void visitEnd() {
        String hash = Hashes.of(text.toString()).substring(0, 16);
        done.accept(new MethodCode(name, descriptor, access, hash, List.copyOf(refs)));
    }

    private StringBuilder op(int opcode) {
        return text.append(opcode).append(' ');
    }

    private void end() {
        text.append(";\n");
    }

    private int label(Label label) {
        Integer index = labels.get(label);
        if (index == null) {
            index = labels.size();
            labels.put(label, index);
        }
        return index;
    }

    private StringBuilder member(StringBuilder out, String owner, String member, String memberDescriptor) {
        return out.append(SyntheticNames.canonical(owner)).append('.').append(SyntheticNames.canonical(member))
                .append(' ').append(SyntheticNames.canonical(memberDescriptor));
    }

    private void handle(Handle handle) {
        member(text.append('H').append(handle.getTag()).append(' '), handle.getOwner(), handle.getName(),
                handle.getDesc()).append(handle.isInterface() ? " I" : "");
        Ref ref = refOf(handle);
        if (ref != null) {
            refs.add(ref);
        }
    }

    /** A constant of {@code ldc} or a bootstrap argument, with its type so that 1, 1L and "1" differ. */
    private void constant(Object value) {
        if (value instanceof String string) {
            text.append("S").append(string.length()).append(':').append(string);
        } else if (value instanceof Integer number) {
            text.append("I").append(number);
        } else if (value instanceof Long number) {
            text.append("J").append(number);
        } else if (value instanceof Float number) {
            text.append("F").append(Float.floatToRawIntBits(number));
        } else if (value instanceof Double number) {
            text.append("D").append(Double.doubleToRawLongBits(number));
        } else if (value instanceof Type type) {
            text.append("T").append(SyntheticNames.canonical(type.getDescriptor()));
        } else if (value instanceof Handle handle) {
            handle(handle);
        } else if (value instanceof ConstantDynamic dynamic) {
            text.append("C").append(dynamic.getName()).append(' ')
                    .append(SyntheticNames.canonical(dynamic.getDescriptor())).append(' ');
            handle(dynamic.getBootstrapMethod());
            for (int i = 0; i < dynamic.getBootstrapMethodArgumentCount(); i++) {
                text.append(' ');
                constant(dynamic.getBootstrapMethodArgument(i));
            }
        } else {
            text.append("?").append(value);
        }
    }

    /** What a method handle runs, as a reference the walk follows; null for field handles other than getstatic. */
    private static Ref refOf(Handle handle) {
        RefKind kind = switch (handle.getTag()) {
            case Opcodes.H_INVOKESTATIC -> RefKind.INVOKE_STATIC;
            case Opcodes.H_INVOKEVIRTUAL -> RefKind.INVOKE_VIRTUAL;
            case Opcodes.H_INVOKESPECIAL -> RefKind.INVOKE_SPECIAL;
            case Opcodes.H_INVOKEINTERFACE -> RefKind.INVOKE_INTERFACE;
            case Opcodes.H_NEWINVOKESPECIAL -> RefKind.NEW;
            case Opcodes.H_GETSTATIC -> RefKind.GET_STATIC;
            default -> null;
        };
        return kind == null ? null : new Ref(kind, handle.getOwner(), handle.getName(), handle.getDesc());
    }
}
