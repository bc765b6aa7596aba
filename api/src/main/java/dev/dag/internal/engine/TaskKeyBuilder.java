package dev.dag.internal.engine;

import dev.dag.CacheValidationMode;
import dev.dag.DefinitionException;
import dev.dag.Freshness;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.CanonicalJson;
import dev.dag.internal.cache.TaskKey;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds a task's cache key: task name, stage, version, every argument as canonical JSON (an input
 * appears as the cache key of the output it stands for, so a change flows downstream), the receiver of
 * an instance method (its Jackson-visible state), and the source fingerprint.
 */
final class TaskKeyBuilder {
    private final Map<OutputPlaceholder, String> outputKeys;

    TaskKeyBuilder(Map<OutputPlaceholder, String> outputKeys) {
        this.outputKeys = outputKeys;
    }

    TaskKey build(TaskInvocation invocation, Object[] boundArgs, String runId, int ordinal, CacheEntry previous,
                  CacheValidationMode mode) {
        TaskDescriptor task = invocation.descriptor();
        Map<String, String> arguments = arguments(invocation);
        String receiver = receiver(invocation.self());
        String freshness = task.hasFreshness() ? freshness(invocation, boundArgs) : null;
        if (mode == CacheValidationMode.IGNORE_FRESH_INPUT && previous != null && task.hasFreshness()) {
            freshness = previous.key().freshness();
        }
        if (task.version().isEmpty()) {
            return TaskKey.fresh("", arguments, receiver, freshness, runId, task.name(), ordinal);
        }
        return TaskKey.of(task.name(), invocation.stage().name(), task.version(), arguments, receiver, freshness);
    }

    private Map<String, String> arguments(TaskInvocation invocation) {
        Parameter[] parameters = invocation.descriptor().method().getParameters();
        Object[] args = invocation.args();
        Map<String, String> arguments = new TreeMap<>();
        for (int i = 0; i < args.length; i++) {
            String name = parameters[i].getName();
            try {
                arguments.put(name, CanonicalJson.of(tokens(args[i])));
            } catch (IllegalArgumentException e) {
                throw new DefinitionException("Argument '" + name + "' of " + invocation + " cannot be part of its "
                        + "cache key: " + e.getMessage() + ". Pass values Jackson can serialize (numbers, text, dates, "
                        + "records, lists, maps), or tables and blobs of other tasks.", invocation.taskName(), null,
                        invocation.stage().name());
            }
        }
        return arguments;
    }

    /** The argument with every placeholder replaced by a token naming the output and its cache key. */
    private Object tokens(Object value) {
        OutputPlaceholder placeholder = Placeholders.of(value);
        if (placeholder != null) {
            Map<String, String> token = new LinkedHashMap<>();
            token.put("$input", placeholder.toString());
            token.put("key", outputKeys.get(placeholder));
            return token;
        }
        if (value instanceof Collection<?> collection) {
            List<Object> out = new ArrayList<>();
            collection.forEach(element -> out.add(tokens(element)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new TreeMap<>();
            map.forEach((key, element) -> out.put(String.valueOf(key), tokens(element)));
            return out;
        }
        if (value instanceof Record record) {
            Map<String, Object> out = new TreeMap<>();
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                out.put(component.getName(), tokens(Placeholders.componentValue(component, record)));
            }
            return out;
        }
        return value;
    }

    /** The receiver's state as Jackson sees it; its class name alone when it exposes none. */
    private static String receiver(Object self) {
        if (self == null) {
            return "";
        }
        try {
            return self.getClass().getName() + CanonicalJson.of(self);
        } catch (IllegalArgumentException e) {
            return self.getClass().getName();
        }
    }

    private static String freshness(TaskInvocation invocation, Object[] boundArgs) {
        Class<? extends Freshness> type = invocation.descriptor().freshness();
        try {
            var constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            return CanonicalJson.of(constructor.newInstance().fingerprint(boundArgs));
        } catch (Exception e) {
            throw new DefinitionException("The source fingerprint " + type.getName() + " of " + invocation + " failed: "
                    + e + ". It needs a no-argument constructor and must return a value Jackson can serialize.",
                    invocation.taskName(), null, invocation.stage().name());
        }
    }
}
