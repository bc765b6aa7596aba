package dev.dag;

import dev.dag.internal.seam.TableAccess;
import java.util.Objects;

/**
 * Any Jackson-serializable object a task produces, stored as JSON in the stage's blob store and handed
 * to consuming tasks deserialized.
 *
 * <pre>{@code
 * @Materialize(version = "1")
 * static Blob thresholds() { return Blob.of(Map.of("minQty", 3)).name("thresholds"); }
 * }</pre>
 */
public final class Blob {
    static {
        TableAccess.register(new Access());
    }

    private final Object obj;
    private final String name;
    private final TableAccess.Placeholder placeholder;
    private final String cacheKey;

    private Blob(Object obj, String name, TableAccess.Placeholder placeholder, String cacheKey) {
        this.obj = obj;
        this.name = name;
        this.placeholder = placeholder;
        this.cacheKey = cacheKey;
    }

    /** A blob holding {@code obj}, which Jackson must be able to serialize. */
    public static Blob of(Object obj) {
        Objects.requireNonNull(obj, "Blob.of(obj): obj must not be null");
        return new Blob(obj, null, null, null);
    }

    /** This blob under the given name (unique within its stage; defaults to the task name). */
    public Blob name(String name) {
        return new Blob(obj, Objects.requireNonNull(name, "blob name"), placeholder, cacheKey);
    }

    /** The blob name, or null when none was given. */
    public String name() {
        return name;
    }

    /**
     * The stored object.
     *
     * @throws DefinitionException for a placeholder while the flow is defined
     */
    public Object obj() {
        if (placeholder != null) {
            throw placeholder.noContent(name);
        }
        return obj;
    }

    @Override
    public String toString() {
        return placeholder != null ? "Blob(placeholder " + placeholder + ")" : "Blob(" + name + ")";
    }

    /** The engine's view of a blob's private state. */
    private static final class Access implements TableAccess.Blobs {
        @Override
        public TableAccess.Placeholder placeholder(Blob blob) {
            return blob.placeholder;
        }

        @Override
        public Blob placeholderBlob(TableAccess.Placeholder placeholder) {
            return new Blob(null, null, placeholder, null);
        }

        @Override
        public Blob storedBlob(String name, Object value, String cacheKey) {
            return new Blob(value, name, null, cacheKey);
        }

        @Override
        public String cacheKey(Blob blob) {
            return blob.cacheKey;
        }
    }
}
