package dev.dag.internal.engine.run;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.Plan;
import dev.dag.PlannedTask;
import dev.dag.RunOptions;
import dev.dag.StoredOutputs;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.Task;
import dev.dag.TaskCall;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.Placeholders;
import dev.dag.internal.engine.stage.StoredTableReader;
import dev.dag.internal.engine.values.BlobCodec;
import dev.dag.internal.engine.values.StoredTable;
import java.util.List;

/**
 * The committed outputs of a flow, found by planning it: an output is read when the plan finds its task cache-valid
 * (its committed entry has the key the definition gives it now), and refused with the plan's reason otherwise.
 */
public final class CommittedOutputs implements StoredOutputs {
    private final FlowDefinition flow;
    private final Run planned;
    private final Plan plan;

    private CommittedOutputs(FlowDefinition flow, Run planned) {
        this.flow = flow;
        this.planned = planned;
        this.plan = planned.plan();
    }

    /**
     * Plans {@code flow} with the instance and cache validation mode of {@code options}.
     *
     * @throws dev.dag.DagException what would refuse a run before any task ran
     */
    public static CommittedOutputs find(FlowDefinition flow, RunOptions options) {
        RunOptions planOptions = (options.config() == null ? RunOptions.defaults() : RunOptions.of(options.config()))
                .withCacheValidation(options.cacheValidation());
        return new CommittedOutputs(flow, FlowRunner.planned(flow, planOptions));
    }

    @Override
    public String flowName() {
        return flow.name();
    }

    @Override
    public Plan plan() {
        return plan;
    }

    @Override
    public <T> T get(Object output, Class<T> type) {
        try {
            Object bound = bound(output);
            if (bound instanceof Blob blob) {
                return BlobCodec.convert(blob.obj(), type);
            }
            if (type != TableRef.class) {
                throw new DefinitionException("outputsFromStore().get(output, " + type.getSimpleName() + "): a table "
                        + "is read as TableRef.class; use rows(output, " + type.getSimpleName() + ".class) for rows.");
            }
            return type.cast(Bindings.stored((Table) bound).ref());
        } catch (DefinitionException e) {
            throw StackTraces.forUser(e); // reported at the line that asked
        }
    }

    @Override
    public <R> List<R> rows(Object output, Class<R> rowType) {
        try {
            if (!(bound(output) instanceof Table table)) {
                throw new DefinitionException("outputsFromStore().rows(...): the output " + placeholderOf(output)
                        + " is a blob, not a table: read it with get(output, its type).");
            }
            StoredTable stored = Bindings.stored(table);
            return StoredTableReader.read(planned.database(), stored.ref(), stored, rowType, null);
        } catch (DefinitionException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** The committed table or blob behind {@code output}. */
    private Object bound(Object output) {
        OutputPlaceholder placeholder = placeholderOf(output);
        PlannedTask task = planned.planned(placeholder.producer());
        String stage = placeholder.producer().stage().name();
        String name = placeholder.producer().taskName();
        if (task == null) {
            throw new DefinitionException("Task '" + name + "' of stage '" + stage + "' was not reached by the plan of "
                    + "flow '" + flow.name() + "' on " + plan.instance() + ". Run the flow first.", name, null, stage);
        }
        boolean current = task.decision() == PlannedTask.Decision.CACHE_VALID
                || task.decision() == PlannedTask.Decision.LAZY_CACHE_VALID;
        Object bound = current ? planned.output(placeholder) : null;
        if (bound != null) {
            return bound;
        }
        if (task.reason().startsWith("no cache entry")) {
            throw new DefinitionException("Task '" + name + "' of stage '" + stage + "' has no committed output in "
                    + plan.instance() + ": " + task.reason() + ". Run the flow first.", name, null, stage);
        }
        throw new DefinitionException("The committed output of task '" + name + "' of stage '" + stage + "' is not "
                + "what flow '" + flow.name() + "' as defined now would produce (" + task.reason() + "). Run the flow "
                + "to bring it up to date, or read the output of that run from its Result.", name, null, stage);
    }

    private OutputPlaceholder placeholderOf(Object output) {
        Object value = output instanceof Task task ? task.output() : output instanceof TaskCall call ? call.output()
                : output;
        OutputPlaceholder placeholder = Placeholders.of(value);
        if (placeholder == null || placeholder.producer().stage().flow() != flow) {
            throw new DefinitionException("outputsFromStore() of flow '" + flow.name() + "' reads an output of that "
                    + "flow: what a task call returned in its definition, a Task called once or a TaskCall with a "
                    + "single table or blob; got " + value + ".");
        }
        return placeholder;
    }

    @Override
    public String toString() {
        return "StoredOutputs(" + flow.name() + " on " + plan.instance() + ")";
    }
}
