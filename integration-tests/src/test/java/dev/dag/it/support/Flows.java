package dev.dag.it.support;

import dev.dag.Flow;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** The smallest flows the tests need, defined the way a user would. */
public final class Flows {
    private Flows() {
    }

    /**
     * Defines flow {@code flowName} with the single stage {@code stage}, in which {@code tasks} calls its
     * task methods, and returns it closed, ready to run.
     */
    public static Flow oneStage(String flowName, String stage, Runnable tasks) {
        Flow flow = new Flow(flowName);
        try (flow) {
            try (Stage only = new Stage(stage)) {
                tasks.run();
            }
        }
        return flow;
    }

    /**
     * Defines flow {@code flowName} with two stages: in {@code first}, {@code source} calls the task that makes a
     * table; in {@code second}, {@code consumer} calls tasks that read it. Returns it closed, ready to run.
     */
    public static Flow twoStages(String flowName, String first, Supplier<Table> source, String second,
                                 Consumer<Table> consumer) {
        Flow flow = new Flow(flowName);
        try (flow) {
            Table table;
            try (Stage one = new Stage(first)) {
                table = source.get();
            }
            try (Stage two = new Stage(second)) {
                consumer.accept(table);
            }
        }
        return flow;
    }
}
