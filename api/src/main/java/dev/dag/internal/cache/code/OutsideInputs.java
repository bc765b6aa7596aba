package dev.dag.internal.cache.code;

import dev.dag.internal.cache.code.ClassCode.Ref;
import dev.dag.internal.cache.code.ClassCode.RefKind;
import java.util.Set;

/**
 * JDK calls whose result changes while the code that makes them does not: files, class path resources (a
 * resource's bytes are not part of the code's fingerprint), the network, the clock, random numbers and the
 * environment. A cached task that reaches one keeps the value of the run that built it, so the
 * walk lists them for a warning. A reading of the calls a method makes, not of what they do: it serves a warning.
 */
final class OutsideInputs {
    /** Classes (and packages) every call of which reads outside the JVM or draws random numbers. */
    private static final Set<String> PREFIXES = Set.of("java/nio/file/", "java/io/File", "java/io/RandomAccessFile",
            "java/nio/channels/FileChannel", "java/net/", "java/util/random/");
    /** Parameter types that name a file or a resource on the network: a call taking one most likely reads it. */
    private static final Set<String> SOURCE_TYPES = Set.of("Ljava/nio/file/Path;", "Ljava/io/File;",
            "Ljava/net/URL;");
    /** Classes of {@code java.net} that compute on values only. */
    private static final Set<String> PURE_NETWORK_CLASSES = Set.of("java/net/URI", "java/net/URLEncoder",
            "java/net/URLDecoder", "java/net/URISyntaxException");
    /** Classes whose every use draws random numbers. */
    private static final Set<String> RANDOM_CLASSES = Set.of("java/util/Random", "java/security/SecureRandom",
            "java/util/SplittableRandom", "java/util/concurrent/ThreadLocalRandom");
    /** Classes whose resource methods read the class path. */
    private static final Set<String> RESOURCE_OWNERS = Set.of("java/lang/Class", "java/lang/ClassLoader",
            "java/lang/Module");
    /** Single methods: owner.name. */
    private static final Set<String> METHODS = Set.of("java/lang/System.currentTimeMillis",
            "java/lang/System.nanoTime", "java/lang/System.getenv", "java/lang/Math.random",
            "java/lang/StrictMath.random", "java/util/UUID.randomUUID", "java/util/Calendar.getInstance",
            "java/time/Clock.systemUTC", "java/time/Clock.systemDefaultZone", "java/time/InstantSource.system");

    private OutsideInputs() {
    }

    /**
     * The call {@code ref}, made by walked code to a class of the JDK or of a library, as
     * {@code java.nio.file.Files.readAllLines} if it reads outside the JVM, else null.
     */
    static String of(Ref ref) {
        String owner = ref.owner();
        if (ref.kind() == RefKind.GET_STATIC || ref.name() == null || owner.startsWith("[")) {
            return null; // a new instruction: the constructor is seen by its <init> call, with its parameters
        }
        String type = owner.replace('/', '.');
        String name = "<init>".equals(ref.name()) ? "new " + type : type + "." + ref.name();
        boolean outside = METHODS.contains(owner + "." + ref.name())
                || RANDOM_CLASSES.contains(owner)
                || owner.startsWith("java/time/") && "now".equals(ref.name())
                || readsResource(owner, ref.name())
                || owner.equals("java/util/Date") && "<init>".equals(ref.name()) && "()V".equals(ref.descriptor())
                || !isValue(owner) && (underPrefix(owner) || takesSource(ref.descriptor()));
        return outside ? name : null;
    }

    /** {@code getResource}, {@code getResourceAsStream}, {@code getSystemResource}, ... of a class or loader. */
    private static boolean readsResource(String owner, String name) {
        return RESOURCE_OWNERS.contains(owner)
                && (name.startsWith("getResource") || name.startsWith("getSystemResource"));
    }

    /** Classes that name files and addresses or compute on such names: reading happens elsewhere. */
    private static boolean isValue(String owner) {
        return PURE_NETWORK_CLASSES.contains(owner) || owner.startsWith("java/nio/file/attribute/")
                || owner.equals("java/nio/file/Path") || owner.equals("java/nio/file/Paths")
                || owner.equals("java/io/FileNotFoundException");
    }

    private static boolean underPrefix(String owner) {
        for (String prefix : PREFIXES) {
            if (owner.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a method of {@code descriptor} takes a file or a URL ({@code new Scanner(path)}, a JSON reader). */
    private static boolean takesSource(String descriptor) {
        if (descriptor == null || !descriptor.startsWith("(")) {
            return false;
        }
        String parameters = descriptor.substring(1, descriptor.indexOf(')'));
        for (String type : SOURCE_TYPES) {
            if (parameters.contains(type)) {
                return true;
            }
        }
        return false;
    }
}
