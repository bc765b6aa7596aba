package dev.dag.internal.engine;

/** The kinds of return type a task may declare. */
enum ReturnShape {
    VOID, TABLE, BLOB, RECORD, LIST
}
