package dev.dag.agent.internal;

import java.util.List;
import java.util.function.Consumer;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Chooses what each method of a class that carries tasks gets. Every method (lambdas included) passes
 * through {@link CallSiteRewriter}; a task method (annotated, or declared in the config's {@code tasks:})
 * is then wrapped by {@link TaskCallWrapper}; the application's {@code main}, when a run is opened there,
 * by {@link MainRunWrapper} outside of that. Adds no member, so that loaded classes can be retransformed.
 */
final class TaskClassVisitor extends ClassVisitor {
    private final ClassOutline outline;
    private final List<TaskDeclarations.Declaration> declared;
    private final String mainRun;
    private final Consumer<TaskDeclarations.Declaration> matched;
    private final BridgeCalls bridge;
    private String owner;
    private String source;

    /**
     * @param mainRun the run to open ({@code AgentOptions.mainRun()}) when this is the main class of a
     *                {@code flow=} run, else null
     * @param matched hears of each entry of {@code declared} that matches a method of the class
     * @param bridge  the bridge the woven code calls
     */
    TaskClassVisitor(ClassVisitor writer, ClassOutline outline, List<TaskDeclarations.Declaration> declared,
                     String mainRun, Consumer<TaskDeclarations.Declaration> matched, BridgeCalls bridge) {
        super(Opcodes.ASM9, writer);
        this.outline = outline;
        this.declared = declared;
        this.mainRun = mainRun;
        this.matched = matched;
        this.bridge = bridge;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        this.owner = name;
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String file, String debug) {
        this.source = file;
        super.visitSource(file, debug);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor code = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (code == null) {
            return null;
        }
        // the bundled dag cannot read an annotation whose class the application's loader does not have
        boolean annotated = bridge == BridgeCalls.APPLICATION && outline.annotated(name, descriptor);
        String spec = taskSpec(access, name, annotated);
        boolean hasCode = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
        int free = outline.maxLocals(name, descriptor);
        if (hasCode && mainRun != null && MainRunWrapper.isMain(access, name, descriptor)) {
            int inner = spec == null ? 0 : BodyWrapper.slots(descriptor);
            code = new MainRunWrapper(code, owner, access, descriptor, free + inner, mainRun, bridge);
        }
        if (hasCode && spec != null) {
            code = new TaskCallWrapper(code, owner, access, name, descriptor, free, spec, bridge);
        }
        return new CallSiteRewriter(code, owner, name, source, annotated || declaredSpec(name) != null,
                bridge);
    }

    /** "" for an annotated method, the configured spec for a declared one, null for any other. */
    private String taskSpec(int access, String name, boolean annotated) {
        if (name.startsWith("<") || (access & Opcodes.ACC_ABSTRACT) != 0) {
            return null;
        }
        return annotated ? "" : declaredSpec(name);
    }

    /** The spec of the first {@code tasks:} entry naming this method, or null; every entry naming it matched. */
    private String declaredSpec(String name) {
        String spec = null;
        for (TaskDeclarations.Declaration declaration : declared) {
            if (declaration.matchesMethod(name)) {
                matched.accept(declaration);
                spec = spec == null ? declaration.spec() : spec;
            }
        }
        return spec;
    }
}
