package dev.dag.internal.cache.code;

import dev.dag.internal.hash.Hashes;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The code of one class as the fingerprints need it: each method's normalized hash and what it refers to, the
 * lambda sites (for {@link Lambdas}) and the source file name (for reasons, never hashed).
 *
 * <p>Read once per {@code Class} object, that is once per class version in a JVM, and kept in a
 * {@link ClassValue}; the value holds strings only, never the class or its loader, so it does not keep a
 * class loader alive. Reading costs one {@code getResourceAsStream} and one ASM pass over the bytes (tens to a
 * few hundred microseconds for a class of tasks), plus a second pass that skips all code to find the source file.
 */
final class ClassCode {
    /** What the walk follows from an instruction. */
    enum RefKind { INVOKE_STATIC, INVOKE_SPECIAL, INVOKE_VIRTUAL, INVOKE_INTERFACE, NEW, GET_STATIC }

    /** A reference from code to a member ({@code name} and {@code descriptor} null for {@code NEW}). Names internal. */
    record Ref(RefKind kind, String owner, String name, String descriptor) {
    }

    /**
     * An {@code invokedynamic} of {@code LambdaMetafactory}: the interface method, the call site type, the body,
     * and whether the lambda is serializable.
     */
    record LambdaSite(String interfaceMethod, String siteDescriptor, Ref implementation, boolean serializable) {
    }

    /** One method: its own normalized code's hash (16 hex digits) and its references in code order. */
    record MethodCode(String name, String descriptor, int access, String hash, List<Ref> refs) {
        boolean hasCode() {
            return (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
        }
    }

    private static final AtomicLong READS = new AtomicLong();

    private static final ClassValue<ClassCode> CODE = new ClassValue<>() {
        @Override
        protected ClassCode computeValue(Class<?> type) {
            return read(type);
        }
    };

    private final boolean found;
    private final String sourceFile;
    private final Map<String, MethodCode> methods;
    private final List<LambdaSite> lambdaSites;
    private final String classHash;

    private ClassCode(boolean found, String sourceFile, Map<String, MethodCode> methods, List<LambdaSite> lambdaSites) {
        this.found = found;
        this.sourceFile = sourceFile;
        this.methods = Collections.unmodifiableMap(methods);
        this.lambdaSites = List.copyOf(lambdaSites);
        List<String> hashed = new ArrayList<>();
        methods.values().forEach(method -> {
            hashed.add(SyntheticNames.canonical(method.name() + method.descriptor()));
            hashed.add(method.hash());
        });
        this.classHash = Hashes.of(hashed.toArray(String[]::new)).substring(0, 16);
    }

    /** The code of {@code type}, read once per class. */
    static ClassCode of(Class<?> type) {
        return CODE.get(type);
    }

    /** How many classes were read in this JVM (for tests of the cache). */
    static long reads() {
        return READS.get();
    }

    /** False when the class file could not be found or read: the class has no methods then. */
    boolean found() {
        return found;
    }

    /** The SourceFile attribute ("Tasks.java"), or "?" when absent. */
    String sourceFile() {
        return sourceFile;
    }

    /** The method {@code name} with {@code descriptor} declared in this class, or null. */
    MethodCode method(String name, String descriptor) {
        return methods.get(name + descriptor);
    }

    /** The declared methods, in class file order. */
    Iterable<MethodCode> methods() {
        return methods.values();
    }

    List<LambdaSite> lambdaSites() {
        return lambdaSites;
    }

    /** A hash of all methods' code, for a class counted as a whole (16 hex digits). */
    String classHash() {
        return classHash;
    }

    private static ClassCode read(Class<?> type) {
        READS.incrementAndGet();
        byte[] bytes = bytesOf(type);
        if (bytes == null) {
            return new ClassCode(false, "?", Map.of(), List.of());
        }
        try {
            Map<String, MethodCode> methods = new LinkedHashMap<>();
            List<LambdaSite> sites = new ArrayList<>();
            ClassReader reader = new ClassReader(bytes);
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                                 String[] exceptions) {
                    return new MethodNormalizer(access, name, descriptor, sites,
                            method -> methods.put(name + descriptor, method));
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            String[] source = {"?"};
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public void visitSource(String file, String debug) {
                    if (file != null) {
                        source[0] = file;
                    }
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
            return new ClassCode(true, source[0], methods, sites);
        } catch (RuntimeException e) {
            // a class file ASM cannot parse (a newer class file version, a damaged file): counted as not found
            return new ClassCode(false, "?", Map.of(), List.of());
        }
    }

    /**
     * The class file as its own loader serves it. For a class the agent rewrote this is still the original file,
     * which is what the fingerprint is about. Null when there is none (generated or hidden classes).
     */
    static byte[] bytesOf(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        ClassLoader loader = type.getClassLoader();
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(resource)
                : loader.getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
