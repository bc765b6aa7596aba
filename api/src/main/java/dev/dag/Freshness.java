package dev.dag;

/**
 * The source fingerprint of a task that reads outside data (pipedag's {@code cache_fn}): a value that
 * changes when the source changes, such as a file's modification time or {@code max(updated_at)} of a
 * source table. It is part of the task's cache key, so a changed source reruns the task and its
 * consumers.
 *
 * <pre>{@code
 * public static final class OrdersFile implements Freshness {
 *     public Object fingerprint(Object... args) throws Exception {
 *         return Files.getLastModifiedTime(Path.of((String) args[0])).toMillis();
 *     }
 * }
 *
 * @Materialize(version = "1", freshness = OrdersFile.class)
 * static Table load(String file) { ... }
 * }</pre>
 *
 * Implementations need a public no-argument constructor; the fingerprint must be serializable by Jackson.
 */
public interface Freshness {
    /**
     * The current fingerprint of the task's source.
     *
     * @param args the task's arguments, as the body will receive them
     */
    Object fingerprint(Object... args) throws Exception;

    /** The default: no source fingerprint. */
    final class None implements Freshness {
        @Override
        public Object fingerprint(Object... args) {
            return null;
        }
    }
}
