package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.TaskOutcome;
import dev.dag.it.support.Flows;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stage may not take a schema the database keeps for itself: on DuckDB the catalog named after the file
 * ({@code dag} for the default {@code dag.duckdb}) would fail at publish and then on every later run.
 */
class ReservedStageNamesIT {
    @Materialize(version = "1")
    static Table one() {
        return Table.of("SELECT 1 AS n").name("one");
    }

    @Test
    void aStageNamedLikeTheDuckDbFileIsRefusedBeforeAnythingIsWrittenAndLaterRunsWork(@TempDir Path folder) {
        try (ConfigContext config = ConfigContext.duckdb(folder.resolve("dag.duckdb"))) {
            DagException refused = assertThrows(DagException.class,
                    () -> Flows.oneStage("reserved", "dag", ReservedStageNamesIT::one).run(RunOptions.of(config)));

            assertTrue(refused.getMessage().contains("Stage 'dag'"), refused.getMessage());
            assertTrue(refused.getMessage().contains("catalog"), refused.getMessage());
            assertEquals(TaskOutcome.SKIPPED, refused.result().orElseThrow().task("one").orElseThrow().outcome());

            Result renamed = Flows.oneStage("reserved", "raw", ReservedStageNamesIT::one).run(RunOptions.of(config));
            assertTrue(renamed.successful(), renamed.summary());
        }
    }
}
