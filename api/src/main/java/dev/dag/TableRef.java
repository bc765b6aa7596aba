package dev.dag;

import dev.dag.internal.seam.Engine;
import dev.dag.internal.seam.TableAccess;
import java.util.Objects;

/**
 * A reference to a stored table: schema plus table name. {@link #toString()} is the quoted, qualified
 * identifier, ready to splice into SQL: {@code "SELECT * FROM " + ref}.
 */
public final class TableRef {
    static {
        TableAccess.register((TableAccess.Refs) TableRef::new);
    }

    private final String schema;
    private final String name;
    private final String quoted;

    private TableRef(String schema, String name, String quoted) {
        this.schema = schema;
        this.name = name;
        this.quoted = quoted;
    }

    /**
     * A reference with standard SQL quoting (double quotes, embedded quotes doubled). The refs dag hands
     * out ({@code table.ref()}) are quoted as their database quotes.
     *
     * @throws IllegalArgumentException if schema or name is null or empty
     */
    public static TableRef of(String schema, String name) {
        requireText(schema, "schema");
        requireText(name, "name");
        return new TableRef(schema, name, Engine.standardQuoted(schema, name));
    }

    private static void requireText(String value, String what) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("TableRef " + what + " must not be empty");
        }
    }

    /** The schema holding the table. */
    public String schema() {
        return schema;
    }

    /** The table's name inside its schema. */
    public String name() {
        return name;
    }

    /** The quoted, qualified identifier, e.g. {@code "clean"."orders"}. */
    @Override
    public String toString() {
        return quoted;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TableRef ref && ref.schema.equals(schema) && ref.name.equals(name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(schema, name);
    }
}
