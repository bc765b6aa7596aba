package dev.dag;

/**
 * Writing or reading a table failed in the database (bad SQL, a type the store cannot hold, a lost
 * connection). The message names task, table and stage and shows the SQL; the database error is the
 * cause.
 */
public class MaterializationException extends DagException {
    private final String sql;

    /** A failure to materialize {@code table} of {@code task} in {@code stage} while running {@code sql}. */
    public MaterializationException(String message, String task, String table, String stage, String sql,
                                    Throwable cause) {
        super(message, task, table, stage, cause);
        this.sql = sql;
    }

    /** The statement that failed, or null when the failure was not in a statement. */
    public String sql() {
        return sql;
    }
}
