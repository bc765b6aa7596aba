package dev.dag.agent.internal;

import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Rewrites, in every method of a class that declares tasks (lambdas included), the calls that
 * materialize tables so that they pass their call site as constants, and makes each {@code return} of a
 * task method report its line (see {@link CallSiteRewriter}). Registered after the task advice so that it
 * sees the original code, before the advice redirects the returns.
 */
final class CallSiteCapture extends AsmVisitorWrapper.AbstractBase {
    private static final String MATERIALIZE = "dev.dag.Materialize";

    private final java.util.function.Predicate<String> configuredTask;

    /** @param configuredTask whether a method name is a task declared in the agent's configuration */
    CallSiteCapture(java.util.function.Predicate<String> configuredTask) {
        this.configuredTask = configuredTask;
    }

    @Override
    public ClassVisitor wrap(TypeDescription instrumentedType, ClassVisitor classVisitor,
                             Implementation.Context implementationContext, TypePool typePool,
                             FieldList<FieldDescription.InDefinedShape> fields, MethodList<?> methods,
                             int writerFlags, int readerFlags) {
        return new ClassVisitor(OpenedClassReader.ASM_API, classVisitor) {
            private String source;

            @Override
            public void visitSource(String file, String debug) {
                this.source = file;
                super.visitSource(file, debug);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor visitor = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (visitor == null) {
                    return null;
                }
                boolean task = isTask(methods, name, descriptor) || configuredTask.test(name);
                return new CallSiteRewriter(visitor, instrumentedType.getName(), name, source, task);
            }
        };
    }

    private static boolean isTask(MethodList<?> methods, String name, String descriptor) {
        for (MethodDescription method : methods) {
            if (method.getInternalName().equals(name) && method.getDescriptor().equals(descriptor)) {
                return method.getDeclaredAnnotations().stream()
                        .anyMatch(annotation -> annotation.getAnnotationType().getName().equals(MATERIALIZE));
            }
        }
        return false;
    }
}
