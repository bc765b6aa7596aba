package dev.dag.internal.engine;

import dev.dag.Table;
import dev.dag.TaskContext;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One invocation of a task body in a run: created by the {@link TaskRunner}, entered by the agent's
 * bridge when the body starts, finished when the body returned and its outputs are written.
 */
final class TaskScope implements TaskContext {
    private final TaskInvocation invocation;
    private final StageRun stageRun;
    private final List<StoredTable> written = new ArrayList<>();
    private final Map<Table, StoredTable> writtenByObject = new IdentityHashMap<>();
    private final ExecutionState state;
    private boolean entered;
    private Map<String, Object> outputs = Map.of();
    private int unnamedTables;

    TaskScope(TaskInvocation invocation, StageRun stageRun, ExecutionState state) {
        this.invocation = invocation;
        this.stageRun = stageRun;
        this.state = state;
    }

    @Override
    public String task() {
        return invocation.taskName();
    }

    @Override
    public String stage() {
        return invocation.stage().name();
    }

    @Override
    public List<String> materializedTables() {
        return written.stream().map(StoredTable::tableName).toList();
    }

    TaskInvocation invocation() {
        return invocation;
    }

    TaskDescriptor descriptor() {
        return invocation.descriptor();
    }

    StageRun stageRun() {
        return stageRun;
    }

    /** Called by the bridge when the task body starts. */
    void enter() {
        entered = true;
        state.task = this;
    }

    /** Called by the bridge when the body returned: writes the outputs and hands back the bound value. */
    Object finish(Object returned) {
        OutputWriter writer = new OutputWriter(this);
        Object bound = writer.write(returned);
        outputs = writer.byPath();
        return bound;
    }

    /** Bound outputs by placeholder path, once {@link #finish(Object)} ran. */
    Map<String, Object> outputs() {
        return outputs;
    }

    boolean wasEntered() {
        return entered;
    }

    /** Called when the body and the writing of its outputs are done, or failed. */
    void exit() {
        if (state.task == this) {
            state.task = null;
        }
    }

    /** Name for a table written without one: {@code <task>_<n>}. */
    String nextDefaultName() {
        unnamedTables++;
        return task() + "_" + unnamedTables;
    }

    void recordWritten(Table source, StoredTable stored) {
        written.add(stored);
        writtenByObject.put(source, stored);
    }

    /** The stored table this task wrote for {@code table} (the object given or the one returned), or null. */
    StoredTable writtenFor(Table table) {
        StoredTable stored = writtenByObject.get(table);
        if (stored != null) {
            return stored;
        }
        StoredTable bound = TableAccess.tables().stored(table);
        return bound != null && written.stream().anyMatch(mine -> mine.ref().equals(bound.ref())) ? bound : null;
    }

    List<StoredTable> written() {
        return written;
    }

    long rowsWritten() {
        return written.stream().mapToLong(table -> Math.max(0, table.rows())).sum();
    }
}
