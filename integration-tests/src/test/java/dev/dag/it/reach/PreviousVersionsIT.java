package dev.dag.it.reach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.Dag;
import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.TaskOutcome;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.PlanAgreement;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Optional;

/**
 * A task reads the committed (previous) version of an input of its own stage beside the new one (pipedag's
 * {@code input_stage_versions}): to compare them, or as a gate that fails the stage before it is published.
 */
class PreviousVersionsIT {
    record Revenue(String region, Long amount) {
    }

    record Comparison(Long before, Long now) {
    }

    @Materialize(version = "1")
    static Table revenue(long north, long south) {
        return Table.of(List.of(new Revenue("North", north), new Revenue("South", south))).name("revenue");
    }

    @Materialize(version = "1", previousVersions = true, inputType = Revenue.class)
    static Table revenueGate(Table revenue) {
        @SuppressWarnings("unchecked")
        long now = total((List<Revenue>) revenue.obj());
        Optional<Table> before = Dag.previousVersion(revenue);
        @SuppressWarnings("unchecked")
        Long previous = before.map(table -> total((List<Revenue>) table.obj())).orElse(null);
        if (previous != null && now < previous * 0.6) {
            throw new IllegalStateException("revenue dropped " + (100 - now * 100 / previous) + " % since the last "
                    + "version (" + previous + " → " + now + ")");
        }
        return Table.of(List.of(new Comparison(previous, now))).name("revenue_check");
    }

    @Materialize(version = "1")
    static Table notDeclared(Table revenue) {
        Dag.previousVersion(revenue);
        return Table.of("SELECT 1 AS x");
    }

    @Materialize(version = "1", previousVersions = true)
    static Table otherStage(Table revenue) {
        Dag.previousVersion(revenue);
        return Table.of("SELECT 1 AS x");
    }

    private static long total(List<Revenue> rows) {
        return rows.stream().mapToLong(Revenue::amount).sum();
    }

    private static Flow flow(long north, long south) {
        Flow flow = new Flow("gate");
        try (flow) {
            try (Stage sales = new Stage("sales")) {
                revenueGate(revenue(north, south));
            }
        }
        return flow;
    }

    private static TaskOutcome outcome(Result result, String task) {
        return result.task(task).orElseThrow().outcome();
    }

    private static List<List<Object>> check(TestDatabase db) {
        return db.published("sales", "revenue_check");
    }

    @OnEachDatabase
    void theGateComparesBothVersionsAndAFailedGatePublishesNothing(TestDatabase db) {
        Result first = PlanAgreement.runAsPlanned(db, flow(100, 50), options -> options);
        assertEquals(TaskOutcome.RAN, outcome(first, "revenueGate"), first.summary());
        assertEquals(List.of(List.of(150L)), check(db).stream().map(row -> row.subList(1, 2)).toList());
        assertEquals(null, check(db).get(0).get(0), "no previous version on the first run");

        Result same = PlanAgreement.runAsPlanned(db, flow(100, 50), options -> options);
        assertEquals(TaskOutcome.CACHE_VALID, outcome(same, "revenue"), same.summary());
        assertEquals(TaskOutcome.RAN, outcome(same, "revenueGate"), "its previous version is new: " + same.summary());
        assertEquals("the previous version of input 'revenue' changed (the stage was published since)",
                same.task("revenueGate").orElseThrow().reason());
        assertEquals(List.of(List.of(150L, 150L)), check(db).stream().map(row -> List.of(
                ((Number) row.get(0)).longValue(), ((Number) row.get(1)).longValue())).toList());

        Result cached = PlanAgreement.runAsPlanned(db, flow(100, 50), options -> options);
        assertEquals(TaskOutcome.CACHE_VALID, outcome(cached, "revenueGate"), "both versions unchanged: "
                + cached.summary());

        DagException dropped = assertThrows(DagException.class, () -> db.run(flow(40, 20)));
        assertTrue(dropped.getMessage().contains("Task 'revenueGate' in stage 'sales' failed: "
                + "java.lang.IllegalStateException: revenue dropped 60 % since the last version (150 → 60)"),
                dropped.getMessage());
        assertEquals(List.of(List.of("North", 100L), List.of("South", 50L)), db.published("sales", "revenue").stream()
                .map(row -> List.of(row.get(0), ((Number) row.get(1)).longValue())).toList(),
                "the gate failed the stage: the new revenue is not published");

        Result moderate = PlanAgreement.runAsPlanned(db, flow(90, 50), options -> options);
        assertEquals(TaskOutcome.RAN, outcome(moderate, "revenueGate"), moderate.summary());
        assertEquals(List.of(List.of(150L, 140L)), check(db).stream().map(row -> List.of(
                ((Number) row.get(0)).longValue(), ((Number) row.get(1)).longValue())).toList());
    }

    @OnEachDatabase
    void previousVersionsAreRefusedWithoutTheDeclarationAndForOtherStages(TestDatabase db) {
        Flow undeclared = new Flow("undeclared");
        try (undeclared) {
            try (Stage sales = new Stage("sales")) {
                notDeclared(revenue(1, 2));
            }
        }
        DagException missing = assertThrows(DagException.class, () -> db.run(undeclared));
        assertTrue(missing instanceof DefinitionException, missing.toString());
        assertTrue(missing.getMessage().startsWith("Task 'notDeclared' in stage 'sales' calls Dag.previousVersion, but "
                + "does not declare @Materialize(previousVersions = true)"), missing.getMessage());

        Flow across = new Flow("across");
        try (across) {
            Table revenue;
            try (Stage sales = new Stage("sales")) {
                revenue = revenue(1, 2);
            }
            try (Stage marts = new Stage("marts")) {
                otherStage(revenue);
            }
        }
        DagException other = assertThrows(DagException.class, () -> db.run(across));
        assertTrue(other.getMessage().startsWith("Task 'otherStage' in stage 'marts' asks for the previous version of "
                + "table 'revenue' of stage 'sales'. Previous versions are kept for the inputs of a task's own stage"),
                other.getMessage());
        assertTrue(Dag.previousVersion(Table.of(TableRef.of("s", "t"))).isEmpty(), "a plain call has none");
    }
}
