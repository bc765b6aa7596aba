package dev.dag;

import dev.dag.internal.engine.DefinitionScope;
import dev.dag.internal.engine.StackTraces;
import dev.dag.internal.engine.StageDefinition;
import java.util.Objects;

/**
 * A group of tasks whose tables are published together, in one step, into one database schema named
 * after the stage. Opened inside a {@link Flow} definition with try-with-resources; stages run in the
 * order they are defined.
 */
public final class Stage implements AutoCloseable {
    private final StageDefinition definition;

    /**
     * Opens a stage in the flow being defined on this thread.
     *
     * @throws DefinitionException outside a flow definition, inside another stage, for a duplicate
     *     name, or for a name that is not a valid identifier
     */
    public Stage(String name) {
        Objects.requireNonNull(name, "stage name");
        try {
            this.definition = DefinitionScope.openStage(name);
        } catch (DagException e) {
            throw StackTraces.forUser(e);
        }
    }

    /** The stage name (also the schema name, after the instance's prefix). */
    public String name() {
        return definition.name();
    }

    /** Ends the stage block. */
    @Override
    public void close() {
        DefinitionScope.closeStage(definition);
    }

    @Override
    public String toString() {
        return "Stage(" + name() + ")";
    }
}
