package dev.dag.internal.engine.override;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.CanonicalJson;
import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.cache.sql.CanonicalSql;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.stage.content.ContentWriter;
import dev.dag.internal.engine.stage.StageRun;
import dev.dag.internal.engine.stage.StageWriter;
import dev.dag.internal.engine.stage.TaskCall;
import dev.dag.internal.engine.values.ReturnShape;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.hash.Hashes;
import dev.dag.internal.rows.RowDigest;
import dev.dag.internal.rows.RowSources;
import dev.dag.internal.rows.ValueRefusal;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outputs a test run gives in place of tasks ({@code RunOptions.withOverride}): which call each replaces, checked
 * before the run starts, and the table it becomes in the stage's new version without the task's body running.
 *
 * <p>An override's key is a hash of what it holds, never the task's key, so its consumers' keys differ from any
 * a real run gives; and a run with overrides publishes no stage (the flow runner writes each aside), so none of them
 * is ever committed.
 */
public final class OutputOverrides {
    private static final String SETTER = "RunOptions.withOverride";

    private final Map<TaskInvocation, Table> byCall;

    private OutputOverrides(Map<TaskInvocation, Table> byCall) {
        this.byCall = byCall;
    }

    /**
     * The overrides of {@code given} (by task name, or {@code stage.task}) matched to the calls of {@code flow}.
     *
     * @throws DefinitionException for a name no stage calls or several do, a task called several times, or one
     *     whose output is not one table
     */
    public static OutputOverrides of(FlowDefinition flow, Map<String, Table> given) {
        Map<TaskInvocation, Table> byCall = new IdentityHashMap<>();
        given.forEach((name, table) -> byCall.put(callOf(flow, name), checked(flow, name, table)));
        return new OutputOverrides(byCall);
    }

    /** Whether any call is overridden. */
    public boolean any() {
        return !byCall.isEmpty();
    }

    /** Whether {@code invocation}'s output is given instead of computed. */
    public boolean replaces(TaskInvocation invocation) {
        return byCall.containsKey(invocation);
    }

    /**
     * An override written as the task's table.
     *
     * @param table  the table's name in the stage
     * @param key    its cache key
     * @param bound  the table its consumers bind
     * @param reason why the task did not run, as the run reports it
     * @param rows   the rows written (0 for a plan)
     */
    public record Written(String table, String key, Table bound, String reason, long rows) {
    }

    /**
     * The override of {@code invocation} written into its stage's new version as the task's table (for a plan: only
     * keyed).
     *
     * @throws DagException naming task, stage and the fix, when the database or dag refuses it
     */
    public Written write(TaskInvocation invocation, StageRun stageRun) {
        Table given = byCall.get(invocation);
        String stage = invocation.stage().name();
        String task = invocation.taskName();
        String name = given.name() != null ? given.name() : ReturnShape.defaultName(task, "");
        try {
            String key = keyOf(given, stage, task, name);
            StageWriter writer = stageRun.writer();
            TaskKey callKey = new TaskKey(key, TaskKey.FORMAT, new TaskKey.Subject(task, stage, ""),
                    TaskKey.Code.of(""), Map.of(), List.of(), null, null);
            StoredTable stored = writer.writeGiven(new TaskCall(task, callKey), given, name, key);
            String reason = "overridden by " + SETTER + ": " + describe(given) + ", the task did not run";
            return new Written(name, key, Bindings.storedTable(given, stored), reason, Math.max(0, stored.rows()));
        } catch (DagException e) {
            throw withFix(e, task, stage);
        }
    }

    /** The key of an override: what it holds, under its stage, task and table name; never a key a task computes. */
    private static String keyOf(Table given, String stage, String task, String name) {
        Object content = given.obj();
        String digest;
        if (content instanceof String sql) {
            digest = CanonicalSql.of(sql, Map.of());
        } else if (content instanceof TableRef ref) {
            digest = ref.toString();
        } else {
            try {
                digest = RowDigest.of((List<?>) content, ContentWriter.declaredColumns(given));
            } catch (ValueRefusal refusal) {
                throw ContentWriter.refused(task, name, stage, refusal);
            }
        }
        String properties = CanonicalJson.of(List.of(given.primaryKey(), given.indexes(), given.decimals().toString(),
                given.nonNullable(), given.nullable().map(List::toString).orElse("")));
        return Hashes.of("override", stage, task, name, digest, properties);
    }

