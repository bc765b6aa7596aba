package dev.dag.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Plan;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.TableRef;
import java.sql.Array;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * A fresh, empty dag instance for one test on one of the databases the suite runs on (see
 * {@link OnEachDatabase}), and plain-JDBC helpers to look at it the way any other reader would: each opens
 * its own connection, outside dag's pool, and closes it before returning.
 *
 * <p>Helpers take stage names as flows use them and add the instance's schema prefix (PostgreSQL runs
 * have one, so that tests running in parallel never meet). Their SQL is the same on every database:
 * {@code information_schema} and {@code pg_indexes}, which DuckDB provides too.
 */
public final class TestDatabase implements AutoCloseable {
    private static final Pattern PHYSICAL = Pattern.compile("dag_data\"?\\.\"?([A-Za-z0-9_]+)\"?");

    /** The databases the suite runs on. */
    public enum Kind {
        DUCKDB(DuckDbSandbox::create), POSTGRES(PostgresSandbox::create);

        private final Function<String, Sandbox> sandbox;

        Kind(Function<String, Sandbox> sandbox) {
            this.sandbox = sandbox;
        }
    }

    private static volatile PlanFirst planFirst;

    private final Kind kind;
    private final Sandbox sandbox;

    private TestDatabase(Kind kind, Sandbox sandbox) {
        this.kind = kind;
        this.sandbox = sandbox;
    }

    /** A fresh instance of {@code kind}; {@code label} names it (for debugging). Close it after the test. */
    public static TestDatabase open(Kind kind, String label) {
        return new TestDatabase(kind, kind.sandbox.apply(label));
    }

    /**
     * For a {@code @ParameterizedTest} that needs a database per case: every case of {@code cases} once per
     * kind, the kind as first argument. The test opens the database itself:
     * {@code try (TestDatabase db = TestDatabase.open(kind, "label")) { ... }}.
     */
    public static Stream<Arguments> eachKind(Supplier<Stream<Arguments>> cases) {
        return Stream.of(Kind.values()).flatMap(kind -> cases.get().map(arguments -> {
            List<Object> values = new ArrayList<>(List.of(kind));
            values.addAll(Arrays.asList(arguments.get()));
            return Arguments.of(values.toArray());
        }));
    }

    /**
     * Why tests on {@code kind} cannot run here (PostgreSQL without a server, outside CI), or null when they can:
     * for test engines that skip without {@link OnEachDatabase}. Under {@code CI=true} it is null, so that
     * {@link #open} fails instead of skipping.
     */
    public static String whyUnavailable(Kind kind) {
        return kind == Kind.POSTGRES ? PostgresLocator.whyUnavailable() : null;
    }

    /**
     * How many tasks at once the suite's instances run: the system property {@code dag.it.parallelism} (the
     * failsafe execution {@code cache-parallel} sets it to 4), else 1.
     */
    public static int suiteParallelism() {
        return Integer.getInteger("dag.it.parallelism", 1);
    }

    /** Which database this is. */
    public Kind kind() {
        return kind;
    }

    /** The instance to run flows against. */
    public ConfigContext config() {
        return sandbox.config();
    }

    /** Run options against this instance. */
    public RunOptions options() {
        return RunOptions.of(config());
    }

    /** Whether nothing of this instance exists in the database yet: no flow has touched it. */
    public boolean untouched() {
        return sandbox.untouched();
    }

    /** Runs {@code flow} with the default options of this instance and prints its summary. */
    public Result run(Flow flow) {
        return run(flow, options -> options);
    }

    /**
     * Runs {@code flow} with options derived from the defaults of this instance and prints its summary. With a
     * {@link #planFirst} check set, the run is planned first and must do what its plan said.
     */
    public Result run(Flow flow, UnaryOperator<RunOptions> options) {
        RunOptions runOptions = options.apply(options());
        PlanFirst check = planFirst;
        Plan plan = check == null ? null : check.plan(flow, runOptions);
        Result result;
        try {
            result = flow.run(runOptions);
        } catch (DagException e) {
            if (plan != null && e.result().isPresent()) {
                check.check(plan, e.result().get());
            }
            throw e;
        }
        System.out.println(result.summary());
        if (plan != null) {
            check.check(plan, result);
        }
        return result;
    }

