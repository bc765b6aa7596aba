package dev.dag.internal.cache.state;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Lambdas and method references as {@code {"$lambda":code,"captured":{"arg$1":...}}}: the fingerprint of their
 * implementation code ({@link StateRules#lambdaCode()}) and the values they captured. The class name of a lambda
 * is never written: it changes from one JVM run to the next.
 */
final class Lambdas {
    private Lambdas() {
    }

    /** Whether objects of {@code type} may be lambdas: hidden or synthetic classes, and classes named as lambdas. */
    static boolean mayBeLambda(Class<?> type) {
        return type.isHidden() || type.isSynthetic() || type.getName().contains("$$Lambda");
    }

    /**
     * Writes {@code lambda}, an object of a class {@link #mayBeLambda} accepts. Without a code fingerprint a
     * hidden class is refused (its name is all there is to write, and it changes), and any other is written as
     * an object. A lambda whose code the fingerprint cannot tell ({@link StateRules#lambdaCode()} throws) is
     * refused, since another lambda of its shape would get the same key.
     */
    static void write(Object lambda, Location at, StateWalk walk, JsonWriter out) {
        Class<?> type = lambda.getClass();
        String code;
        try {
            code = walk.rules().lambdaCode().apply(lambda);
        } catch (IllegalArgumentException unidentified) {
            throw Refusals.unidentifiedLambda(at, type, unidentified.getMessage());
        }
        if (code == null && type.isHidden()) {
            throw Refusals.hiddenInstance(at, type);
        }
        if (code == null) {
            RecordsAndObjects.write(lambda, type, at, walk, out);
            return;
        }
        out.open("$lambda").string(code).member("captured");
        writeCaptured(lambda, captured(type), at, walk, out);
        out.close();
    }

    /**
     * {@code {"arg$1":value,...}}. A captured variable's name is not kept ({@code arg$1}), so a captured text, number
     * or character, or a container of nothing else ({@link #mayBeSecret}), is written as a secret ({@link Secrets}):
     * it may be the password, PIN or key a lambda closed over. It still counts in the key.
     */
    private static void writeCaptured(Object lambda, SortedMap<String, Field> fields, Location at, StateWalk walk,
                                      JsonWriter out) {
        out.raw("{");
        int index = 0;
        for (Map.Entry<String, Field> entry : fields.entrySet()) {
            Location fieldAt = at.child("." + entry.getKey());
            Object value = RecordsAndObjects.read(lambda, entry.getValue(), fieldAt);
            out.separator(index++).key(entry.getKey());
            if (mayBeSecret(value)) {
                Secrets.write(value, fieldAt, walk, out);
            } else {
                walk.write(value, fieldAt, out);
            }
        }
        out.raw("}");
    }

    /**
     * Whether a value without a name may be a secret: what passwords, PINs and keys are held in (text, numbers,
     * characters, arrays of them), and lists, sets, maps and arrays of nothing else (a list of tokens, a map of PINs
     * by user), which have no names either.
     */
    private static boolean mayBeSecret(Object value) {
        if (value instanceof CharSequence || value instanceof Number || value instanceof Character) {
            return true;
        }
        if (value instanceof Collection<?> elements) {
            return !elements.isEmpty() && elements.stream().allMatch(Lambdas::secretOrNull);
        }
        if (value instanceof Map<?, ?> map) {
            return !map.isEmpty() && map.keySet().stream().allMatch(Lambdas::secretOrNull)
                    && map.values().stream().allMatch(Lambdas::secretOrNull);
        }
        if (value instanceof Object[] elements) {
            return elements.length > 0 && Arrays.stream(elements).allMatch(Lambdas::secretOrNull);
        }
        Class<?> type = value == null ? null : value.getClass();
        return type != null && type.isArray() && type.getComponentType().isPrimitive() && type != boolean[].class;
    }

    private static boolean secretOrNull(Object value) {
        return value == null || mayBeSecret(value);
    }

    /** The captured values: every instance field of the lambda's class, by its name ({@code arg$1}, ...). */
    private static SortedMap<String, Field> captured(Class<?> type) {
        SortedMap<String, Field> captured = new TreeMap<>();
        for (Field field : type.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                captured.put(field.getName(), field);
            }
        }
        return captured;
    }
}
