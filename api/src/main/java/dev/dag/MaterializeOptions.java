package dev.dag;

import java.util.Objects;

/**
 * Options of {@link Table#materialize(MaterializeOptions)}. Immutable: each method returns new options.
 *
 * <pre>{@code
 * List<Order> rows = (List<Order>) Table.of(sql).name("big_orders")
 *         .materialize(MaterializeOptions.defaults().returnAs(Order.class)).obj();
 * }</pre>
 */
public final class MaterializeOptions {
    private static final MaterializeOptions DEFAULTS = new MaterializeOptions(null, false);

    private final Class<?> returnAs;
    private final boolean returnNothing;

    private MaterializeOptions(Class<?> returnAs, boolean returnNothing) {
        this.returnAs = returnAs;
        this.returnNothing = returnNothing;
    }

    /** Write the table and hand back a reference (or the task's {@code inputType} when it is one). */
    public static MaterializeOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Read the written table back as this type: {@link TableRef}, a record class (rows as
     * {@code List<R>}) or {@code Map.class}.
     */
    public MaterializeOptions returnAs(Class<?> type) {
        return new MaterializeOptions(Objects.requireNonNull(type, "returnAs type"), false);
    }

    /** Write the table and do not read anything back; the returned table still has a {@code ref()}. */
    public MaterializeOptions returnNothing() {
        return new MaterializeOptions(null, true);
    }

    /** The type to read back, or null for the default. */
    public Class<?> returnAsType() {
        return returnAs;
    }

    /** Whether nothing is read back. */
    public boolean isReturnNothing() {
        return returnNothing;
    }
}
