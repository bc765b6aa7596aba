package dev.dag;

import dev.dag.internal.seam.Engine;
import dev.dag.internal.seam.CallHandle;
import dev.dag.internal.seam.StageHandle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A group of tasks whose tables are published together, in one step, into one database schema named
 * after the stage. Opened inside a {@link Flow} definition with try-with-resources; stages run in the
 * order they are defined.
 *
 * <p>{@link Flow#stage(String)} finds a stage of a defined flow by name, and {@link #task(String)} a task in it
 * (pipedag's {@code get_stage} and {@code get_task}).
 */
public final class Stage implements AutoCloseable {
    private final StageHandle definition;
    /** False for a stage found by {@link Flow#stage(String)}: closing it ends nothing. */
    private final boolean opened;

    /**
     * Opens a stage in the flow being defined on this thread.
     *
     * @throws DefinitionException outside a flow definition, inside another stage, for a duplicate
     *     name, or for a name that is not a valid identifier
     */
    public Stage(String name) {
        Objects.requireNonNull(name, "stage name");
        this.definition = Engine.openStage(name);
        this.opened = true;
    }

    Stage(StageHandle definition) {
        this.definition = definition;
        this.opened = false;
    }

    /** The stage name (also the schema name, after the instance's prefix). */
    public String name() {
        return definition.name();
    }

    /**
     * The tasks called in this stage so far, in the order of their first call; a task called several times is one
     * {@link Task} with several {@link Task#calls()}.
     */
    public List<Task> tasks() {
        Map<String, List<CallHandle>> byName = new LinkedHashMap<>();
        for (CallHandle call : definition.calls()) {
            byName.computeIfAbsent(call.taskName(), name -> new ArrayList<>()).add(call);
        }
        List<Task> tasks = new ArrayList<>();
        byName.forEach((task, calls) -> tasks.add(new Task(task, name(), calls)));
        return List.copyOf(tasks);
    }

    /**
     * The task of this name called in this stage.
     *
     * @throws DefinitionException when no task of that name is called in this stage (the message lists those that
     *     are)
     */
    public Task task(String name) {
        Objects.requireNonNull(name, "task name");
        List<Task> tasks = tasks();
        return tasks.stream().filter(task -> task.name().equals(name)).findFirst().orElseThrow(() ->
                Engine.forUser(new DefinitionException("Stage '" + name() + "' has no task '" + name + "'. Its tasks: "
                        + tasks.stream().map(Task::name).toList() + ".", name, null, name())));
    }

    /** Ends the stage block; does nothing for a stage found by {@link Flow#stage(String)}. */
    @Override
    public void close() {
        if (opened) {
            Engine.closeStage(definition);
        }
    }

    @Override
    public String toString() {
        return "Stage(" + name() + ")";
    }
}
