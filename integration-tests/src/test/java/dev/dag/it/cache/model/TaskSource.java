package dev.dag.it.cache.model;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a {@link FlowSpec} as the Java source of a task class, the way a user would write it: one
 * {@code @Materialize} method per task, whose SQL is built from string pieces, its inputs' {@code ref()}s and its
 * constant arguments, and a static {@code define()} that builds the flow. Editing a spec's SQL therefore edits real
 * code, which dag sees through the task's code fingerprint.
 */
final class TaskSource {
    static final String CLASS = "modelflow.ModelTasks";

    private TaskSource() {
    }

    static String of(FlowSpec flow) {
        StringBuilder source = new StringBuilder("""
                package modelflow;

                import dev.dag.Dag;
                import dev.dag.FileFreshness;
                import dev.dag.Flow;
                import dev.dag.Materialize;
                import dev.dag.Stage;
                import dev.dag.Table;
                import java.io.IOException;
                import java.io.UncheckedIOException;
                import java.nio.file.Files;
                import java.nio.file.Path;
                import java.util.List;
                import java.util.Queue;
                import java.util.concurrent.ConcurrentLinkedQueue;
                import java.util.function.IntUnaryOperator;

                public class ModelTasks {
                    /** Task bodies as they execute. Not final: a fingerprint reads static final fields' values. */
                    public static Queue<String> executed = new ConcurrentLinkedQueue<>();

                    public record Offset(int add, String label) {
                    }

                    public static final class Scale {
                        private final int factor;
                        private final String tag;

                        public Scale(int factor, String tag) {
                            this.factor = factor;
                            this.tag = tag;
                        }

                        int factor() {
                            return factor;
                        }
                    }

                    public static int f0(int x) {
                        return x + 1;
                    }

                    public static int f1(int x) {
                        return x * 2;
                    }

                    public static int f2(int x) {
                        return x + 3;
                    }

                    public static int f3(int x) {
                        return x * 4;
                    }

                    /** A data file of the model, in the folder ModelFiles writes. */
                    public static Path file(String name) {
                        return Path.of(System.getProperty("dag.model.files"), name);
                    }

                    static int read(Path file) {
                        try {
                            return Integer.parseInt(Files.readString(file).trim());
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                """);
        for (TaskSpec task : flow.tasks()) {
            source.append('\n').append(method(task));
        }
        source.append('\n').append(define(flow)).append("}\n");
        return source.toString();
    }

    /** The statements of a task's body: what its code fingerprint is made of. */
    static String body(TaskSpec task) {
        StringBuilder body = new StringBuilder();
        body.append("        executed.add(\"").append(task.name()).append("\");\n");
        List<SqlTable> materialized = task.materialized();
        List<Constant> constants = task.constants();
        if (task.kind() == TaskKind.GROUP) {
            body.append("        List<Table> group = Dag.materialize(")
                    .append(materialized.stream().map(table -> tableExpression(table, constants))
                            .collect(Collectors.joining(",\n                ")))
                    .append(");\n");
            for (int i = 0; i < materialized.size(); i++) {
                body.append("        Table l").append(i).append(" = group.get(").append(i).append(");\n");
            }
        } else {
            for (int i = 0; i < materialized.size(); i++) {
                body.append("        Table l").append(i).append(" = ")
                        .append(tableExpression(materialized.get(i), constants)).append(".materialize();\n");
            }
        }
        body.append("        return ").append(tableExpression(task.returned(), constants));
        if (task.primaryKey() != PrimaryKey.NONE) {
            body.append(task.primaryKey().columns().stream().map(column -> "\"" + column + "\"")
                    .collect(Collectors.joining(", ", ".primaryKey(", ")")));
        }
        return body.append(";\n").toString();
    }

    private static String method(TaskSpec task) {
        List<String> parameters = new ArrayList<>();
        for (int i = 0; i < task.inputs().size(); i++) {
            parameters.add("Table in" + i);
        }
        for (int i = 0; i < task.constants().size(); i++) {
            parameters.add(task.constants().get(i).javaType() + " c" + i);
        }
        return "    " + annotation(task) + "\n    public static Table " + task.name() + "("
                + String.join(", ", parameters) + ") {\n" + body(task) + "    }\n";
    }

    private static String annotation(TaskSpec task) {
        String freshness = task.constants().stream().anyMatch(Constant.DataFile.class::isInstance)
                ? ", freshness = FileFreshness.class" : "";
        return switch (task.kind()) {
            case VERSIONED -> "@Materialize(version = \"" + task.version() + "\"" + freshness + ")";
            case AUTO -> "@Materialize(version = Materialize.AUTO" + freshness + ")";
            case LAZY, IMPERATIVE, GROUP -> "@Materialize(lazy = true)";
        };
    }

    private static String tableExpression(SqlTable table, List<Constant> constants) {
        return "Table.of(" + sqlExpression(table, constants) + ").name(\"" + table.name() + "\")";
    }

    /** The SQL as a Java string concatenation: literal text, constant terms and {@code ref()}s of sources. */
    private static String sqlExpression(SqlTable table, List<Constant> constants) {
        List<String> parts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (SqlTable.Piece piece : table.pieces(constants.size())) {
            if (piece instanceof SqlTable.Piece.Text literal) {
                text.append(literal.text());
                continue;
            }
            if (!text.isEmpty()) {
                parts.add("\"" + text + "\"");
                text.setLength(0);
            }
            parts.add(piece instanceof SqlTable.Piece.Term term
                    ? constants.get(term.constant()).term("c" + term.constant())
                    : ((SqlTable.Piece.Ref) piece).source().variable() + ".ref()");
        }
        if (!text.isEmpty()) {
            parts.add("\"" + text + "\"");
        }
        return String.join(" + ", parts);
    }

    private static String define(FlowSpec flow) {
        StringBuilder define = new StringBuilder("    public static Flow define() {\n"
                + "        Flow flow = new Flow(\"model\");\n        try (flow) {\n");
        if (!flow.tasks().isEmpty()) {
            define.append(flow.tasks().stream().map(TaskSpec::name)
                    .collect(Collectors.joining(", ", "            Table ", ";\n")));
        }
        for (int stage = 0; stage < flow.stageCount(); stage++) {
            define.append("            try (Stage stage = new Stage(\"").append(FlowSpec.stageName(stage))
                    .append("\")) {\n");
            for (TaskSpec task : flow.tasksIn(stage)) {
                List<String> arguments = new ArrayList<>(task.inputs());
                task.constants().forEach(constant -> arguments.add(constant.javaValue()));
                define.append("                ").append(task.name()).append(" = ").append(task.name()).append('(')
                        .append(String.join(", ", arguments)).append(");\n");
            }
            define.append("            }\n");
        }
        return define.append("        }\n        return flow;\n    }\n").toString();
    }
}
