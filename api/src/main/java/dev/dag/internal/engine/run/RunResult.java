package dev.dag.internal.engine.run;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Result;
import dev.dag.TableRef;
import dev.dag.TaskResult;
import dev.dag.internal.engine.context.StackTraces;
import dev.dag.internal.engine.define.FlowDefinition;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.Placeholders;
import dev.dag.internal.engine.report.HtmlReport;
import dev.dag.internal.engine.report.RunReport;
import dev.dag.internal.engine.report.SummaryFormatter;
import dev.dag.internal.engine.values.BlobCodec;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.engine.stage.StoredTableReader;
import dev.dag.internal.store.Database;
import dev.dag.internal.store.Databases;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@link Result} of a flow run; outputs are read from the committed stages on demand. */
final class RunResult implements Result {
    private final FlowDefinition flow;
    private final String flowName;
    private final String runId;
    private final long millis;
    private final List<TaskResult> tasks;
    private final Map<OutputPlaceholder, StoredTable> tables;
    private final Map<OutputPlaceholder, StoredTable> uncommitted;
    private final Map<OutputPlaceholder, Object> blobs;
    private final ConfigContext config;
    private final boolean successful;
    private final List<String> warnings;
    private RunReport report;

    RunResult(FlowDefinition flow, String runId, long millis, List<TaskResult> tasks, Map<OutputPlaceholder, StoredTable> tables,
              Map<OutputPlaceholder, StoredTable> uncommitted, Map<OutputPlaceholder, Object> blobs, ConfigContext config,
              boolean successful, List<String> warnings) {
        this.flow = flow;
        this.flowName = flow.name();
        this.runId = runId;
        this.millis = millis;
        this.tasks = List.copyOf(tasks);
        this.tables = Map.copyOf(tables);
        this.uncommitted = Map.copyOf(uncommitted);
        this.successful = successful;
        this.blobs = Map.copyOf(blobs);
        this.config = config;
        this.warnings = List.copyOf(warnings);
    }

    @Override
    public String flowName() {
        return flowName;
    }

    @Override
    public String runId() {
        return runId;
    }

    @Override
    public boolean successful() {
        return successful;
    }

    @Override
    public List<TaskResult> tasks() {
        return tasks;
    }

    @Override
    public Optional<TaskResult> task(String name) {
        return tasks.stream().filter(task -> task.task().equals(name)).findFirst();
    }

    @Override
    public long millis() {
        return millis;
    }

    @Override
    public <T> T get(Object output, Class<T> type) {
        try {
            return read(output, type);
        } catch (DagException e) {
            throw StackTraces.forUser(e); // reported at the line that called get(...)
        }
    }

    private <T> T read(Object output, Class<T> type) {
        OutputPlaceholder placeholder = placeholderOf(output);
        if (blobs.containsKey(placeholder)) {
            return BlobCodec.convert(blobs.get(placeholder), type);
        }
        StoredTable table = committedOrNot(placeholder);
        if (type != TableRef.class) {
            throw new DefinitionException("result.get(" + placeholder + ", " + type.getSimpleName() + "): a table is "
                    + "read as TableRef.class; use result.rows(output, " + type.getSimpleName() + ".class) for rows.");
        }
        if (uncommitted.containsKey(placeholder)) {
            return type.cast(table.ref()); // not published: the physical table, kept until the next run of its stage
        }
        Database database = Databases.of(config);
        return type.cast(database.ref(database.stageSchema(table.stage()), table.tableName()));
    }

    @Override
    public <R> List<R> rows(Object output, Class<R> rowType) {
        try {
            TableRef ref = read(output, TableRef.class);
            StoredTable table = committedOrNot(placeholderOf(output));
            return StoredTableReader.read(Databases.of(config), ref, table, rowType, null);
        } catch (DagException e) {
            throw StackTraces.forUser(e); // reported at the line that called rows(...)
        }
    }

    private OutputPlaceholder placeholderOf(Object output) {
        OutputPlaceholder placeholder = Placeholders.of(output);
        if (placeholder == null || placeholder.producer().stage().flow() != flow) {
            throw new DefinitionException("result.get/rows needs an output placeholder of flow '" + flowName
                    + "' (what a task call returned in the flow definition), got " + output + ".");
        }
        return placeholder;
    }

    private StoredTable committedOrNot(OutputPlaceholder placeholder) {
        return uncommitted.containsKey(placeholder) ? uncommitted.get(placeholder) : committedTable(placeholder);
    }

    private StoredTable committedTable(OutputPlaceholder placeholder) {
        StoredTable table = tables.get(placeholder);
        if (table == null) {
            throw new DefinitionException("The output " + placeholder + " was not committed by run " + runId
                    + " (its task or stage failed or was skipped), or it is not a table.",
                    placeholder.producer().taskName(), null, placeholder.producer().stage().name());
        }
        return table;
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public String summary() {
        return SummaryFormatter.format(this);
    }

    /** The run's report, once it finished. */
    void attachReport(RunReport report) {
        this.report = report;
    }

    @Override
    public void writeReport(Path file) {
        if (report == null) {
            throw new DefinitionException("Run " + runId + " of flow '" + flowName + "' has not finished: write its "
                    + "report from the result its run returned (or from RunContext.result() after the run closed).");
        }
        HtmlReport.write(report, file);
    }

    @Override
    public String toString() {
        return "Result(" + flowName + ", run " + runId + ", " + (successful() ? "successful" : "failed") + ")";
    }
}
