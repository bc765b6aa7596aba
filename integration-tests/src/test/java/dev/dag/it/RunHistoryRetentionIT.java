package dev.dag.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.it.support.Flows;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.List;

/**
 * {@code history_days} bounds the run history without {@code dag gc}: the run that ends forgets the runs started
 * longer ago, but never the run that committed a stage last nor one whose tables a stage still publishes.
 */
class RunHistoryRetentionIT {

    @Materialize(version = "1")
    static Table numbers(int upTo) {
        return Table.of("SELECT * FROM generate_series(1, " + upTo + ") AS t(n)").name("numbers");
    }

    @Materialize(version = "1")
    static Table constant() {
        return Table.of("SELECT 1 AS one").name("constant");
    }

    private static Flow flow(int upTo) {
        return Flows.oneStage("history", "raw", () -> {
            numbers(upTo);
            constant();
        });
    }

    @OnEachDatabase
    void aRunForgetsTheRunsStartedBeforeItsInstancesHistoryDays(TestDatabase db) {
        String first = db.run(flow(1)).runId(); // writes both tables: constant's stays published, by this run
        String replaced = db.run(flow(2)).runId(); // rewrites numbers only
        String last = db.run(flow(3)).runId(); // commits the stage last
        String runs = db.schema(db.config().metadataSchema()) + ".runs";
        for (String old : List.of(first, replaced, last)) {
            db.execute("UPDATE " + quoted(runs) + " SET started_at = started_at - INTERVAL '3 days' WHERE run_id = '"
                    + old + "'");
        }
        db.config().close();

        ConfigContext twoDays = ConfigContext.builder().url(db.config().url()).user(db.config().user())
                .password(db.config().password()).schemaPrefix(db.config().schemaPrefix())
                .metadataSchema(db.config().metadataSchema()).historyDays(2).build();
        Result kept;
        try (twoDays) {
            kept = flow(3).run(RunOptions.of(twoDays)); // all cache-valid: commits nothing
        }

        List<Object> remaining = db.rows("SELECT run_id FROM " + quoted(runs) + " ORDER BY started_at").stream()
                .map(row -> row.get(0)).toList();
        assertEquals(List.of(first, last, kept.runId()), remaining,
                "the replaced run is forgotten; the run whose table is published and the last committer are kept");
        String taskRuns = db.schema(db.config().metadataSchema()) + ".task_runs";
        assertEquals(0L, ((Number) db.value("SELECT count(*) FROM " + quoted(taskRuns) + " WHERE run_id = ?",
                replaced)).longValue(), "what the forgotten run did to its tasks is forgotten too");
    }

    /** {@code "schema".table} from {@code schema.table}. */
    private static String quoted(String qualified) {
        int dot = qualified.lastIndexOf('.');
        return "\"" + qualified.substring(0, dot) + "\"." + qualified.substring(dot + 1);
    }
}
