package dev.dag.internal.cache.code;

import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The methods a lambda's hidden class refers to, read from its constant pool: the one way to tell which of several
 * lambdas of the same shape in one class an object is, since the bytes of a hidden class cannot be read. The pool
 * is reached through the JDK's internal reflection ({@code jdk.internal.access}, {@code jdk.internal.reflect}),
 * which the dag agent exports to the class path; without it (no agent, another class loader) this reads nothing
 * and the caller falls back to matching the sites by shape.
 */
final class LambdaClassPool {
    private static final Access ACCESS = Access.find();

    private LambdaClassPool() {
    }

    /**
     * The methods {@code type}'s constant pool refers to, as {@code owner.name descriptor} with internal names, or
     * null when the pool cannot be read.
     */
    static Set<String> methodRefs(Class<?> type) {
        if (ACCESS == null) {
            return null;
        }
        try {
            Object pool = ACCESS.poolOf().invoke(ACCESS.javaLangAccess(), type);
            int size = (int) ACCESS.size().invoke(pool);
            Set<String> refs = new LinkedHashSet<>();
            for (int index = 1; index < size; index++) {
                String[] member = memberAt(pool, index);
                if (member != null && member.length == 3) {
                    refs.add(member[0] + "." + member[1] + member[2]);
                }
            }
            return refs;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The member reference at {@code index}, or null when the entry is something else. */
    private static String[] memberAt(Object pool, int index) throws IllegalAccessException {
        try {
            return (String[]) ACCESS.memberRef().invoke(pool, index);
        } catch (java.lang.reflect.InvocationTargetException e) {
            return null; // not a field, method or interface method reference
        }
    }

    /** The internal methods, found once; null where they are not exported to dag. */
    private record Access(Object javaLangAccess, Method poolOf, Method size, Method memberRef) {
        static Access find() {
            try {
                Object javaLangAccess = Class.forName("jdk.internal.access.SharedSecrets")
                        .getMethod("getJavaLangAccess").invoke(null);
                Method poolOf = Class.forName("jdk.internal.access.JavaLangAccess")
                        .getMethod("getConstantPool", Class.class);
                Class<?> pool = Class.forName("jdk.internal.reflect.ConstantPool");
                Access access = new Access(javaLangAccess, poolOf, pool.getMethod("getSize"),
                        pool.getMethod("getMemberRefInfoAt", int.class));
                access.size().invoke(poolOf.invoke(javaLangAccess, Access.class)); // exported to us, or throws
                return access;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return null;
            }
        }
    }
}