    /** Plans every later {@link #run} first and checks the run against its plan; null stops it. */
    public static void planFirst(PlanFirst check) {
        planFirst = check;
    }

    /** The schema name of stage {@code stage} (or of dag's own schema, e.g. {@code dag_data}), with the prefix. */
    public String schema(String stage) {
        return config().schemaPrefix() + stage;
    }

    /** {@code "schema"."table"} of table {@code table} in stage {@code stage}, quoted for SQL. */
    public String table(String stage, String table) {
        return TableRef.of(schema(stage), table).toString();
    }

    /** A new plain JDBC connection to this instance's database; the caller closes it. */
    public Connection connect() throws SQLException {
        return Sandbox.connect(config());
    }

    /** Every row of {@code sql} ({@code ?} bound to {@code parameters}) as the list of its values; arrays as lists. */
    public List<List<Object>> rows(String sql, Object... parameters) {
        return eachRow(sql, parameters, (row, meta) -> {
            List<Object> values = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                values.add(valueOf(row, i));
            }
            return values;
        });
    }

    /** Every row of {@code sql} as a map of lower-case column label to value. */
    public List<Map<String, Object>> query(String sql) {
        return eachRow(sql, new Object[0], (row, meta) -> {
            Map<String, Object> values = new LinkedHashMap<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                values.put(meta.getColumnLabel(i).toLowerCase(), valueOf(row, i));
            }
            return values;
        });
    }

    /** The single value {@code sql} returns. */
    public Object value(String sql, Object... parameters) {
        List<List<Object>> rows = rows(sql, parameters);
        assertTrue(rows.size() == 1 && rows.get(0).size() == 1,
                () -> "expected one value from " + sql + ", got " + rows);
        return rows.get(0).get(0);
    }

    /** Number of rows of a table or view, given as a quoted, qualified name (see {@link #table}). */
    public long count(String qualifiedName) {
        return ((Number) value("SELECT count(*) FROM " + qualifiedName)).longValue();
    }

    /** Runs statements, e.g. to change data outside dag; a failing statement fails the test. */
    public void execute(String... statements) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            fail("statement failed: " + Arrays.toString(statements) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code sql}, which the database must refuse, in a transaction that is rolled back in any case
     * (so stored tables stay as they were), and returns the database's error.
     */
    public SQLException refused(String sql) {
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException refusal) {
                return refusal;
            } finally {
                connection.rollback();
            }
        } catch (SQLException e) {
            fail("could not try " + sql, e);
        }
        return fail("the database accepted " + sql);
    }

    /** Names of the tables and views of stage {@code stage}, sorted. */
    public List<String> tablesIn(String stage) {
        return rows("SELECT table_name FROM information_schema.tables WHERE table_schema = ?", schema(stage)).stream()
                .map(row -> (String) row.get(0)).sorted().toList();
    }

    /** Whether stage {@code stage} publishes a view named {@code table}. */
    public boolean viewExists(String stage, String table) {
        return !rows("SELECT 1 FROM information_schema.views WHERE table_schema = ? AND table_name = ?", schema(stage),
                table).isEmpty();
    }

    /** Whether a table or view {@code ref} exists. */
    public boolean exists(TableRef ref) {
        return !rows("SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?", ref.schema(),
                ref.name()).isEmpty();
    }

    /** The rows of the published {@code stage.table}, sorted by every column (see {@link Rows#sorted}). */
    public List<List<Object>> published(String stage, String table) {
        return Rows.sorted(rows("SELECT * FROM " + table(stage, table)));
    }

    /** The definition of the view that publishes {@code table} of {@code stage}: it names the physical table. */
    public String viewSql(String stage, String table) {
        List<List<Object>> rows = rows("SELECT view_definition FROM information_schema.views "
                + "WHERE table_schema = ? AND table_name = ?", schema(stage), table);
        assertEquals(1, rows.size(), () -> "view " + stage + "." + table + " should exist once");
        return (String) rows.get(0).get(0);
    }

    /** The physical table (in schema dag_data) that the view of {@code stage.table} reads. */
    public TableRef physicalBehind(String stage, String table) {
        String view = viewSql(stage, table);
        Matcher matcher = PHYSICAL.matcher(view);
        assertTrue(matcher.find(), () -> "view " + stage + "." + table + " reads a physical table: " + view);
        return TableRef.of(schema("dag_data"), matcher.group(1));
    }

    /** "name TYPE" of each column of {@code stage.table}, TYPE being the JDBC type every driver maps to. */
    public List<String> columnTypes(String stage, String table) {
        return read("SELECT * FROM " + table(stage, table) + " WHERE 1 = 0", new Object[0], result -> {
            ResultSetMetaData meta = result.getMetaData();
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnName(i) + " " + JDBCType.valueOf(meta.getColumnType(i)).getName());
            }
            return columns;
        });
    }

    /** The primary key columns of the stored table {@code ref}, in key order. */
    public List<String> primaryKeyOf(TableRef ref) {
        return rows("SELECT k.column_name FROM information_schema.table_constraints c "
                + "JOIN information_schema.key_column_usage k "
                + "ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name "
                + "WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = ? AND c.table_name = ? "
                + "ORDER BY k.ordinal_position", ref.schema(), ref.name()).stream()
                .map(row -> (String) row.get(0)).toList();
    }

    /** The indexes of the stored table {@code ref} other than its key's, each as its column list, e.g. "kind, n". */
    public List<String> indexesOf(TableRef ref) {
        return rows("SELECT indexdef FROM pg_indexes WHERE schemaname = ? AND tablename = ? AND indexname NOT IN "
                + "(SELECT constraint_name FROM information_schema.table_constraints "
                + "WHERE table_schema = ? AND table_name = ?)", ref.schema(), ref.name(), ref.schema(), ref.name())
                .stream().map(row -> columnsOfIndex((String) row.get(0))).sorted().toList();
    }

    /** Qualified names of this instance's objects of type {@code tableType} ("BASE TABLE" or "VIEW"), sorted. */
    public List<String> objects(String tableType) {
        return rows("SELECT table_schema || '.' || table_name FROM information_schema.tables "
                + "WHERE starts_with(table_schema, ?) AND table_type = ?", config().schemaPrefix(), tableType).stream()
                .map(row -> (String) row.get(0)).sorted().toList();
    }

    /** The rows {@code dag_meta.task_runs} holds for run {@code runId} as "stage.task OUTCOME: reason", sorted. */
    public List<String> recordedTaskRuns(String runId) {
        return rows("SELECT stage, task, outcome, reason FROM " + table(config().metadataSchema(), "task_runs")
                + " WHERE run_id = ?", runId).stream()
                .map(row -> row.get(0) + "." + row.get(1) + " " + row.get(2) + ": " + row.get(3)).sorted().toList();
    }

    @Override
    public void close() {
        sandbox.close();
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase() + " " + config();
    }

    private static String columnsOfIndex(String definition) {
        Matcher columns = Pattern.compile("\\(([^()]*)\\)[;\\s]*$").matcher(definition);
        assertTrue(columns.find(), () -> "index definition without columns: " + definition);
        return columns.group(1).replace("\"", "");
    }

    private static Object valueOf(ResultSet row, int column) throws SQLException {
        Object value = row.getObject(column);
        return value instanceof Array array ? Arrays.asList((Object[]) array.getArray()) : value;
    }

    private <T> List<T> eachRow(String sql, Object[] parameters, RowMapper<T> mapper) {
        return read(sql, parameters, result -> {
            ResultSetMetaData meta = result.getMetaData();
            List<T> rows = new ArrayList<>();
            while (result.next()) {
                rows.add(mapper.map(result, meta));
            }
            return rows;
        });
    }

    private <T> T read(String sql, Object[] parameters, ResultReader<T> reader) {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                return reader.read(result);
            }
        } catch (SQLException e) {
            return fail("query failed: " + sql + " " + Arrays.toString(parameters) + ": " + e.getMessage(), e);
        }
    }

    private interface RowMapper<T> {
        T map(ResultSet row, ResultSetMetaData meta) throws SQLException;
    }

    private interface ResultReader<T> {
        T read(ResultSet result) throws SQLException;
    }
}
