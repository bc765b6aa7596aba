package dev.dag.it.docs.examples;

import dev.dag.ConfigContext;
import dev.dag.Dag;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.util.List;

/** The example of docs/outputs.md on previous versions, run by OutputsDocExamplesIT. */
public final class PreviousVersionExamples {
    private PreviousVersionExamples() {
    }

    /** Revenue of one region. */
    public record Revenue(String region, long amount) {
    }

    /** The gate's finding: the total before and now. */
    public record Change(Long before, long now) {
    }

    @Materialize(version = "1")
    static Table revenue(long north, long south) {
        return Table.of(List.of(new Revenue("North", north), new Revenue("South", south))).name("revenue");
    }

    // docs:gate
    @Materialize(version = "1", previousVersions = true, inputType = Revenue.class)
    static Table revenueGate(Table revenue) {
        long now = total(revenue);
        Long before = Dag.previousVersion(revenue).map(PreviousVersionExamples::total).orElse(null);
        if (before != null && now < before * 0.6) {            // fails the stage: nothing of it is published
            throw new IllegalStateException("revenue dropped " + (100 - now * 100 / before) + " % since the last version");
        }
        return Table.of(List.of(new Change(before, now))).name("revenue_change");
    }

    @SuppressWarnings("unchecked")
    static long total(Table revenue) {
        return ((List<Revenue>) revenue.obj()).stream().mapToLong(Revenue::amount).sum();
    }
    // end:gate

    /** The flow: the gate in the stage of the table it guards. */
    public static Flow define(long north, long south) {
        Flow flow = new Flow("sales");
        try (flow) {
            try (Stage sales = new Stage("sales")) {
                revenueGate(revenue(north, south));
            }
        }
        return flow;
    }

    /** Runs the flow with the given revenue; returns the change the gate saw. */
    public static List<Change> run(ConfigContext config, long north, long south) {
        Flow flow = define(north, south);
        Result result = flow.run(RunOptions.of(config));
        return result.rows(flow.task("revenueGate").output(), Change.class);
    }
}
