package dev.dag.internal.engine;

import dev.dag.Blob;
import dev.dag.Table;
import dev.dag.TableRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replaces the placeholders among a task's arguments with the outputs their producers stored, each
 * table seen through the consumer's {@code inputType}.
 */
final class ArgumentBinder {
    private final Map<OutputPlaceholder, Object> outputs;
    private final StageRun stageRun;
    private final TaskDescriptor consumer;
    private final List<StoredTable> inputs = new ArrayList<>();

    ArgumentBinder(Map<OutputPlaceholder, Object> outputs, StageRun stageRun, TaskDescriptor consumer) {
        this.outputs = outputs;
        this.stageRun = stageRun;
        this.consumer = consumer;
    }

    /** The stored tables bound so far, for the consumer's lazy SQL keys. */
    List<StoredTable> inputs() {
        return inputs;
    }

    Object[] bind(Object[] args) {
        Object[] bound = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            bound[i] = bind(args[i]);
        }
        return bound;
    }

    private Object bind(Object value) {
        OutputPlaceholder placeholder = Placeholders.of(value);
        if (placeholder != null) {
            return input(placeholder);
        }
        if (value instanceof Table table && TableAccess.tables().stored(table) != null) {
            return seenByConsumer(table); // eager runs pass stored tables, not placeholders
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(element -> copy.add(bind(element)));
            return copy;
        }
        if (value instanceof Collection<?> || value == null) {
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((key, element) -> copy.put(key, bind(element)));
            return copy;
        }
        if (value instanceof Record record && containsPlaceholder(record)) {
            return rebuild(record);
        }
        return value;
    }

    private Object input(OutputPlaceholder placeholder) {
        Object output = outputs.get(placeholder);
        if (output instanceof Table table) {
            return seenByConsumer(table);
        }
        if (output instanceof Blob blob) {
            return blob;
        }
        throw new IllegalStateException("no output recorded for " + placeholder);
    }

    /** A stored table as the consumer's {@code inputType} asks to see it. */
    private Table seenByConsumer(Table table) {
        StoredTable stored = TableAccess.tables().stored(table);
        inputs.add(stored);
        Class<?> type = consumer.inputType();
        StoredTable seen = type == TableRef.class ? stored.withContent(stored::ref)
                : stored.withContent(stageRun.reader(stored, type, consumer.name()));
        return TableAccess.tables().storedTable(table, seen);
    }

    private boolean containsPlaceholder(Record record) {
        boolean[] found = {false};
        Placeholders.visit(record, placeholder -> found[0] = true);
        return found[0];
    }

    private Object rebuild(Record record) {
        return Records.create(record.getClass(), component -> bind(Records.component(component, record)));
    }
}
