package dev.dag.internal.seam;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.RawSql;
import dev.dag.Table;
import dev.dag.TableRef;
import java.util.List;
import java.util.function.Function;

/**
 * The engine's access to what {@link Table}, {@link Blob} and {@link TableRef} keep out of the public API:
 * the placeholder or stored table a table or blob is bound to, and refs quoted by the database's dialect.
 * The public classes register their accessor when they are initialized.
 */
public final class TableAccess {
    private static volatile Tables tables;
    private static volatile Blobs blobs;
    private static volatile Refs refs;
    private static volatile Scripts scripts;

    private TableAccess() {
    }

    /** A recorded task's future output, while a flow is defined. */
    public interface Placeholder {
        /** The error for reading the data of the placeholder named {@code tableName}. */
        DefinitionException noContent(String tableName);
    }

    /** A table stored by a run: its name in the stage, its physical table and what {@code obj()} returns. */
    public interface Stored {
        /** Logical table name within the stage. */
        String tableName();

        /** The physical table. */
        TableRef ref();

        /** What {@code obj()} returns: a reference or rows. */
        Object content();
    }

    /** What {@link Table} exposes to the engine. */
    public interface Tables {
        /** The placeholder a table stands for, or null. */
        Placeholder placeholder(Table table);

        /** The stored table a table is bound to, or null. */
        Stored stored(Table table);

        /** A placeholder table for a task's future output. */
        Table placeholderTable(Placeholder placeholder);

        /** A table bound to a stored table, keeping primary key and indexes of {@code source} (may be null). */
        Table storedTable(Table source, Stored stored);
    }

    /** What {@link Blob} exposes to the engine. */
    public interface Blobs {
        /** The placeholder a blob stands for, or null. */
        Placeholder placeholder(Blob blob);

        /** A placeholder blob for a task's future output. */
        Blob placeholderBlob(Placeholder placeholder);

        /** A blob holding a stored value with its cache key. */
        Blob storedBlob(String name, Object value, String cacheKey);

        /** The cache key of a stored blob, or null for a blob value. */
        String cacheKey(Blob blob);
    }

    /** What {@link TableRef} exposes to the engine. */
    public interface Refs {
        /** A ref whose {@code toString()} is {@code quoted}, as the database's dialect quotes it. */
        TableRef quoted(String schema, String name, String quoted);
    }

    /** What {@link RawSql} exposes to the engine. */
    public interface Scripts {
        /** A script whose tables are {@code tables.apply(name)} ({@code tableNames}: those it created, if known). */
        RawSql bound(String script, List<String> tableNames, Function<String, Table> tables);
    }

    /** Called once by {@link RawSql}'s static initializer. */
    public static void register(Scripts accessor) {
        scripts = accessor;
    }

    /** {@link RawSql}'s accessor. */
    public static Scripts scripts() {
        if (scripts == null) {
            initialize(RawSql.class);
        }
        return scripts;
    }

    /** Called once by {@link Table}'s static initializer. */
    public static void register(Tables accessor) {
        tables = accessor;
    }

    /** Called once by {@link Blob}'s static initializer. */
    public static void register(Blobs accessor) {
        blobs = accessor;
    }

    /** Called once by {@link TableRef}'s static initializer. */
    public static void register(Refs accessor) {
        refs = accessor;
    }

    /** {@link Table}'s accessor. */
    public static Tables tables() {
        if (tables == null) {
            initialize(Table.class);
        }
        return tables;
    }

    /** {@link Blob}'s accessor. */
    public static Blobs blobs() {
        if (blobs == null) {
            initialize(Blob.class);
        }
        return blobs;
    }

    /** {@link TableRef}'s accessor. */
    public static Refs refs() {
        if (refs == null) {
            initialize(TableRef.class);
        }
        return refs;
    }

    private static void initialize(Class<?> type) {
        try {
            Class.forName(type.getName(), true, type.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
