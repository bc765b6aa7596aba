package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dag.ConfigContext;
import dev.dag.it.reliability.StageReaders.Tally;
import dev.dag.it.support.ChildJvm;
import dev.dag.it.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL: readers of every shape ({@link ReaderShape}) poll the stage views of {@link ReadersPipeline} while
 * runs publish new versions, generation after generation, at least {@value #PUBLISHES} stage publishes per story:
 * no read fails, none sees a torn version or two versions of one stage, every run succeeds or fails clearly, and
 * nothing committed is lost. A publish and a reader lock the same views in different orders; when their waits
 * form a cycle, the publish must be the one that gives way.
 */
@Tag("reliability")
class StageReadersIT {
    private static final int PUBLISHES = 50;
    private static final Duration PATIENCE = Duration.ofSeconds(180);
    private static final int SIGINT_EXIT = 130;
    private static final int SIGKILL_EXIT = 137;

    @Test
    void readersNeverFailWhileTwoFlowsPublish() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "twoFlows")) {
            publishFirstVersion(db, "north");
            publishFirstVersion(db, "south");
            long before = stagePublishes(db);
            List<String> failed = new ArrayList<>();
            List<Tally> tallies;
            try (StageReaders readers = StageReaders.start(db, twoFlowShapes(db))) {
                CompletableFuture<List<String>> north = CompletableFuture.supplyAsync(
                        () -> ReadersPipeline.runRepeatedly(db.options(), "north", 2, PUBLISHES / 4 + 1));
                CompletableFuture<List<String>> south = CompletableFuture.supplyAsync(
                        () -> ReadersPipeline.runRepeatedly(db.options(), "south", 2, PUBLISHES / 4 + 1));
                failed.addAll(north.join());
                failed.addAll(south.join());
                tallies = readers.stop();
            }

            assertEquals(List.of(), failed, "runs that failed");
            assertReadersUnharmed("two flows publishing", tallies, stagePublishes(db) - before);
            NothingLost.assertIntactAndClean(db);
        }
    }

    @Test
    void readersNeverFailWhileOneFlowPublishesFromTwoJvms() {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "twoJvms")) {
            publishFirstVersion(db, "north");
            long before = stagePublishes(db);
            List<Tally> tallies;
            try (StageReaders readers = StageReaders.start(db, oneFlowShapes(db, "north"));
                 ChildJvm first = publisher(db, "first", 1_001, PUBLISHES / 4 + 1);
                 ChildJvm second = publisher(db, "second", 2_001, PUBLISHES / 4 + 1)) {
                assertNoRunFailed(first);
                assertNoRunFailed(second);
                tallies = readers.stop();
            }
            assertReadersUnharmed("the same flow from two JVMs", tallies, stagePublishes(db) - before);
            NothingLost.assertIntactAndClean(db);
        }
    }

    @Test
    void readersNeverFailWhileARunIsInterruptedWithSigint() {
        stopOnePublisherMidway("a run interrupted with SIGINT", ChildJvm::interrupt, SIGINT_EXIT);
    }

    @Test
    void readersNeverFailWhileARunIsKilledWithSigkill() {
        stopOnePublisherMidway("a run killed with SIGKILL", ChildJvm::kill, SIGKILL_EXIT);
    }

    /**
     * Two JVMs publish one flow; one of them is stopped by a signal after a few of its runs, in the middle of
     * another; the other goes on, and so does a third JVM started after the stop.
     */
    private static void stopOnePublisherMidway(String story, Function<ChildJvm, Integer> stop, int exitCode) {
        try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.POSTGRES, "stopped")) {
            publishFirstVersion(db, "north");
            long before = stagePublishes(db);
            List<Tally> tallies;
            try (StageReaders readers = StageReaders.start(db, oneFlowShapes(db, "north"));
                 ChildJvm steady = publisher(db, "steady", 1_001, PUBLISHES / 5);
                 ChildJvm stopped = publisher(db, "stopped", 2_001, 1_000)) {
                awaitPublished(stopped, 5);
                assertEquals(exitCode, stop.apply(stopped), stopped.output());
                try (ChildJvm after = publisher(db, "after", 3_001, PUBLISHES / 5)) {
                    assertNoRunFailed(steady);
                    assertNoRunFailed(after);
                }
                tallies = readers.stop();
            }
            new ServerSessions(db, applicationName(db, "stopped")).awaitNone(PATIENCE);
            assertTrue(ReadersPipeline.flow("north", 4_001).run(db.options()).successful(),
                    "a run after the stop succeeds, and drops what the stopped run left");

            assertReadersUnharmed(story, tallies, stagePublishes(db) - before);
            NothingLost.assertIntactAndClean(db);
        }
    }

    /** Every shape for one flow. */
    private static List<ReaderShape> oneFlowShapes(TestDatabase db, String flow) {
        List<ReaderShape.View> parts = ReaderShape.parts(db, flow);
        ReaderShape.View summary = ReaderShape.summary(db, flow);
        List<ReaderShape.View> bothStages = new ArrayList<>(List.of(summary));
        bothStages.addAll(parts);
        return List.of(ReaderShape.oneView(parts.get(parts.size() - 1)), ReaderShape.joinOfOneStage(parts),
                ReaderShape.twoStages(bothStages), ReaderShape.statementsInATransaction(bothStages),
                ReaderShape.lockedSnapshot(bothStages));
    }

    /** Every shape for each flow, and shapes that read both flows' stages at once. */
    private static List<ReaderShape> twoFlowShapes(TestDatabase db) {
        List<ReaderShape> shapes = new ArrayList<>();
        List<ReaderShape.View> both = new ArrayList<>();
        for (String flow : List.of("north", "south")) {
            List<ReaderShape.View> parts = ReaderShape.parts(db, flow);
            shapes.add(ReaderShape.oneView(parts.get(parts.size() - 1)));
            shapes.add(ReaderShape.joinOfOneStage(parts));
            both.add(0, ReaderShape.summary(db, flow));
            both.addAll(parts);
        }
        shapes.add(ReaderShape.twoStages(both));
        shapes.add(ReaderShape.statementsInATransaction(both));
        shapes.add(ReaderShape.lockedSnapshot(both));
        return shapes;
    }

    private static void publishFirstVersion(TestDatabase db, String flow) {
        assertTrue(ReadersPipeline.flow(flow, 1).run(db.options()).successful());
    }

    /** How many stage versions were published on the instance so far. */
    private static long stagePublishes(TestDatabase db) {
        return ((Number) db.value("SELECT count(*) FROM " + db.table(db.config().metadataSchema(), "stage_commits")))
                .longValue();
    }

    private static void assertReadersUnharmed(String story, List<Tally> tallies, long publishes) {
        int reads = tallies.stream().mapToInt(Tally::reads).sum();
        int errors = tallies.stream().mapToInt(Tally::errors).sum();
        int torn = tallies.stream().mapToInt(tally -> tally.torn().size()).sum();
        String report = "StageReadersIT, " + story + ": " + reads + " reads, " + errors + " errors, " + torn
                + " torn or mixed, " + publishes + " stage publishes\n  " + String.join("\n  ",
                tallies.stream().map(Tally::toString).toList());
        System.out.println(report);
        assertTrue(publishes >= PUBLISHES, report);
        assertEquals(0, errors, report);
        assertEquals(0, torn, report);
        assertTrue(tallies.stream().allMatch(tally -> tally.reads() > 0), report);
    }

    /** A child JVM that runs flow north {@code runs} times, from generation {@code first} on. */
    private static ChildJvm publisher(TestDatabase db, String name, int first, int runs) {
        ConfigContext config = db.config();
        String url = config.url() + (config.url().contains("?") ? "&" : "?") + "ApplicationName="
                + applicationName(db, name);
        return ChildJvm.start(name, List.of(), ReadersPipeline.class, List.of(url, config.user(),
                config.password() == null ? "" : config.password(), config.schemaPrefix(), "north",
                Integer.toString(first), Integer.toString(runs)));
    }

    private static String applicationName(TestDatabase db, String name) {
        return "dag-it-" + db.config().schemaPrefix() + name;
    }

    private static void assertNoRunFailed(ChildJvm publisher) {
        assertEquals(ReadersPipeline.DONE + "0", publisher.awaitLine(ReadersPipeline.DONE, PATIENCE),
                publisher.output());
    }

    private static void awaitPublished(ChildJvm publisher, int runs) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (publisher.output().split(ReadersPipeline.PUBLISHED, -1).length <= runs) {
            if (System.nanoTime() > deadline || !publisher.isAlive()) {
                fail(publisher + " did not publish " + runs + " times:\n" + publisher.output());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
