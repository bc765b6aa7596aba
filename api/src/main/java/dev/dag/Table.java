package dev.dag;

import dev.dag.internal.seam.Engine;
import dev.dag.internal.seam.TableAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A table a task produces or consumes. Immutable: {@link #name(String)}, {@link #primaryKey(String...)},
 * {@link #indexes(List)}, {@link #decimal(String, int, int)}, {@link #nonNullable(String...)} and
 * {@link #nullable(String...)} return a new {@code Table}.
 *
 * <pre>{@code
 * return Table.of("SELECT * FROM " + raw.ref() + " WHERE qty > 0").name("orders").primaryKey("id");
 * }</pre>
 *
 * <p>A {@code Table} is one of three things: a value to be materialized ({@link #of(Object)}), an input
 * bound to a stored table (what a task body receives, and what {@link #materialize()} returns), or,
 * while a flow is being defined, a placeholder for a task's future output.
 */
public final class Table {
    static {
        TableAccess.register(new Access());
    }

    private final Object obj;
    private final String name;
    private final List<String> primaryKey;
    private final List<List<String>> indexes;
    private final List<DecimalColumn> decimals;
    private final List<String> nonNullable;
    /** Null: not declared (columns not named by {@link #nonNullable} may hold NULL). */
    private final List<String> nullable;
    private final TableAccess.Placeholder placeholder;
    private final TableAccess.Stored stored;

    private Table(Object obj, String name, List<String> primaryKey, List<List<String>> indexes,
                  List<DecimalColumn> decimals, List<String> nonNullable, List<String> nullable,
                  TableAccess.Placeholder placeholder, TableAccess.Stored stored) {
        this.obj = obj;
        this.name = name;
        this.primaryKey = primaryKey;
        this.indexes = indexes;
        this.decimals = decimals;
        this.nonNullable = nonNullable;
        this.nullable = nullable;
        this.placeholder = placeholder;
        this.stored = stored;
    }

    /**
     * A table to materialize: SQL text (a query), a {@link TableRef}, or a {@code List} of records or
     * maps (bulk-loaded, never inserted row by row).
     *
     * @throws NullPointerException if {@code obj} is null
     */
    public static Table of(Object obj) {
        Objects.requireNonNull(obj, "Table.of(obj): obj must be SQL text, a TableRef or a List of rows, not null");
        return new Table(obj, null, List.of(), List.of(), List.of(), List.of(), null, null, null);
    }

    /** This table under the given name (unique within its stage; defaults to the task name). */
    public Table name(String name) {
        Objects.requireNonNull(name, "table name");
        return new Table(obj, name, primaryKey, indexes, decimals, nonNullable, nullable, placeholder, stored);
    }

    /** This table with a primary key on the given columns, added after the data is loaded. */
    public Table primaryKey(String... columns) {
        return new Table(obj, name, List.of(columns), indexes, decimals, nonNullable, nullable, placeholder, stored);
    }

    /** This table with one index per entry (each a list of columns), created after the data is loaded. */
    public Table indexes(List<List<String>> indexes) {
        List<List<String>> copy = indexes.stream().map(List::copyOf).toList();
        return new Table(obj, name, primaryKey, copy, decimals, nonNullable, nullable, placeholder, stored);
    }

    /**
     * This table with column {@code column} of its rows stored as a decimal of {@code precision} digits,
     * {@code scale} of them after the point, instead of the precision and scale dag infers from the values
     * (docs/types.md). Every value of the column then reads back with this scale; a value with more decimals or
     * more digits before the point is refused, never rounded. For tables given as records or maps only.
     *
     * @throws DefinitionException for a precision outside 1 to 38 or a scale outside 0 to {@code precision}
     */
    public Table decimal(String column, int precision, int scale) {
        List<DecimalColumn> declared = new ArrayList<>(decimals);
        declared.removeIf(decimal -> decimal.column().equals(column));
        declared.add(new DecimalColumn(column, precision, scale));
        return new Table(obj, name, primaryKey, indexes, List.copyOf(declared), nonNullable, nullable, placeholder,
                stored);
    }

    /**
     * This table with the given columns declared non-nullable (pipedag's {@code non_nullable}): each becomes
     * {@code NOT NULL} in the database once the data is in, and the table's cache key includes them. A NULL in one
     * fails the task, naming the column and the first row that holds it. Replaces an earlier declaration.
     *
     * <pre>{@code return Table.of(sql).name("orders").nonNullable("id", "customer");}</pre>
     */
    public Table nonNullable(String... columns) {
        return new Table(obj, name, primaryKey, indexes, decimals, columnList(columns), nullable, placeholder, stored);
    }

    /**
     * This table with only the given columns nullable (pipedag's {@code nullable}): every other column becomes
     * {@code NOT NULL}, as with {@link #nonNullable(String...)}. With both, a column is {@code NOT NULL} when
     * {@code nonNullable} names it or {@code nullable} does not. Replaces an earlier declaration.
     *
     * <pre>{@code return Table.of(rows).name("orders").nullable("comment");   // the rest NOT NULL}</pre>
     */
    public Table nullable(String... columns) {
        return new Table(obj, name, primaryKey, indexes, decimals, nonNullable, columnList(columns), placeholder,
                stored);
    }

    private static List<String> columnList(String[] columns) {
        for (String column : columns) {
            Objects.requireNonNull(column, "column name");
        }
        return List.of(columns);
    }

    /** The columns declared with {@link #nonNullable(String...)} (empty when none). */
    public List<String> nonNullable() {
        return nonNullable;
    }

    /** The columns declared with {@link #nullable(String...)}, or empty when it was not called. */
    public Optional<List<String>> nullable() {
        return Optional.ofNullable(nullable);
    }

    /** The table name, or {@code null} when none was given. */
    public String name() {
        return name != null ? name : stored != null ? stored.tableName() : null;
    }

    /** Primary key columns (empty when none). */
    public List<String> primaryKey() {
        return primaryKey;
    }

    /** Index column lists (empty when none). */
    public List<List<String>> indexes() {
        return indexes;
    }

    /** The decimal columns declared with {@link #decimal(String, int, int)} (empty when none). */
    public List<DecimalColumn> decimals() {
        return decimals;
    }

    /**
     * The table's content as the task sees it: for an input, what the task's {@code inputType} asks for
     * (a {@link TableRef} by default, rows for a record class or {@code Map.class}); for a table built
     * with {@link #of(Object)}, the object it was built from.
     *
     * @throws DefinitionException for a placeholder, which has no content while the flow is defined
     */
    public Object obj() {
        if (placeholder != null) {
            throw placeholder.noContent(name);
        }
        return stored != null ? stored.content() : obj;
    }

    /**
     * The stored table this refers to, quoted and qualified when printed.
     *
     * @throws DefinitionException if the table is not stored yet (a placeholder, or a value that was never
     *     materialized)
     */
    public TableRef ref() {
        if (stored != null) {
            return stored.ref();
        }
        if (obj instanceof TableRef ref) {
            return ref;
        }
        if (placeholder != null) {
            throw placeholder.noContent(name);
        }
        throw new DefinitionException("Table " + (name == null ? "(unnamed)" : "'" + name + "'")
                + " is not stored yet, so it has no ref(). Call materialize() on it inside a task, "
                + "or return it from the task and pass the task's output to the consumer.");
    }

    /**
     * Writes this table now when a task is running on this thread and returns it bound to the stored
     * table; with no run open, does nothing and returns this table unchanged (so tasks stay callable as
     * plain methods, e.g. in unit tests).
     */
    public Table materialize() {
        return Engine.materialize(this, MaterializeOptions.defaults());
    }

    /** {@link #materialize()} with options. */
    public Table materialize(MaterializeOptions options) {
        return Engine.materialize(this, Objects.requireNonNull(options, "options"));
    }

    @Override
    public String toString() {
        if (placeholder != null) {
            return "Table(placeholder " + placeholder + ")";
        }
        if (stored != null) {
            return "Table(" + stored.ref() + ")";
        }
        return "Table(" + (name == null ? "unnamed" : name) + ")";
    }

    /** The engine's view of a table's private state; reached only through {@link TableAccess}. */
    private static final class Access implements TableAccess.Tables {
        @Override
        public TableAccess.Placeholder placeholder(Table table) {
            return table.placeholder;
        }

        @Override
        public TableAccess.Stored stored(Table table) {
            return table.stored;
        }

        @Override
        public Table placeholderTable(TableAccess.Placeholder placeholder) {
            return new Table(null, null, List.of(), List.of(), List.of(), List.of(), null, placeholder, null);
        }

        @Override
        public Table storedTable(Table source, TableAccess.Stored stored) {
            List<String> pk = source == null ? List.of() : source.primaryKey;
            List<List<String>> idx = source == null ? List.of() : source.indexes;
            List<DecimalColumn> decimals = source == null ? List.of() : source.decimals;
            List<String> nonNullable = source == null ? List.of() : source.nonNullable;
            List<String> nullable = source == null ? null : source.nullable;
            return new Table(null, stored.tableName(), pk, idx, decimals, nonNullable, nullable, null, stored);
        }
    }
}
