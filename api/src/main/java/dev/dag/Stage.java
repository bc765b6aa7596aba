package dev.dag;

import dev.dag.internal.seam.Engine;
import dev.dag.internal.seam.StageHandle;
import java.util.Objects;

/**
 * A group of tasks whose tables are published together, in one step, into one database schema named
 * after the stage. Opened inside a {@link Flow} definition with try-with-resources; stages run in the
 * order they are defined.
 */
public final class Stage implements AutoCloseable {
    private final StageHandle definition;

    /**
     * Opens a stage in the flow being defined on this thread.
     *
     * @throws DefinitionException outside a flow definition, inside another stage, for a duplicate
     *     name, or for a name that is not a valid identifier
     */
    public Stage(String name) {
        Objects.requireNonNull(name, "stage name");
        this.definition = Engine.openStage(name);
    }

    /** The stage name (also the schema name, after the instance's prefix). */
    public String name() {
        return definition.name();
    }

    /** Ends the stage block. */
    @Override
    public void close() {
        Engine.closeStage(definition);
    }

    @Override
    public String toString() {
        return "Stage(" + name() + ")";
    }
}
