package dev.dag.internal.engine;

import dev.dag.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rebuilds what a task method returns from its stored outputs (by placeholder path), for eager runs
 * where a cache-valid task's caller still gets a value of the declared return type.
 */
final class ReturnValues {
    private ReturnValues() {
    }

    /** The query an SQL task's caller gets: all rows of the stored table. */
    static String queryOn(Table stored) {
        return "SELECT * FROM " + stored.ref();
    }

    static Object assemble(TaskDescriptor task, Map<String, Object> byPath) {
        return switch (task.shape()) {
            case VOID -> null;
            case TABLE, BLOB -> byPath.get("");
            case SQL -> queryOn((Table) byPath.get(""));
            case LIST -> {
                List<Object> tables = new ArrayList<>();
                for (int i = 0; i < task.nout(); i++) {
                    tables.add(byPath.get(Integer.toString(i)));
                }
                yield List.copyOf(tables);
            }
            case RECORD -> record(task.method().getReturnType(), byPath);
        };
    }

    private static Object record(Class<?> type, Map<String, Object> byPath) {
        return Records.create(type, component -> byPath.get(component.getName()));
    }
}
