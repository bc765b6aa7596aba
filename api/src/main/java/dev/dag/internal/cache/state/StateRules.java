package dev.dag.internal.cache.state;

import dev.dag.internal.config.SecretDigest;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What {@link StateJson} is told by its caller: the values the engine hashes itself, how the code of a lambda is
 * fingerprinted, and the fields a task's configuration leaves out.
 *
 * @param leafTokens    called first for every non-null value met (map keys and elements included). It returns the
 *                      replacement of a value the engine hashes itself (a {@code Table}, a {@code Blob}, a
 *                      placeholder), as plain data (maps, lists, text, numbers), or {@code null} to let
 *                      {@link StateJson} hash the value by its rules. A replacement is written as
 *                      {@code {"$token":...}} and hashed by the same rules; returning the value itself counts as
 *                      {@code null}.
 * @param lambdaCode    the fingerprint of the implementation code of a lambda or method reference, or {@code null}
 *                      when the value is not one (or its code cannot be fingerprinted, and then a lambda is refused).
 *                      The engine passes the real fingerprint, which lives outside the cache layer. It throws an
 *                      {@link IllegalArgumentException} saying why for a lambda whose code it cannot tell apart
 *                      from others', and the lambda is refused.
 * @param ignoredFields class name to the names of the fields left out of the state of objects of that class
 *                      (the task's {@code ignore:} list in {@code dag.yaml}, for legacy task classes that hold a
 *                      connection). A field is left out when the name of its declaring class or of the runtime
 *                      class of the object lists it.
 * @param secrets       the keyed hash that stands for a secret (see {@link Secrets}); the machine's key unless a
 *                      test gives one
 */
public record StateRules(Function<Object, Object> leafTokens, Function<Object, String> lambdaCode,
                         Map<String, Set<String>> ignoredFields, SecretDigest secrets) {

    public StateRules {
        Objects.requireNonNull(leafTokens, "leafTokens");
        Objects.requireNonNull(lambdaCode, "lambdaCode");
        Objects.requireNonNull(ignoredFields, "ignoredFields");
        Objects.requireNonNull(secrets, "secrets");
        Map<String, Set<String>> copy = new TreeMap<>();
        ignoredFields.forEach((type, fields) -> copy.put(type, Set.copyOf(fields)));
        ignoredFields = Map.copyOf(copy);
    }

    /** Rules whose secrets are hashed under the machine's key ({@link SecretDigest#machine()}). */
    public StateRules(Function<Object, Object> leafTokens, Function<Object, String> lambdaCode,
                      Map<String, Set<String>> ignoredFields) {
        this(leafTokens, lambdaCode, ignoredFields, SecretDigest.machine());
    }

    /** No values replaced, no lambda code (so lambdas are refused), no field left out. */
    public static StateRules plain() {
        return new StateRules(value -> null, value -> null, Map.of());
    }

    /** Whether the field {@code name} declared by {@code declaring} is left out of the state of a {@code runtime}. */
    boolean ignores(Class<?> declaring, Class<?> runtime, String name) {
        return ignoredFields.getOrDefault(declaring.getName(), Set.of()).contains(name)
                || ignoredFields.getOrDefault(runtime.getName(), Set.of()).contains(name);
    }
}
