package dev.dag.internal.engine;

/** The kinds of return type a task may declare. */
enum ReturnShape {
    VOID, TABLE, BLOB, RECORD, LIST,
    /** SQL text returned by a configured task, materialized and replaced by a query on the stored table. */
    SQL
}
