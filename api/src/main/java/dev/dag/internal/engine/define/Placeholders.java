package dev.dag.internal.engine.define;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Table;
import dev.dag.internal.engine.values.ReturnShape;
import dev.dag.internal.engine.values.ValueWalker;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Creates the placeholders a recorded task call returns, and finds placeholders among arguments. */
public final class Placeholders {
    private Placeholders() {
    }

    /** A placeholder of the task's declared return type. */
    static Object forResult(TaskInvocation invocation) {
        TaskDescriptor task = invocation.descriptor();
        if (task.shape() == ReturnShape.SQL) {
            throw new DefinitionException(task + " is an SQL task (it returns query text), which runs in eager runs "
                    + "(RunContext.open, or the agent's flow= option), not in a flow definition.", task.name(), null,
                    invocation.stage().name());
        }
        return task.joinOutputs(path -> task.outputType(path) == Blob.class
                ? Bindings.placeholderBlob(new OutputPlaceholder(invocation, path))
                : Bindings.placeholderTable(new OutputPlaceholder(invocation, path)));
    }

    /** The placeholder behind a table or blob, or null for anything else. */
    public static OutputPlaceholder of(Object value) {
        if (value instanceof Table table) {
            return Bindings.placeholder(table);
        }
        if (value instanceof Blob blob) {
            return Bindings.placeholder(blob);
        }
        return null;
    }

    /**
     * The tasks whose placeholders occur among {@code args} (directly, or inside collections, maps and
     * records), in order.
     *
     * @throws DefinitionException for a placeholder of another flow
     */
    static List<TaskInvocation> producersIn(Object[] args, TaskInvocation consumer) {
        Set<TaskInvocation> producers = new LinkedHashSet<>();
        for (Object arg : args) {
            visitArgument(arg, consumer, value -> {
                OutputPlaceholder placeholder = of(value);
                if (placeholder == null) {
                    return;
                }
                if (placeholder.producer().stage().flow() != consumer.stage().flow()) {
                    throw new DefinitionException(consumer + " takes the output " + placeholder + " of flow '"
                            + placeholder.producer().stage().flow().name() + "'. A flow can only use outputs of its "
                            + "own tasks.", consumer.taskName(), null, consumer.stage().name());
                }
                producers.add(placeholder.producer());
            });
        }
        return new ArrayList<>(producers);
    }

    private static void visitArgument(Object arg, TaskInvocation consumer, java.util.function.Consumer<Object> leaf) {
        try {
            ValueWalker.visit(arg, leaf);
        } catch (IllegalArgumentException e) {
            throw cyclic(consumer, e);
        }
    }

    /** The error for an argument that holds itself: it has no value dag could bind or hash. */
    public static DefinitionException cyclic(TaskInvocation consumer, IllegalArgumentException e) {
        return new DefinitionException("An argument of " + consumer + " is " + e.getMessage() + ", so it has no value "
                + "dag can hand the task or hash into its key. Pass a value without the cycle.", consumer.taskName(),
                null, consumer.stage().name());
    }
}
