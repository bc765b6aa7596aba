package dev.dag;

import dev.dag.internal.seam.TableAccess;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A SQL script that creates several tables, returned by a task (pipedag's {@code RawSql}): the form most legacy SQL
 * takes. dag runs the script in a scratch schema of its own, so that the tables it creates with plain names
 * ({@code CREATE TABLE big_orders AS ...}) become tables of the task's stage, published with the stage; a task
 * that reads one takes {@link #table(String)} as its input.
 *
 * <pre>{@code
 * @Materialize(version = "1")
 * static RawSql split(Table orders) {
 *     return RawSql.of("CREATE TABLE big AS SELECT * FROM " + orders.ref() + " WHERE qty >= 5;\n"
 *             + "CREATE TABLE small AS SELECT * FROM " + orders.ref() + " WHERE qty < 5;");
 * }
 * ...
 * RawSql parts = split(orders);            // in the flow definition
 * report(parts.table("big"));              // a task reading one of the tables it creates
 * }</pre>
 *
 * The script reads tables of earlier stages through its inputs' {@link Table#ref()}. It is cached like a task's
 * other outputs: by the task's version and inputs, or, for a {@code lazy} task, by its canonical text and the keys of
 * the tables it reads. See docs/sql-scripts.md.
 */
public final class RawSql {
    static {
        TableAccess.register(new Access());
    }

    private final String script;
    private final List<String> tableNames;
    private final Function<String, Table> tables;

    private RawSql(String script, List<String> tableNames, Function<String, Table> tables) {
        this.script = script;
        this.tableNames = tableNames;
        this.tables = tables;
    }

    /**
     * A script of SQL statements separated by {@code ;}, creating tables with unqualified names. It must not commit,
     * change the session's schema, or create views (create tables instead).
     */
    public static RawSql of(String script) {
        Objects.requireNonNull(script, "RawSql.of(script): the script must not be null");
        return new RawSql(script, List.of(), null);
    }

    /** The script's text (null for the placeholder a task call returns while a flow is defined). */
    public String script() {
        return script;
    }

    /**
     * The table {@code name} the script created: in a flow definition the placeholder a consuming task takes as its
     * input; in a run's result or an eager run, the stored table.
     *
     * @throws DefinitionException when the script has not run as a task (a plain value), or created no such table
     */
    public Table table(String name) {
        Objects.requireNonNull(name, "table name");
        if (tables == null) {
            throw new DefinitionException("RawSql.table(\"" + name + "\"): this script has not run as a task, so it "
                    + "has no tables. Call table(..) on what the task call returned.");
        }
        return tables.apply(name);
    }

    /** The names of the tables the script created, once it ran as a task (empty before, and in a definition). */
    public List<String> tableNames() {
        return tableNames;
    }

    @Override
    public String toString() {
        return script != null ? "RawSql(" + script.strip().lines().findFirst().orElse("") + " ...)"
                : "RawSql(placeholder)";
    }

    private static final class Access implements TableAccess.Scripts {
        @Override
        public RawSql bound(String script, List<String> tableNames, Function<String, Table> tables) {
            return new RawSql(script, List.copyOf(tableNames), Objects.requireNonNull(tables, "tables"));
        }
    }
}
