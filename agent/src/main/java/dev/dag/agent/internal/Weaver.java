package dev.dag.agent.internal;

import java.util.List;
import java.util.function.Consumer;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;

/**
 * Rewrites one class that carries tasks, with plain ASM: a read-only first pass ({@link ClassOutline}), then
 * one pass through {@link TaskClassVisitor} into a writer that computes neither frames nor maxima (the
 * wrappers supply both, see {@link BodyWrapper}), so that no class is ever loaded while weaving.
 */
final class Weaver {
    private static final int JAVA_7 = 51;

    private final Consumer<TaskDeclarations.Declaration> matched;

    /** {@code matched} hears of each {@code tasks:} entry that matched a method of a class being woven. */
    Weaver(Consumer<TaskDeclarations.Declaration> matched) {
        this.matched = matched;
    }

    /**
     * The rewritten class file, or null when the class cannot be woven (reported).
     *
     * @param mainRun the run to open ({@code AgentOptions.mainRun()}) when this is the main class of a
     *                {@code flow=} run, else null
     * @param bridge  the bridge the woven code calls: dag-api's, or the agent's stand-in for the dag it carries
     */
    byte[] weave(String className, byte[] classFile, List<TaskDeclarations.Declaration> declared, String mainRun,
                 BridgeCalls bridge) {
        ClassReader reader = new ClassReader(classFile);
        if (reader.readUnsignedShort(6) < JAVA_7) {
            // older class files carry no stack map frames, which the wrappers extend
            AgentLog.warn(className + " is compiled for Java 6 or older; its tasks run as plain Java", null);
            return null;
        }
        ClassOutline outline = ClassOutline.of(reader);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new TaskClassVisitor(writer, outline, declared, mainRun, matched, bridge),
                ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }
}
