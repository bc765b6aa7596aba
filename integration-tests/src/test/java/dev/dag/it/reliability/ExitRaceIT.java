package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dag.ConfigContext;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL: the JVM exits (SIGINT) while a task is between two writes. The exit hook drops what the stage wrote
 * while the task goes on writing; whatever the order, the next run must find every table of the data schema known
 * to dag's metadata (else it takes them for another metadata's and refuses to run) and leave nothing behind.
 *
 * <p>To make the order the dangerous one every time, the test holds a lock on the first table, so that the hook's
 * drop of it waits, and lets the task write the second table meanwhile.
 */
@Tag("reliability")
class ExitRaceIT {
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int SIGINT_EXIT = 130;

    @Test
    void aTableWrittenWhileTheJvmExitsIsDroppedOrKnownNeverForgottenAlone(@TempDir Path folder) throws Exception {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "exitRace")) {
            Path go = folder.resolve("go");
            ConfigContext config = db.config();
            try (ChildJvm child = ChildJvm.start("exit-race", List.of(), ExitRacePipeline.class, List.of(config.url(),
                    config.user(), config.password() == null ? "" : config.password(), config.schemaPrefix(),
                    go.toString()));
                 Connection holder = db.connect()) {
                child.awaitLine(ExitRacePipeline.FIRST_WRITTEN, PATIENCE);
                String first = db.table("dag_data", physicalOf(db, "first"));
                holder.setAutoCommit(false);
                try (Statement statement = holder.createStatement()) {
                    statement.execute("LOCK TABLE " + first + " IN ACCESS SHARE MODE");
                }
                CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(child::interrupt);
                awaitDropWaiting(db, child);
                Files.createFile(go);
                String second = child.awaitLine("dag-it: second", PATIENCE);
                holder.commit();
                assertEquals(SIGINT_EXIT, exit.join(), child.output());
                System.out.println("ExitRaceIT: the task's second write: " + second);
            }

            assertTrue(ExitRacePipeline.flow(go).run(db.options()).successful(),
                    "the next run finds no table that dag's metadata does not know");
            NothingLost.assertIntactAndClean(db);
        }
    }

    private static String physicalOf(TestDatabase db, String name) {
        return (String) db.value("SELECT physical_name FROM " + db.table(db.config().metadataSchema(), "objects")
                + " WHERE stage = ? AND name = ?", ExitRacePipeline.STAGE, name);
    }

    /** Waits until a session waits for a lock on a table of the instance: the exit hook's drop of the first. */
    private static void awaitDropWaiting(TestDatabase db, ChildJvm child) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        String waiting = "SELECT count(*) FROM pg_catalog.pg_locks l JOIN pg_catalog.pg_class c ON c.oid = l.relation "
                + "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE NOT l.granted AND n.nspname = ?";
        while (((Number) db.value(waiting, db.schema("dag_data"))).longValue() == 0) {
            if (System.nanoTime() > deadline || !child.isAlive()) {
                fail("the exit hook's drop never waited for the first table:\n" + child.output());
            }
            Thread.sleep(20);
        }
    }
}
