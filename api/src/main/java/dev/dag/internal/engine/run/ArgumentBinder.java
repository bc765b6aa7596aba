package dev.dag.internal.engine.run;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Table;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.Placeholders;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.stage.TableContents;
import dev.dag.internal.engine.values.ReturnShape;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.engine.values.ValueWalker;
import dev.dag.internal.store.Database;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replaces the placeholders among a task's arguments (also inside collections, maps and records) with
 * the outputs their producers stored, each table seen through the consumer's {@code inputType}.
 */
final class ArgumentBinder {
    private final RunLedger ledger;
    private final Database database;
    private final TaskDescriptor consumer;
    private final List<StoredTable> inputs = new ArrayList<>();
    private final Map<OutputPlaceholder, Object> byPlaceholder = new LinkedHashMap<>();

    ArgumentBinder(RunLedger ledger, Database database, TaskDescriptor consumer) {
        this.ledger = ledger;
        this.database = database;
        this.consumer = consumer;
    }

    /** The stored tables bound so far, for the consumer's lazy SQL keys. */
    List<StoredTable> inputs() {
        return inputs;
    }

    /** What each placeholder among the arguments was bound to (a plan looks at their keys and values). */
    Map<OutputPlaceholder, Object> byPlaceholder() {
        return byPlaceholder;
    }

    Object[] bind(Object[] args) {
        Object[] bound = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            bound[i] = ValueWalker.map(args[i], this::bindLeaf);
        }
        return bound;
    }

    private Object bindLeaf(Object value) {
        OutputPlaceholder placeholder = Placeholders.of(value);
        if (placeholder != null) {
            return input(placeholder);
        }
        if (value instanceof Table table && Bindings.stored(table) != null) {
            return seenByConsumer(table); // eager runs pass stored tables, not placeholders
        }
        return value;
    }

    private Object input(OutputPlaceholder placeholder) {
        Object output = ledger.output(placeholder);
        byPlaceholder.put(placeholder, output);
        if (output instanceof Table table) {
            return seenByConsumer(table);
        }
        if (output instanceof Blob blob) {
            return blob;
        }
        TaskInvocation producer = placeholder.producer();
        if (output == null && producer.descriptor().shape() == ReturnShape.RAW_SQL) {
            String stage = producer.stage().name();
            throw new DefinitionException("Task '" + consumer.name() + "' reads table '" + placeholder.path() + "' of "
                    + "the SQL script of task '" + producer.taskName() + "' in stage '" + stage + "', which created no "
                    + "such table; it created " + ledger.pathsOf(producer) + ". Take one of those with "
                    + "script.table(name), or create the table in the script.", consumer.name(), placeholder.path(),
                    stage);
        }
        throw new IllegalStateException("dag bug: no output recorded for " + placeholder);
    }

    /** A stored table as the consumer's {@code inputType} asks to see it. */
    private Table seenByConsumer(Table table) {
        StoredTable stored = Bindings.stored(table);
        inputs.add(stored);
        return Bindings.storedTable(table, TableContents.as(stored, consumer.inputType(), database, consumer.name()));
    }
}
