package dev.dag.internal.engine.values;

import dev.dag.Blob;
import dev.dag.DefinitionException;
import dev.dag.RawSql;
import dev.dag.Table;
import dev.dag.internal.seam.TableAccess;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The kinds of return type a task may declare, and how each splits a returned value into its outputs
 * and joins outputs back into a value of the declared type. Every output has a path: "" for the whole
 * return value, a record component's name, or a list index. Recording a call (placeholders), writing what
 * a body returned, and handing an eager caller its cached outputs all go through these two operations.
 */
public enum ReturnShape {
    VOID {
        @Override
        public List<String> paths(Class<?> type, int count) {
            return List.of();
        }

        @Override
        public Map<String, Object> split(Object returned, Class<?> type, int count,
                                         Function<String, RuntimeException> problem) {
            return Map.of();
        }

        @Override
        public Object join(Class<?> type, int count, Function<String, Object> output) {
            return null;
        }
    },
    TABLE,
    BLOB {
        @Override
        public Class<?> typeAt(Class<?> type, String path) {
            return Blob.class;
        }
    },
    RECORD {
        @Override
        public List<String> paths(Class<?> type, int count) {
            return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
        }

        @Override
        public Class<?> typeAt(Class<?> type, String path) {
            return Arrays.stream(type.getRecordComponents()).filter(component -> component.getName().equals(path))
                    .findFirst().orElseThrow().getType();
        }

        @Override
        public Map<String, Object> split(Object returned, Class<?> type, int count,
                                         Function<String, RuntimeException> problem) {
            if (returned == null) {
                throw problem.apply("returned null instead of a " + type.getSimpleName());
            }
            Map<String, Object> parts = new LinkedHashMap<>();
            for (RecordComponent component : returned.getClass().getRecordComponents()) {
                parts.put(component.getName(), Records.component(component, returned));
            }
            return parts;
        }

        @Override
        public Object join(Class<?> type, int count, Function<String, Object> output) {
            return Records.create(type, component -> output.apply(component.getName()));
        }
    },
    LIST {
        @Override
        public List<String> paths(Class<?> type, int count) {
            List<String> paths = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                paths.add(Integer.toString(i));
            }
            return paths;
        }

        @Override
        public Map<String, Object> split(Object returned, Class<?> type, int count,
                                         Function<String, RuntimeException> problem) {
            List<?> list = (List<?>) returned;
            if (list == null || list.size() != count) {
                throw problem.apply("returned " + (list == null ? "null" : list.size() + " tables")
                        + " but declares @Materialize(nout = " + count + ")");
            }
            Map<String, Object> parts = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                parts.put(Integer.toString(i), list.get(i));
            }
            return parts;
        }

        @Override
        public Object join(Class<?> type, int count, Function<String, Object> output) {
            return paths(type, count).stream().map(output).toList();
        }
    },
    /**
     * A {@link RawSql} script: its outputs are the tables it creates, known only once it ran, each at the path of its
     * name; the caller gets a script whose {@code table(name)} is the output at that path.
     */
    RAW_SQL {
        @Override
        public List<String> paths(Class<?> type, int count) {
            return List.of();
        }

        @Override
        public Map<String, Object> split(Object returned, Class<?> type, int count,
                                         Function<String, RuntimeException> problem) {
            if (!(returned instanceof RawSql)) {
                throw problem.apply("returned " + (returned == null ? "null" : "a " + returned.getClass().getName())
                        + " instead of RawSql.of(script)");
            }
            return Map.of("", returned);
        }

        @Override
        public Object join(Class<?> type, int count, Function<String, Object> output) {
            return script(List.of(), output);
        }

        /** The outputs of a script that ran: their names are those of its tables. */
        @Override
        public Object join(Class<?> type, int count, Map<String, Object> outputs) {
            return script(outputs.keySet().stream().sorted().toList(), outputs::get);
        }

        private static Object script(List<String> names, Function<String, Object> output) {
            return TableAccess.scripts().bound(null, names, name -> {
                Object table = output.apply(name);
                if (table == null) {
                    throw new DefinitionException("The script created no table '" + name + "'. RawSql.table(name) "
                            + "takes the name of a table its script creates (CREATE TABLE name ...).");
                }
                return (Table) table;
            });
        }
    },
    /** SQL text returned by a configured task: stored as a table; the caller gets a query on the stored table. */
    SQL {
        @Override
        public Map<String, Object> split(Object returned, Class<?> type, int count,
                                         Function<String, RuntimeException> problem) {
            if (!(returned instanceof String query)) {
                throw problem.apply("returned " + (returned == null ? "null" : "a " + returned.getClass().getName())
                        + " instead of SQL text");
            }
            return Map.of("", Table.of(query));
        }

        @Override
        public Object join(Class<?> type, int count, Function<String, Object> output) {
            Table table = (Table) output.apply("");
            TableAccess.Stored stored = TableAccess.tables().stored(table);
            return stored instanceof StoredTable written && written.query() != null ? written.query() : "SELECT * FROM " + table.ref();
        }
    };

    /** The paths of the outputs, in order ({@code type} is the declared return type, {@code count} a list's size). */
    public List<String> paths(Class<?> type, int count) {
        return List.of("");
    }

    /** Whether the output at {@code path} is a {@link Table} or a {@link Blob}. */
    public Class<?> typeAt(Class<?> type, String path) {
        return Table.class;
    }

    /**
     * The outputs inside a value the body returned, by path.
     *
     * @param problem makes the exception for a value that does not fit the declaration, from what is wrong
     */
    public Map<String, Object> split(Object returned, Class<?> type, int count,
                                     Function<String, RuntimeException> problem) {
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("", returned);
        return parts;
    }

    /** A value of the declared type whose output at each path is {@code output.apply(path)}. */
    public Object join(Class<?> type, int count, Function<String, Object> output) {
        return output.apply("");
    }

    /** A value of the declared type holding {@code outputs}, the outputs of a call that ran, by path. */
    public Object join(Class<?> type, int count, Map<String, Object> outputs) {
        return join(type, count, outputs::get);
    }

    /** The name an output gets when the task gives it none: the task's, plus the path for several outputs. */
    public static String defaultName(String task, String path) {
        return path.isEmpty() ? task : task + "_" + path;
    }
}
