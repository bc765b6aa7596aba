package dev.dag.agent.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the weaver must know of each method before it rewrites any: whether it is annotated as a task,
 * and its {@code max_locals} (the wrappers' locals go above it). Gathered in a first, read-only pass over
 * the class file, without debug information or frames.
 */
final class ClassOutline extends ClassVisitor {
    private static final String ANNOTATION = "Ldev/dag/Materialize;";

    private final Set<String> annotated = new HashSet<>();
    private final Map<String, Integer> maxLocals = new HashMap<>();

    private ClassOutline() {
        super(Opcodes.ASM9);
    }

    static ClassOutline of(ClassReader reader) {
        ClassOutline outline = new ClassOutline();
        reader.accept(outline, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return outline;
    }

    /** Whether the method carries {@code @dev.dag.Materialize}. */
    boolean annotated(String name, String descriptor) {
        return annotated.contains(name + descriptor);
    }

    /** The method's {@code max_locals} (0 for a method without code). */
    int maxLocals(String name, String descriptor) {
        return maxLocals.getOrDefault(name + descriptor, 0);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        String key = name + descriptor;
        return new MethodVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                if (annotation.equals(ANNOTATION)) {
                    annotated.add(key);
                }
                return null;
            }

            @Override
            public void visitMaxs(int maxStack, int locals) {
                maxLocals.put(key, locals);
            }
        };
    }
}