    private static String describe(Table given) {
        Object content = given.obj();
        if (content instanceof List<?> rows) {
            return rows.size() + (rows.size() == 1 ? " given row" : " given rows");
        }
        return content instanceof TableRef ref ? "a copy of " + ref : "the given SQL";
    }

    /** A refusal of the rows, with what to do about the override (the task's own body is not at fault). */
    private static DagException withFix(DagException e, String task, String stage) {
        if (!(e instanceof DefinitionException)) {
            return e;
        }
        return new DefinitionException("The override of task '" + task + "' in stage '" + stage + "' (" + SETTER
                + ") cannot be its output: " + e.getMessage() + " Fix the rows given to " + SETTER + "(\"" + task
                + "\", ...).", task, e.table().orElse(null), stage);
    }

    private static TaskInvocation callOf(FlowDefinition flow, String name) {
        int dot = name.indexOf('.');
        String stage = dot < 0 ? null : name.substring(0, dot);
        String task = dot < 0 ? name : name.substring(dot + 1);
        List<TaskInvocation> calls = new ArrayList<>();
        List<String> all = new ArrayList<>();
        flow.stages().forEach(definition -> definition.invocations().forEach(invocation -> {
            all.add(definition.name() + "." + invocation.taskName());
            if (invocation.taskName().equals(task) && (stage == null || definition.name().equalsIgnoreCase(stage))) {
                calls.add(invocation);
            }
        }));
        if (calls.isEmpty()) {
            throw new DefinitionException(SETTER + " names task '" + name + "', which flow '" + flow.name()
                    + "' does not call. Its tasks: " + all + ". Name one of them (\"task\" or \"stage.task\").",
                    task, null, stage);
        }
        List<String> stages = calls.stream().map(call -> call.stage().name()).distinct().toList();
        if (stages.size() > 1) {
            throw new DefinitionException(SETTER + " names task '" + name + "', which stages " + stages + " of flow '"
                    + flow.name() + "' call: name the stage too, e.g. " + SETTER + "(\"" + stages.get(0) + "." + task
                    + "\", ...).", task, null, null);
        }
        if (calls.size() > 1) {
            throw new DefinitionException(SETTER + " names task '" + name + "', which stage '" + stages.get(0)
                    + "' calls " + calls.size() + " times with other arguments: an override replaces the output of a "
                    + "task called once. Give the calls different task names (@Materialize(name = ...)) to override "
                    + "one.", task, null, stages.get(0));
        }
        return calls.get(0);
    }

    /** The override of {@code name}, refused when the task's output is not one table or it is no table to write. */
    private static Table checked(FlowDefinition flow, String name, Table table) {
        TaskInvocation call = callOf(flow, name);
        TaskDescriptor task = call.descriptor();
        String stage = call.stage().name();
        if (task.shape() != ReturnShape.TABLE) {
            throw new DefinitionException(SETTER + " gives rows for task '" + task.name() + "' in stage '" + stage
                    + "', whose output is " + outputOf(task) + ", not one Table: an override replaces a task that "
                    + "returns a Table. Override the task that produces the table instead.", task.name(), null,
                    stage);
        }
        if (Bindings.placeholder(table) != null) {
            throw new DefinitionException(SETTER + " gives task '" + task.name() + "' in stage '" + stage + "' the "
                    + "output of a task of a flow definition, which exists only while a run runs. Give rows, a "
                    + "TableRef or SQL text.", task.name(), null, stage);
        }
        StoredTable stored = Bindings.stored(table);
        Table given = stored != null ? Table.of(stored.ref()) : table;
        Object content = given.obj();
        if (!(content instanceof String || content instanceof TableRef || RowSources.accepts(content))) {
            throw new DefinitionException(SETTER + " gives task '" + task.name() + "' in stage '" + stage + "' a "
                    + content.getClass().getName() + ", which is not a table. Give a List of records or maps, a "
                    + "TableRef or SQL text.", task.name(), null, stage);
        }
        return given;
    }

    private static String outputOf(TaskDescriptor task) {
        return switch (task.shape()) {
            case VOID -> "nothing (void)";
            case BLOB -> "a Blob";
            case RAW_SQL -> "the tables of a SQL script (override the task that produces what the script reads)";
            default -> "several outputs (" + String.join(", ", task.outputPaths()) + ")";
        };
    }
}
