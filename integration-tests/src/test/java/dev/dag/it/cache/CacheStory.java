package dev.dag.it.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.TaskOutcome;
import dev.dag.TaskResult;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixture of the cache stories: "run, change one thing, run again, assert exactly which task bodies
 * executed". Each test gets its own DuckDB file; task bodies report their executions to {@link Bodies}.
 */
abstract class CacheStory {
    private static final Pattern PHYSICAL = Pattern.compile("dag_data\\.\"?([A-Za-z0-9_]+)\"?");

    @TempDir
    Path dir;
    ConfigContext config;
    private Path file;

    @BeforeEach
    void openStore() {
        file = dir.resolve("cache.duckdb");
        config = ConfigContext.duckdb(file);
        Bodies.take();
    }

    @AfterEach
    void closeStore() {
        config.close();
    }

    /** Runs {@code flow} with NORMAL options on this test's store. */
    Result run(Flow flow) {
        return run(flow, options -> options);
    }

    /** Runs {@code flow} with options derived from the defaults of this test's store. */
    Result run(Flow flow, UnaryOperator<RunOptions> options) {
        Result result = flow.run(options.apply(RunOptions.of(config)));
        System.out.println(result.summary());
        return result;
    }

    /** Runs {@code flow} to fill the cache; the bodies it executed are not counted. */
    Result firstRun(Flow flow) {
        Result result = run(flow);
        Bodies.take();
        return result;
    }

    /** Runs {@code flow}, which must fail; returns the failure (its result holds the outcomes). */
    DagException failingRun(Flow flow, UnaryOperator<RunOptions> options) {
        return assertThrows(DagException.class, () -> flow.run(options.apply(RunOptions.of(config))),
                "the run should fail");
    }

    /** Asserts that exactly these bodies executed since the last check (a name twice: it ran twice). */
    static void assertExecuted(String... bodies) {
        Map<String, Integer> expected = new TreeMap<>();
        for (String body : bodies) {
            expected.merge(body, 1, Integer::sum);
        }
        assertEquals(expected, Bodies.take(), "task bodies executed (name → times)");
    }

    /** The result of {@code task} in {@code stage}; fails when there is none or more than one. */
    static TaskResult task(Result result, String stage, String task) {
        List<TaskResult> found = result.tasks().stream()
                .filter(candidate -> candidate.stage().equals(stage) && candidate.task().equals(task)).toList();
        assertEquals(1, found.size(), () -> "results of task " + task + " in stage " + stage + ": " + found);
        return found.get(0);
    }

    /** The result of {@code task}, which must occur once in the whole run. */
    static TaskResult task(Result result, String task) {
        List<TaskResult> found = result.tasks().stream().filter(candidate -> candidate.task().equals(task)).toList();
        assertEquals(1, found.size(), () -> "results of task " + task + ": " + found);
        return found.get(0);
    }

    /** Asserts the outcome of {@code task} and that its reason contains {@code reasonPart}. */
    static void assertOutcome(Result result, String task, TaskOutcome outcome, String reasonPart) {
        assertOutcome(task(result, task), outcome, reasonPart);
    }

    /** Asserts the outcome of {@code task} in {@code stage} and that its reason contains {@code reasonPart}. */
    static void assertOutcome(Result result, String stage, String task, TaskOutcome outcome, String reasonPart) {
        assertOutcome(task(result, stage, task), outcome, reasonPart);
    }

    static void assertOutcome(TaskResult task, TaskOutcome outcome, String reasonPart) {
        assertEquals(outcome, task.outcome(), () -> "outcome of " + task.stage() + "." + task.task() + " (reason: "
                + task.reason() + ")");
        assertNotNull(task.reason(), () -> "reason of " + task.task());
        assertTrue(task.reason().contains(reasonPart), () -> "reason of " + task.stage() + "." + task.task()
                + " should contain '" + reasonPart + "' but is '" + task.reason() + "'");
    }

    /** Rows of a query on this test's DuckDB file, each as a list of column values. */
    List<List<Object>> query(String sql, Object... parameters) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath());
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet resultSet = statement.executeQuery()) {
                int columns = resultSet.getMetaData().getColumnCount();
                while (resultSet.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int column = 1; column <= columns; column++) {
                        row.add(resultSet.getObject(column));
                    }
                    rows.add(row);
                }
            }
            return rows;
        } catch (SQLException e) {
            return fail("query failed: " + sql, e);
        }
    }

    /** Executes statements on this test's DuckDB file (to change data outside dag). */
    void execute(String... statements) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath());
             var statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            fail("statement failed: " + List.of(statements), e);
        }
    }

    /** The definition of the view that publishes {@code table} of {@code stage}: it names the physical table. */
    String viewSql(String stage, String table) {
        List<List<Object>> rows = query("SELECT sql FROM duckdb_views() WHERE schema_name = ? AND view_name = ?",
                stage, table);
        assertEquals(1, rows.size(), () -> "view " + stage + "." + table + " should exist once");
        return (String) rows.get(0).get(0);
    }

    /** The physical table (in schema dag_data) that the view of {@code stage.table} reads. */
    String physicalBehind(String stage, String table) {
        Matcher matcher = PHYSICAL.matcher(viewSql(stage, table));
        assertTrue(matcher.find(), () -> "view " + stage + "." + table + " reads a physical table");
        return matcher.group(1);
    }

    /** Whether stage {@code stage} publishes a view named {@code table}. */
    boolean viewExists(String stage, String table) {
        return !query("SELECT 1 FROM duckdb_views() WHERE schema_name = ? AND view_name = ?", stage, table).isEmpty();
    }

    /** The rows of the published {@code stage.table}, ordered by every column, as lists of values. */
    List<List<Object>> published(String stage, String table) {
        return query("SELECT * FROM \"" + stage + "\".\"" + table + "\" ORDER BY ALL");
    }

    /** The rows {@code dag_meta.task_runs} holds for run {@code runId}: "stage.task outcome: reason". */
    List<String> recordedTaskRuns(String runId) {
        return query("SELECT stage, task, outcome, reason FROM dag_meta.task_runs WHERE run_id = ? "
                + "ORDER BY stage, task", runId).stream()
                .map(row -> row.get(0) + "." + row.get(1) + " " + row.get(2) + ": " + row.get(3)).toList();
    }
}
