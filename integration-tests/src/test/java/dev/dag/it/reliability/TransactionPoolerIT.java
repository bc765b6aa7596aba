package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.ConfigContext;
import dev.dag.RunOptions;
import dev.dag.it.support.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Behind a pooler in transaction mode (pgbouncer), where a client's transactions run on whichever server session
 * is free, {@code lock_mode: lease} keeps runs apart: two threads racing one flow through it all succeed.
 * (Session advisory locks cannot work there: a lock stays with a server session that other clients then use.)
 */
@Tag("reliability")
class TransactionPoolerIT {
    private static final int RUNS_PER_THREAD = 10;

    @TempDir
    Path folder;

    @Test
    void withLeasesTwoRunsOfOneFlowThroughATransactionPoolerAllSucceed() throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "pooler");
             Pgbouncer pooler = Pgbouncer.inFrontOf(db.config(), folder);
             ConfigContext pooled = pooler.instance(db.config()).lockMode(ConfigContext.LockMode.LEASE).build()) {
            RunOptions options = RunOptions.of(pooled);
            List<CompletableFuture<List<String>>> threads = List.of(
                    CompletableFuture.supplyAsync(() -> RacingFlow.runRepeatedly(options, 1, RUNS_PER_THREAD)),
                    CompletableFuture.supplyAsync(() -> RacingFlow.runRepeatedly(options, 101, RUNS_PER_THREAD)));
            List<String> failed = new ArrayList<>();
            for (CompletableFuture<List<String>> thread : threads) {
                failed.addAll(thread.get());
            }

            assertEquals(List.of(), failed, failed.size() + " of " + 2 * RUNS_PER_THREAD + " runs failed");
            NothingLost.assertIntactAndClean(db);
        }
    }
}
