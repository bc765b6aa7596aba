package dev.dag.it.etl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.ChildJvm;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A misspelled agent option is an error line on stderr that lists the known options, and the application still
 * runs: the agent never fails its host.
 */
class AgentOptionTypoIT {

    /** An application with one task, called as plain Java since no run is opened around main. */
    public static final class App {
        @Materialize(version = Materialize.AUTO)
        static Table answer() {
            return Table.of("SELECT 42 AS answer").name("answer");
        }

        public static void main(String[] args) {
            System.out.println("app ran: " + answer().obj());
        }
    }

    @Test
    void aMisspelledOptionIsReportedAndTheApplicationStillRuns() {
        try (ChildJvm app = ChildJvm.start("app with a typo", "flwo=nightly", List.of(), App.class, List.of())) {
            assertEquals(0, app.awaitExit(Duration.ofMinutes(1)), app.output());
            String output = app.output();
            assertTrue(output.contains("dag-agent: unknown option 'flwo'; known: config, instance, flow, main"), output);
            assertTrue(output.contains("app ran: SELECT 42 AS answer"), output);
        }
    }
}
