package dev.dag.internal.cache.code;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Names that javac numbers per class: anonymous classes ({@code Tasks$1}), local classes
 * ({@code Tasks$1Local}) and lambda bodies ({@code lambda$orders$0}). The number counts up through the whole
 * class, so adding a lambda to one task renumbers the lambdas of the tasks below it. The hashed code therefore
 * sees every {@code $<digits>} as {@code $#}, and the keys of the parts tell such names apart by the order the
 * walk reaches them in ({@code Tasks$#@1}, {@code Tasks$#@2}), which depends on the code and not on the numbering.
 *
 * <p>Only names are rewritten (owners, member names, descriptors), never string constants: {@code $1} in SQL text
 * is a parameter and stays as written.
 */
final class SyntheticNames {
    private static final Pattern NUMBER = Pattern.compile("\\$\\d+");

    /** Ordinals given so far in one walk, per canonical name. */
    private final Map<String, Integer> ordinals = new HashMap<>();
    /** Key given to each actual name in one walk. */
    private final Map<String, String> keys = new HashMap<>();

    /** {@code name} with each {@code $<digits>} replaced by {@code $#}. */
    static String canonical(String name) {
        return name == null || name.indexOf('$') < 0 ? name : NUMBER.matcher(name).replaceAll("\\$#");
    }

    /** The key of a class (binary name, dots) in this walk: its name, or its canonical name and an ordinal. */
    String classKey(String className) {
        String canonical = canonical(className);
        if (canonical.equals(className)) {
            return className;
        }
        return keys.computeIfAbsent("class " + className, actual -> numbered(canonical));
    }

    /** The key of a method in this walk: {@code class.name(descriptor)}, numbered when javac numbered it. */
    String methodKey(String className, String name, String descriptor) {
        String base = classKey(className) + "." + canonical(name) + canonical(descriptor);
        if (canonical(name).equals(name) && canonical(descriptor).equals(descriptor)) {
            return base;
        }
        return keys.computeIfAbsent("method " + className + "." + name + descriptor, actual -> numbered(base));
    }

    /** The key of a static field in this walk. */
    String fieldKey(String className, String name) {
        return "field:" + classKey(className) + "." + name;
    }

    private String numbered(String canonical) {
        int ordinal = ordinals.merge(canonical, 1, Integer::sum);
        return canonical + "@" + ordinal;
    }
}
