package dev.dag.internal.cache.code;

import dev.dag.internal.cache.code.ClassCode.LambdaSite;
import dev.dag.internal.cache.code.ClassCode.Ref;
import dev.dag.internal.cache.code.ClassCode.RefKind;
import java.io.Serializable;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Type;

/**
 * Finds the code a lambda or method-reference object runs. A lambda object is an instance of a hidden class the
 * JDK spun for one {@code invokedynamic} site; its bytes cannot be read, so the site is found in the class that
 * holds it (named before {@code $$Lambda} in the hidden class's name):
 * <ul>
 *   <li>a serializable lambda tells its implementation method itself ({@code SerializedLambda});</li>
 *   <li>otherwise the sites of that class are matched by the functional interface, the types of the captured
 *       values (the hidden class's fields) and whether they are serializable. When several sites match (two
 *       {@code IntUnaryOperator} lambdas without captures in one class), the lambda's own constant pool names the
 *       one it runs, where the agent lets dag read it ({@link LambdaClassPool}); else all of them are returned,
 *       and {@link CodeFingerprints#ofLambda} refuses an argument it cannot tell apart.</li>
 * </ul>
 */
final class Lambdas {
    private static final String MARKER = "$$Lambda";

    private Lambdas() {
    }

    /** The implementation of a lambda: its class, and the method's reference. */
    record Implementation(Class<?> owner, Ref ref) {
    }

    /** The candidate implementations of {@code value}, and the class that holds its site (null if not found). */
    record Found(Class<?> host, List<Implementation> implementations) {
    }

    /** True for objects of the classes the JDK spins for lambdas and method references. */
    static boolean isLambda(Object value) {
        if (value == null) {
            return false;
        }
        Class<?> type = value.getClass();
        return type.isSynthetic() && type.getName().contains(MARKER);
    }

    /** The implementations {@code lambda} may run: one when known exactly, several when ambiguous, none if lost. */
    static Found implementations(Object lambda) {
        Class<?> type = lambda.getClass();
        ClassLoader loader = type.getClassLoader();
        Class<?> host = load(type.getName().substring(0, type.getName().indexOf(MARKER)), loader);
        if (host == null) {
            host = type.getNestHost() == type ? null : type.getNestHost();
        }
        SerializedLambda serialized = serialized(lambda);
        if (serialized != null) {
            Class<?> owner = load(serialized.getImplClass().replace('/', '.'), loader);
            if (owner != null) {
                Ref ref = new Ref(kindOf(serialized.getImplMethodKind()), serialized.getImplClass(),
                        serialized.getImplMethodName(), serialized.getImplMethodSignature());
                return new Found(host, List.of(new Implementation(owner, ref)));
            }
        }
        if (host == null) {
            return new Found(null, List.of());
        }
        Set<String> interfaces = new LinkedHashSet<>();
        for (Class<?> implemented : type.getInterfaces()) {
            interfaces.add(implemented.getName().replace('.', '/'));
        }
        List<String> captured = capturedTypes(type);
        Set<Ref> refs = new LinkedHashSet<>();
        boolean serializable = lambda instanceof Serializable;
        for (LambdaSite site : ClassCode.of(host).lambdaSites()) {
            Type siteType = Type.getMethodType(site.siteDescriptor());
            if (site.serializable() == serializable
                    && interfaces.contains(siteType.getReturnType().getInternalName())
                    && captured.equals(sorted(siteType.getArgumentTypes()))) {
                refs.add(site.implementation());
            }
        }
        if (refs.size() > 1) {
            refs = narrowedByPool(type, refs);
        }
        List<Implementation> found = new ArrayList<>();
        for (Ref ref : refs) {
            Class<?> owner = load(ref.owner().replace('/', '.'), loader);
            if (owner != null) {
                found.add(new Implementation(owner, ref));
            }
        }
        return new Found(host, found);
    }

    /**
     * The candidates the lambda's own class refers to, when its constant pool can be read (see
     * {@link LambdaClassPool}): the one it runs. All of them when the pool cannot be read or names none.
     */
    private static Set<Ref> narrowedByPool(Class<?> type, Set<Ref> candidates) {
        Set<String> pool = LambdaClassPool.methodRefs(type);
        if (pool == null) {
            return candidates;
        }
        Set<Ref> named = new LinkedHashSet<>();
        for (Ref candidate : candidates) {
            if (pool.contains(candidate.owner() + "." + candidate.name() + candidate.descriptor())) {
                named.add(candidate);
            }
        }
        return named.isEmpty() ? candidates : named;
    }

    /** The implementations found, as names without javac's numbers: "dev/x/Tasks.lambda$f$#(I)I", or "none found". */
    static String describe(Found found) {
        if (found.implementations().isEmpty()) {
            return "none found";
        }
        List<String> names = new ArrayList<>();
        for (Implementation implementation : found.implementations()) {
            Ref ref = implementation.ref();
            names.add(SyntheticNames.canonical(ref.owner() + "." + ref.name() + ref.descriptor()));
        }
        return String.join(", ", names);
    }

    private static SerializedLambda serialized(Object lambda) {
        if (!(lambda instanceof Serializable)) {
            return null;
        }
        try {
            Method writeReplace = lambda.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            return writeReplace.invoke(lambda) instanceof SerializedLambda serialized ? serialized : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The descriptors of the captured values, sorted (the order of declared fields is not specified). */
    private static List<String> capturedTypes(Class<?> type) {
        List<String> types = new ArrayList<>();
        for (Field field : type.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                types.add(Type.getDescriptor(field.getType()));
            }
        }
        types.sort(null);
        return types;
    }

    private static List<String> sorted(Type[] types) {
        List<String> descriptors = new ArrayList<>();
        for (Type type : types) {
            descriptors.add(type.getDescriptor());
        }
        descriptors.sort(null);
        return descriptors;
    }

    private static RefKind kindOf(int methodHandleKind) {
        return switch (methodHandleKind) {
            case MethodHandleInfo.REF_invokeStatic -> RefKind.INVOKE_STATIC;
            case MethodHandleInfo.REF_invokeSpecial -> RefKind.INVOKE_SPECIAL;
            case MethodHandleInfo.REF_newInvokeSpecial -> RefKind.NEW;
            case MethodHandleInfo.REF_invokeInterface -> RefKind.INVOKE_INTERFACE;
            default -> RefKind.INVOKE_VIRTUAL;
        };
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
