package dev.dag.internal.engine;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Table;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** Creates the placeholders a recorded task call returns, and finds placeholders among arguments. */
final class Placeholders {
    private Placeholders() {
    }

    /** A placeholder of the task's declared return type. */
    static Object forResult(TaskInvocation invocation) {
        TaskDescriptor descriptor = invocation.descriptor();
        return switch (descriptor.shape()) {
            case VOID -> null;
            case TABLE -> table(invocation, "");
            case BLOB -> blob(invocation, "");
            case LIST -> list(invocation, descriptor.nout());
            case RECORD -> record(invocation, descriptor.method().getReturnType());
            case SQL -> throw new DefinitionException(descriptor + " is an SQL task (it returns query text), which runs "
                    + "in eager runs (RunContext.open, or the agent's flow= option), not in a flow definition.",
                    descriptor.name(), null, invocation.stage().name());
        };
    }

    private static Table table(TaskInvocation invocation, String path) {
        return TableAccess.tables().placeholderTable(new OutputPlaceholder(invocation, path));
    }

    private static Blob blob(TaskInvocation invocation, String path) {
        return TableAccess.blobs().placeholderBlob(new OutputPlaceholder(invocation, path));
    }

    private static List<Table> list(TaskInvocation invocation, int count) {
        List<Table> tables = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            tables.add(table(invocation, Integer.toString(i)));
        }
        return List.copyOf(tables);
    }

    private static Object record(TaskInvocation invocation, Class<?> type) {
        return Records.create(type, component -> component.getType() == Table.class
                ? table(invocation, component.getName()) : blob(invocation, component.getName()));
    }

    /** The placeholder behind a table or blob, or null for anything else. */
    static OutputPlaceholder of(Object value) {
        if (value instanceof Table table) {
            return TableAccess.tables().placeholder(table);
        }
        if (value instanceof Blob blob) {
            return TableAccess.blobs().placeholder(blob);
        }
        return null;
    }

    /**
     * The tasks whose placeholders occur among {@code args} (directly, or inside lists, maps and
     * records), in order.
     *
     * @throws DefinitionException for a placeholder of another flow
     */
    static List<TaskInvocation> producersIn(Object[] args, TaskInvocation consumer) {
        Set<TaskInvocation> producers = new LinkedHashSet<>();
        for (Object arg : args) {
            visit(arg, placeholder -> {
                if (placeholder.producer().stage().flow() != consumer.stage().flow()) {
                    throw new DefinitionException(consumer + " takes the output " + placeholder
                            + " of flow '" + placeholder.producer().stage().flow().name()
                            + "'. A flow can only use outputs of its own tasks.", consumer.taskName(), null,
                            consumer.stage().name());
                }
                producers.add(placeholder.producer());
            });
        }
        return new ArrayList<>(producers);
    }

    /** Calls {@code action} for every placeholder inside {@code value}. */
    static void visit(Object value, Consumer<OutputPlaceholder> action) {
        OutputPlaceholder placeholder = of(value);
        if (placeholder != null) {
            action.accept(placeholder);
        } else if (value instanceof Collection<?> collection) {
            collection.forEach(element -> visit(element, action));
        } else if (value instanceof Map<?, ?> map) {
            map.values().forEach(element -> visit(element, action));
        } else if (value instanceof Record record) {
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                visit(Records.component(component, record), action);
            }
        }
    }
}
