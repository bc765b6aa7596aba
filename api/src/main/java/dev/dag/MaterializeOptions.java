package dev.dag;

import java.util.Objects;

/**
 * Options of {@link Table#materialize(MaterializeOptions)} and {@link Debug#materializeTable}. Immutable:
 * each method returns new options.
 *
 * <pre>{@code
 * Table big = Table.of(sql).name("big_orders")
 *         .materialize(MaterializeOptions.defaults().returnAs(Order.class));   // obj() is List<Order>
 *
 * // interactive debugging, outside any run: writes scratch.orders_sample now
 * Table.of(sql).name("orders_sample").materialize(MaterializeOptions.defaults()
 *         .config(config).schema(config.schemaPrefix() + "scratch").dropIfExists());
 * }</pre>
 */
public final class MaterializeOptions {
    private static final MaterializeOptions DEFAULTS = new MaterializeOptions(null, false, false, null, null, "");

    private final Class<?> returnAs;
    private final boolean returnNothing;
    private final boolean dropIfExists;
    private final ConfigContext config;
    private final String schema;
    private final String nameSuffix;

    private MaterializeOptions(Class<?> returnAs, boolean returnNothing, boolean dropIfExists, ConfigContext config,
                               String schema, String nameSuffix) {
        this.returnAs = returnAs;
        this.returnNothing = returnNothing;
        this.dropIfExists = dropIfExists;
        this.config = config;
        this.schema = schema;
        this.nameSuffix = nameSuffix;
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
        return new MaterializeOptions(Objects.requireNonNull(type, "returnAs type"), false, dropIfExists, config,
                schema, nameSuffix);
    }

    /** Write the table and do not read anything back; the returned table still has a {@code ref()}. */
    public MaterializeOptions returnNothing() {
        return new MaterializeOptions(null, true, dropIfExists, config, schema, nameSuffix);
    }

    /** For writes outside a run ({@link #config}) and debug tables: replace a table of the same name. */
    public MaterializeOptions dropIfExists() {
        return new MaterializeOptions(returnAs, returnNothing, true, config, schema, nameSuffix);
    }

    /**
     * Write outside any run, at once, into {@code config}'s database (interactive debugging); needs
     * {@link #schema(String)}. Inside a run this option is refused: the run decides where tables go.
     */
    public MaterializeOptions config(ConfigContext config) {
        return new MaterializeOptions(returnAs, returnNothing, dropIfExists, Objects.requireNonNull(config, "config"),
                schema, nameSuffix);
    }

    /**
     * The target schema for {@link #config}, named in full: it must start with the instance's schema prefix
     * (so that it belongs to that instance) and must not be one of dag's own schemas.
     */
    public MaterializeOptions schema(String schema) {
        return new MaterializeOptions(returnAs, returnNothing, dropIfExists, config,
                Objects.requireNonNull(schema, "schema"), nameSuffix);
    }

    /** For {@link Debug#materializeTable}: appended to the table name (default empty). */
    public MaterializeOptions nameSuffix(String suffix) {
        return new MaterializeOptions(returnAs, returnNothing, dropIfExists, config, schema,
                Objects.requireNonNull(suffix, "suffix"));
    }

    /** The type to read back, or null for the default. */
    public Class<?> returnAsType() {
        return returnAs;
    }

    /** Whether nothing is read back. */
    public boolean isReturnNothing() {
        return returnNothing;
    }

    /** Whether an existing table of the same name is replaced. */
    public boolean isDropIfExists() {
        return dropIfExists;
    }

    /** The instance of an interactive write, or null. */
    public ConfigContext configContext() {
        return config;
    }

    /** The schema of an interactive write, or null. */
    public String targetSchema() {
        return schema;
    }

    /** The debug name suffix. */
    public String nameSuffixText() {
        return nameSuffix;
    }
}
