package dev.dag.internal.engine.plan;

import dev.dag.Blob;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.stage.StageWriter;
import dev.dag.internal.engine.values.ReturnShape;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The outputs a plan hands the consumers of a task whose body it does not run: per output path a table the run
 * would write (its reference and key, no rows) or a blob whose value is {@link PlannedKeys#UNKNOWN_VALUE}.
 *
 * @param bound the outputs by path
 * @param keys  their keys by path
 */
public record PlannedOutputs(Map<String, Object> bound, Map<String, String> keys) {
    /**
     * The path of the one output a plan gives a SQL script whose tables it cannot know: it stands for every table a
     * consumer takes by name.
     */
    public static final String ANY_TABLE = "*";

    /** The outputs of {@code task} in the stage {@code writer} plans, keyed by {@code keyOf} (path → key). */
    public static PlannedOutputs of(TaskDescriptor task, StageWriter writer, UnaryOperator<String> keyOf) {
        Map<String, Object> bound = new LinkedHashMap<>();
        Map<String, String> keys = new LinkedHashMap<>();
        List<String> paths = task.shape() == ReturnShape.RAW_SQL ? List.of(ANY_TABLE) : task.outputPaths();
        for (String path : paths) {
            String key = keyOf.apply(path);
            String name = ReturnShape.defaultName(task.name(), path);
            bound.put(path, Blob.class.isAssignableFrom(task.outputType(path))
                    ? Bindings.storedBlob(name, PlannedKeys.UNKNOWN_VALUE, key)
                    : Bindings.storedTable(null, writer.planned(name, key)));
            keys.put(path, key);
        }
        return new PlannedOutputs(bound, keys);
    }
}
