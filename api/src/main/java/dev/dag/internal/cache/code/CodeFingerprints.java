package dev.dag.internal.cache.code;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;
import org.objectweb.asm.Type;

/**
 * Code fingerprints of task methods and lambdas, for {@code @Materialize(version = Materialize.AUTO)}: the
 * version becomes a hash of the task's bytecode and of the project code it reaches, so that an edit of the SQL
 * text in a task or in a helper it calls reruns it, and a comment, a blank line, a renamed local variable or a
 * recompile without changes does not. See {@link CodeWalker} for what is reached and {@link MethodNormalizer} for
 * what of a method's code counts.
 *
 * <p>Costs: each class is read (one ASM pass) once per class version per JVM and kept by its {@code Class}
 * object; each fingerprint is computed once per task method (and set of project packages) and kept in a
 * {@link ClassValue} of the task's class, so a flow of 200 tasks walks each task once per JVM and a rerun pays a
 * map look-up per task. The cached values hold strings only: they never keep a class loader alive.
 *
 * <p>Thread-safe. Never throws for a method it cannot read: the fingerprint is coarser then, and says why in
 * a {@code note:} or {@code missing:} part.
 */
public final class CodeFingerprints {
    /** Per class: the fingerprints of its methods (the key's {@code Method} is of that class: no loader leak). */
    private static final ClassValue<ConcurrentMap<MethodKey, CodeFingerprint>> BY_METHOD = new ClassValue<>() {
        @Override
        protected ConcurrentMap<MethodKey, CodeFingerprint> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private static final ClassValue<AtomicReference<CodeFingerprint>> BY_LAMBDA_CLASS = new ClassValue<>() {
        @Override
        protected AtomicReference<CodeFingerprint> computeValue(Class<?> type) {
            return new AtomicReference<>();
        }
    };

    /** A method and the project packages its fingerprint counted as project code. */
    private record MethodKey(Method method, List<String> packages) {
    }

    private static final String UNIDENTIFIED = Parts.NOTE + "lambda-unidentified";

    private CodeFingerprints() {
    }

    /**
     * Fingerprint of {@code method}'s code and of the project code it reaches; computed once per class version
     * (cached by {@code Class} object), thread-safe.
     */
    public static CodeFingerprint of(Method method) {
        return of(method, List.of());
    }

    /**
     * Same, counting classes in {@code projectPackages} (package-name prefixes from the config) as project code
     * too.
     */
    public static CodeFingerprint of(Method method, Collection<String> projectPackages) {
        Objects.requireNonNull(method, "method");
        // looked up by the method itself: a task's every call asks, and a descriptor string costs more to build
        MethodKey key = new MethodKey(method, List.copyOf(projectPackages));
        ConcurrentMap<MethodKey, CodeFingerprint> known = BY_METHOD.get(method.getDeclaringClass());
        CodeFingerprint fingerprint = known.get(key);
        if (fingerprint == null) {
            // not computeIfAbsent: a walk takes milliseconds and must not block other keys of the map meanwhile;
            // two threads may both walk, the first result is kept
            fingerprint = compute(method, Type.getMethodDescriptor(method), new TreeSet<>(projectPackages));
            CodeFingerprint raced = known.putIfAbsent(key, fingerprint);
            fingerprint = raced == null ? fingerprint : raced;
        }
        return fingerprint;
    }

    /**
     * Fingerprint of the code of a lambda or method-reference object (its implementation method and what that
     * reaches); captured values are NOT part of it (the caller hashes them). Null if {@code value} is not a lambda.
     *
     * @throws IllegalArgumentException if dag cannot tell which code the lambda runs (several lambdas of its shape
     *                                  in one class with different code, and its own class unreadable), saying why
     */
    public static CodeFingerprint ofLambda(Object value) {
        if (!Lambdas.isLambda(value)) {
            return null;
        }
        AtomicReference<CodeFingerprint> known = BY_LAMBDA_CLASS.get(value.getClass());
        CodeFingerprint fingerprint = known.get();
        if (fingerprint == null) {
            fingerprint = computeLambda(value);
            if (!known.compareAndSet(null, fingerprint)) {
                fingerprint = known.get();
            }
        }
        String unidentified = fingerprint.parts().get(UNIDENTIFIED);
        if (unidentified != null) {
            throw new IllegalArgumentException(unidentified);
        }
        return fingerprint;
    }

    private static CodeFingerprint compute(Method method, String descriptor, Collection<String> packages) {
        Class<?> owner = method.getDeclaringClass();
        try {
            return new CodeWalker(new CodeOrigins(CodeOrigins.location(owner), packages), CodeWalker.MAX_METHODS)
                    .root(owner, method.getName(), descriptor)
                    .walk();
        } catch (RuntimeException | LinkageError e) {
            return failed(owner, e);
        }
    }

    private static CodeFingerprint computeLambda(Object lambda) {
        Class<?> type = lambda.getClass();
        Lambdas.Found found;
        try {
            found = Lambdas.implementations(lambda);
        } catch (RuntimeException | LinkageError e) {
            return unidentified("its implementation could not be read (" + e + ")");
        }
        Class<?> host = found.host() != null ? found.host() : type;
        if (found.implementations().isEmpty()) {
            return unidentified("its implementation was not found in " + host.getName());
        }
        List<CodeFingerprint> candidates = new ArrayList<>();
        for (Lambdas.Implementation implementation : found.implementations()) {
            candidates.add(walkLambda(host, new Lambdas.Found(host, List.of(implementation))));
        }
        if (candidates.stream().map(CodeFingerprints::code).distinct().count() > 1) {
            return unidentified("it is one of " + candidates.size() + " lambdas or method references of the same "
                    + "interface and captured types in " + host.getName() + " (" + Lambdas.describe(found)
                    + "), whose code differs, and dag cannot tell which one it is");
        }
        return candidates.get(0); // one, or several with the same code: whichever it is, it computes the same
    }

    private static CodeFingerprint walkLambda(Class<?> host, Lambdas.Found found) {
        try {
            CodeWalker walker = new CodeWalker(new CodeOrigins(CodeOrigins.location(host), List.of()),
                    CodeWalker.MAX_METHODS);
            // names the implementation, so that method references into the JDK (Integer::parseInt) differ too
            walker.note("lambda", Lambdas.describe(found));
            found.implementations().forEach(implementation -> walker.root(implementation.owner(),
                    implementation.ref()));
            return walker.walk();
        } catch (RuntimeException | LinkageError e) {
            return failed(host, e);
        }
    }

    /**
     * What of a lambda's fingerprint says what it computes: the code and value hashes of what it reaches, and the
     * other parts whole, without the names of the methods (two lambdas of one class have their own names).
     */
    private static List<String> code(CodeFingerprint fingerprint) {
        List<String> code = new ArrayList<>();
        fingerprint.parts().forEach((key, value) -> {
            if (Parts.isReached(key)) {
                code.add(Parts.hashed(key, value));
            } else if (!key.equals(Parts.NOTE + "lambda")) {
                code.add(key + "=" + value);
            }
        });
        code.sort(null);
        return code;
    }

    /** The marker of a lambda whose code is unknown; {@link #ofLambda} refuses it with {@code why}. */
    private static CodeFingerprint unidentified(String why) {
        SortedMap<String, String> parts = new TreeMap<>();
        parts.put(UNIDENTIFIED, why);
        return CodeFingerprint.of(parts);
    }

    /** The coarse fingerprint of a walk that failed: the whole class's code, and the failure. */
    private static CodeFingerprint failed(Class<?> owner, Throwable failure) {
        SortedMap<String, String> parts = new TreeMap<>();
        String classHash;
        try {
            ClassCode code = ClassCode.of(owner);
            classHash = code.found() ? code.classHash() : "class bytes not found";
        } catch (RuntimeException | LinkageError e) {
            classHash = "unreadable";
        }
        parts.put(Parts.CLASS + SyntheticNames.canonical(owner.getName()), classHash);
        parts.put(Parts.NOTE + "failed", "walk failed (" + failure.getClass().getName() + "): whole class counted");
        return CodeFingerprint.of(parts);
    }
}
