package dev.dag.agent.internal;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Converts between a value of a method's own type and the {@code Object} the bridge takes and returns:
 * primitives are boxed with {@code valueOf} and unboxed with a cast to the wrapper and {@code xxxValue()};
 * references pass as they are and come back with a {@code checkcast}.
 */
final class Boxing {
    private Boxing() {
    }

    /** Replaces the value of {@code type} on top of the stack by an {@code Object}. */
    static void box(MethodVisitor code, Type type) {
        String wrapper = wrapper(type);
        if (wrapper != null) {
            code.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper, "valueOf",
                    "(" + type.getDescriptor() + ")L" + wrapper + ";", false);
        }
    }

    /** Replaces the {@code Object} on top of the stack by a value of {@code type}. */
    static void unbox(MethodVisitor code, Type type) {
        String wrapper = wrapper(type);
        if (wrapper != null) {
            code.visitTypeInsn(Opcodes.CHECKCAST, wrapper);
            code.visitMethodInsn(Opcodes.INVOKEVIRTUAL, wrapper, type.getClassName() + "Value",
                    "()" + type.getDescriptor(), false);
        } else if (!type.getDescriptor().equals("Ljava/lang/Object;")) {
            code.visitTypeInsn(Opcodes.CHECKCAST, type.getInternalName());
        }
    }

    /** The wrapper class of a primitive type, null for a reference type. */
    private static String wrapper(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.BYTE -> "java/lang/Byte";
            case Type.CHAR -> "java/lang/Character";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.FLOAT -> "java/lang/Float";
            case Type.LONG -> "java/lang/Long";
            case Type.DOUBLE -> "java/lang/Double";
            default -> null;
        };
    }
}
