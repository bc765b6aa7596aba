package dev.dag.internal.cache.code;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The text of a static final field's current value, for the fingerprint of code that reads it: a
 * {@code static final List<String> COLS = List.of(...)} is not a compile-time constant, so its elements are not
 * in the reading method's code. Reading the field initializes its class (the task would do so anyway); a field
 * that cannot be read or printed is described by the failure, never thrown.
 *
 * <p>Values that print their identity ({@code Foo@1b6d3586}) would differ in each JVM, so the identity hash is
 * masked; an object without its own {@code toString} is described by its class only.
 */
final class StaticValues {
    /** {@code a.b.Foo@1b6d3586}: a default toString, not followed by more of a word (so an e-mail address stays). */
    private static final Pattern IDENTITY = Pattern.compile("([A-Za-z_$][\\w$]*(?:[.$][\\w$]+)+)@[0-9a-f]{1,8}(?![\\w.@])");
    /** The suffix of a hidden class's name ({@code Foo$$Lambda$14/0x0000000800c03000}). */
    private static final Pattern HIDDEN = Pattern.compile("/0x[0-9a-f]+");

    private StaticValues() {
    }

    /** The field {@code name} of {@code owner} as the JVM resolves a getstatic: the class, its interfaces, its superclasses. */
    static Field resolve(Class<?> owner, String name) {
        for (Class<?> type = owner; type != null; type = type.getSuperclass()) {
            Field field = declared(type, name);
            if (field != null) {
                return field;
            }
            for (Class<?> implemented : type.getInterfaces()) {
                Field inherited = resolve(implemented, name);
                if (inherited != null) {
                    return inherited;
                }
            }
        }
        return null;
    }

    /** True for the fields whose value is part of a fingerprint: static, final, and written in source. */
    static boolean counts(Field field) {
        int modifiers = field.getModifiers();
        return Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && !field.isSynthetic();
    }

    /** The current value of the static {@code field}, or null after a failure described in {@code failure[0]}. */
    static Object read(Field field, String[] failure) {
        try {
            field.setAccessible(true);
            return field.get(null);
        } catch (LinkageError e) {
            // ExceptionInInitializerError the first time, NoClassDefFoundError after: the same fingerprint for both
            failure[0] = "unreadable: its class failed to initialize";
            return null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            failure[0] = "unreadable: " + e.getClass().getName();
            return null;
        }
    }

    /** The text of {@code value} that the fingerprint hashes. */
    static String text(Object value) {
        if (value == null) {
            return "null";
        }
        try {
            if (value.getClass().isArray()) {
                return masked(Arrays.deepToString(new Object[] {value}));
            }
            if (value.getClass().getMethod("toString").getDeclaringClass() == Object.class) {
                return "instance of " + masked(value.getClass().getName());
            }
            return masked(String.valueOf(value));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return "unprintable " + value.getClass().getName() + ": " + e.getClass().getName();
        }
    }

    private static String masked(String text) {
        String noHidden = text.indexOf("/0x") < 0 ? text : HIDDEN.matcher(text).replaceAll("");
        return noHidden.indexOf('@') < 0 ? noHidden : IDENTITY.matcher(noHidden).replaceAll("$1@?");
    }

    private static Field declared(Class<?> type, String name) {
        try {
            return type.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            return null;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
