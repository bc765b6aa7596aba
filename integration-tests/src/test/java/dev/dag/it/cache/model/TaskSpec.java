package dev.dag.it.cache.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One task of a generated flow: its method name (also its task name and the name of its returned table), kind,
 * stage, manual version (for {@link TaskKind#VERSIONED}), constant arguments, inputs (names of earlier tasks) and
 * the tables its body writes; the last table is the one it returns, the others it materializes first.
 */
record TaskSpec(String name, TaskKind kind, int stage, int version, List<Constant> constants, List<String> inputs,
                List<SqlTable> tables, PrimaryKey primaryKey) {
    TaskSpec {
        constants = List.copyOf(constants);
        inputs = List.copyOf(inputs);
        tables = List.copyOf(tables);
    }

    /** The table the body returns. */
    SqlTable returned() {
        return tables.get(tables.size() - 1);
    }

    /** The tables materialized before the return, in order. */
    List<SqlTable> materialized() {
        return tables.subList(0, tables.size() - 1);
    }

    TaskSpec withStage(int newStage) {
        return new TaskSpec(name, kind, newStage, version, constants, inputs, tables, primaryKey);
    }

    TaskSpec withVersion(int newVersion) {
        return new TaskSpec(name, kind, stage, newVersion, constants, inputs, tables, primaryKey);
    }

    TaskSpec withPrimaryKey(PrimaryKey newKey) {
        return new TaskSpec(name, kind, stage, version, constants, inputs, tables, newKey);
    }

    TaskSpec withConstant(int index, Constant constant) {
        List<Constant> next = new ArrayList<>(constants);
        next.set(index, constant);
        return new TaskSpec(name, kind, stage, version, next, inputs, tables, primaryKey);
    }

    TaskSpec withInput(int index, String producer) {
        List<String> next = new ArrayList<>(inputs);
        next.set(index, producer);
        return new TaskSpec(name, kind, stage, version, constants, next, tables, primaryKey);
    }

    TaskSpec withTable(int index, SqlTable table) {
        List<SqlTable> next = new ArrayList<>(tables);
        next.set(index, table);
        return new TaskSpec(name, kind, stage, version, constants, inputs, next, primaryKey);
    }

    /** The same code as {@code other}'s: its tables and primary key (what a body edit changes). */
    TaskSpec withBodyOf(TaskSpec other) {
        return new TaskSpec(name, kind, stage, version, constants, inputs, other.tables, other.primaryKey);
    }
}
