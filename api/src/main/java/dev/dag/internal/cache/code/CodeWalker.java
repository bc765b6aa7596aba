package dev.dag.internal.cache.code;

import dev.dag.internal.hash.Hashes;
import dev.dag.internal.cache.code.ClassCode.MethodCode;
import dev.dag.internal.cache.code.ClassCode.Ref;
import dev.dag.internal.cache.code.CodeOrigins.Origin;
import dev.dag.internal.cache.code.Parts.Reached;
import dev.dag.internal.config.SecretDigest;
import dev.dag.internal.config.SecretNames;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One walk over the project code a task reaches, breadth first from its method(s), producing the parts of a
 * {@link CodeFingerprint}.
 *
 * <p>From each method reached it follows: calls whose owner is project code (a virtual or interface call goes to
 * the declaration the owner has or inherits from its superclasses, else to a default method of its interfaces);
 * method handles, lambda bodies included; the creation of a project class ({@code new}), which reaches all of that
 * class's methods (anonymous and local classes, records); and reads of static final fields of project classes,
 * whose current values join the parts. Released libraries are listed by their coordinates; the JDK and dag are
 * ignored (see {@link CodeOrigins}). Each method is visited once (recursion ends), and after {@link #MAX_METHODS}
 * methods the methods still waiting are counted by the hash of their whole class and not followed further, with a
 * note.
 *
 * <p>Cost: the classes are read once per JVM ({@link ClassCode}); a walk then costs a few map look-ups and one
 * {@code Class.forName} (already loaded classes: a hash look-up) per reference, that is microseconds per method
 * reached. {@link CodeFingerprints} keeps the result per task method, so a flow walks each task once per JVM.
 */
final class CodeWalker {
    static final int MAX_METHODS = 2000;

    private final CodeOrigins origins;
    private final int maxMethods;
    private final SyntheticNames names = new SyntheticNames();
    private final SortedMap<String, String> parts = new TreeMap<>();
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final Set<String> seenMethods = new HashSet<>();
    private final Set<String> seenFields = new HashSet<>();
    private final Set<String> wholeClasses = new HashSet<>();
    private final SortedMap<String, String> outsideInputs = new TreeMap<>();
    /** The method whose references are being followed, as {@code Csv.read}, for {@link #outsideInputs}. */
    private String caller = "";
    private int order;
    private int walked;
    private int folded;

    /** A method found and not walked yet. */
    private record Pending(Class<?> owner, ClassCode code, MethodCode method, int order, int parent) {
    }

    CodeWalker(CodeOrigins origins, int maxMethods) {
        this.origins = origins;
        this.maxMethods = maxMethods;
    }

    /** Starts the walk at the method {@code name}{@code descriptor} declared in {@code owner}. */
    CodeWalker root(Class<?> owner, String name, String descriptor) {
        ClassCode code = ClassCode.of(owner);
        MethodCode method = code.method(name, descriptor);
        if (!code.found()) {
            missing(owner);
        } else if (method == null) {
            parts.put(Parts.NOTE + "root", "method " + name + descriptor + " not found in its class file");
        } else {
            found(owner, code, method, -1);
        }
        return this;
    }

    /** Starts the walk at what {@code ref} (found in code of {@code from}) runs. */
    CodeWalker root(Class<?> from, Ref ref) {
        follow(from, ref, -1);
        return this;
    }

    /** Adds a note to the parts (a reason the fingerprint is coarser than it could be). */
    CodeWalker note(String topic, String text) {
        parts.put(Parts.NOTE + topic, text);
        return this;
    }

    /** Walks everything reachable from the roots and returns the fingerprint. */
    CodeFingerprint walk() {
        while (!pending.isEmpty()) {
            Pending next = pending.poll();
            if (walked >= maxMethods) {
                folded++;
                String key = Parts.CLASS + names.classKey(next.owner().getName());
                parts.put(key, next.code().classHash());
                continue;
            }
            walked++;
            parts.put(names.methodKey(next.owner().getName(), next.method().name(), next.method().descriptor()),
                    new Reached(next.method().hash(), next.order(), next.parent(), next.code().sourceFile()).encode());
            caller = simpleName(next.owner()) + "." + next.method().name();
            for (Ref ref : next.method().refs()) {
                follow(next.owner(), ref, next.order());
            }
        }
        if (folded > 0) {
            parts.put(Parts.NOTE + "cap", maxMethods + " methods walked; " + folded
                    + " more counted by their whole class, and what they reach not followed");
        }
        return CodeFingerprint.of(parts, outsideInputs);
    }

    private void follow(Class<?> from, Ref ref, int parent) {
        String owner = ref.owner();
        if (owner.startsWith("[") || owner.startsWith("java/") || owner.startsWith("jdk/")
                || owner.startsWith("sun/")) {
            outsideInput(ref);
            return; // arrays and the JDK: nothing to walk, nothing to identify
        }
        Class<?> type = load(owner, from);
        if (type == null) {
            parts.put(Parts.MISSING + names.classKey(owner.replace('/', '.')), "class not found");
            return;
        }
        switch (origins.of(type)) {
            case IGNORED -> {
            }
            case LIBRARY -> {
                library(type);
                outsideInput(ref);
            }
            case PROJECT -> {
                switch (ref.kind()) {
                    case NEW -> wholeClass(type, parent);
                    case GET_STATIC -> staticField(type, ref.name(), parent);
                    default -> resolve(type, ref.name(), ref.descriptor(), parent);
                }
            }
        }
    }

    /**
     * The method a call runs, as far as the declared types tell: the owner's own or inherited declaration, else a
     * default method of its interfaces. Overrides in subclasses of the owner are not known here.
     */
    private void resolve(Class<?> owner, String name, String descriptor, int parent) {
        List<Class<?>> interfaces = new ArrayList<>();
        for (Class<?> type = owner; type != null; type = type.getSuperclass()) {
            if (endsSearch(type, name, descriptor, parent)) {
                return;
            }
            interfaces.addAll(List.of(type.getInterfaces()));
        }
        Set<Class<?>> seen = new HashSet<>();
        for (int i = 0; i < interfaces.size(); i++) {
            Class<?> type = interfaces.get(i);
            if (seen.add(type)) {
                if (endsSearch(type, name, descriptor, parent)) {
                    return;
                }
                interfaces.addAll(List.of(type.getInterfaces()));
            }
        }
    }

    /**
     * True when the search for a method ends at {@code type}: it declares the method (walked if it has code), or it
     * is library code (identified) or unreadable (noted). A JDK class never ends it: if it declares the method there
     * is nothing to walk, else the search goes on.
     */
    private boolean endsSearch(Class<?> type, String name, String descriptor, int parent) {
        Origin origin = origins.of(type);
        if (origin == Origin.IGNORED) {
            return false;
        }
        if (origin == Origin.LIBRARY) {
            library(type);
            return true;
        }
        ClassCode code = ClassCode.of(type);
        if (!code.found()) {
            missing(type);
            return true;
        }
        MethodCode method = code.method(name, descriptor);
        if (method == null) {
            return false;
        }
        if (method.hasCode()) {
            found(type, code, method, parent);
        }
        return true;
    }

    private void wholeClass(Class<?> type, int parent) {
        if (!wholeClasses.add(type.getName())) {
            return;
        }
        ClassCode code = ClassCode.of(type);
        if (!code.found()) {
            missing(type);
            return;
        }
        for (MethodCode method : code.methods()) {
            if (method.hasCode()) {
                found(type, code, method, parent);
            }
        }
    }

    private void staticField(Class<?> owner, String name, int parent) {
        Field field = StaticValues.resolve(owner, name);
        if (field == null || !StaticValues.counts(field)) {
            return;
        }
        Class<?> declaring = field.getDeclaringClass();
        if (origins.of(declaring) != Origin.PROJECT) {
            if (origins.of(declaring) == Origin.LIBRARY) {
                library(declaring);
            }
            return;
        }
        if (!seenFields.add(declaring.getName() + "." + name)) {
            return;
        }
        int fieldOrder = order++;
        String[] failure = {null};
        Object value = StaticValues.read(field, failure);
        String text;
        if (failure[0] != null) {
            text = failure[0];
        } else if (Lambdas.isLambda(value)) {
            // a function held in a constant: its code counts, like a lambda the task creates itself
            Lambdas.Found found = Lambdas.implementations(value);
            found.implementations().forEach(implementation ->
                    follow(implementation.owner(), implementation.ref(), fieldOrder));
            text = "lambda " + Lambdas.describe(found);
        } else {
            text = StaticValues.text(value);
        }
        // a constant named as a secret is hashed under a key, so that its stored hash cannot be checked against guesses
        String hash = SecretNames.isSecret(name) ? SecretDigest.machine().of(text) : Hashes.of(text);
        parts.put(names.fieldKey(declaring.getName(), name), new Reached(hash.substring(0, 16),
                fieldOrder, parent, ClassCode.of(declaring).sourceFile()).encode());
    }

    private void found(Class<?> owner, ClassCode code, MethodCode method, int parent) {
        if (seenMethods.add(owner.getName() + "." + method.name() + method.descriptor())) {
            pending.add(new Pending(owner, code, method, order++, parent));
        }
    }

    /** Notes {@code ref} if it reads outside the JVM (the first method found making it). */
    private void outsideInput(Ref ref) {
        String call = OutsideInputs.of(ref);
        if (call != null) {
            outsideInputs.putIfAbsent(call, caller);
        }
    }

    private static String simpleName(Class<?> type) {
        String name = type.getName();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private void library(Class<?> type) {
        String key = origins.libraryKey(type);
        if (!parts.containsKey(key)) {
            parts.put(key, origins.libraryIdentity(type));
        }
    }

    private void missing(Class<?> type) {
        parts.put(Parts.MISSING + names.classKey(type.getName()),
                "class bytes not found: its code is not in the fingerprint");
    }

    private static Class<?> load(String internalName, Class<?> from) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, from.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
