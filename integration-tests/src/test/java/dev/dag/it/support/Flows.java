package dev.dag.it.support;

import dev.dag.Flow;
import dev.dag.Stage;

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
}
