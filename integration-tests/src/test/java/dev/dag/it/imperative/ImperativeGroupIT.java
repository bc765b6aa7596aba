package dev.dag.it.imperative;

import static dev.dag.it.imperative.Stored.outcomes;
import static dev.dag.it.imperative.Stored.physical;
import static dev.dag.it.imperative.Stored.result;
import static dev.dag.it.imperative.Stored.single;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.dag.Dag;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.MaterializedTable;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Table;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;

/**
 * {@code Dag.materialize(t1, t2, ...)}: tables declared independent of each other, so that a change of
 * one leaves the others cache-valid, while every table after the group depends on all of them.
 */
class ImperativeGroupIT {
    static volatile String counted;
    static volatile int beforeValue;
    static volatile int oneValue;
    static volatile int twoValue;
    static volatile int groupLine;
    static final AtomicReference<Object> seenKeys = new AtomicReference<>();

    @BeforeEach
    void reset() {
        beforeValue = 0;
        oneValue = 1;
        twoValue = 2;
        seenKeys.set(null);
    }

    @Materialize(lazy = true)
    static Table group() {
        Table.of("SELECT " + counted + " AS run_no, " + beforeValue + " AS z").name("before").materialize();
        groupLine = Frames.nextLine();
        List<Table> parts = Dag.materialize(Table.of("SELECT " + counted + " AS run_no, " + oneValue + " AS a").name("g1"),
                Table.of("SELECT " + counted + " AS run_no, " + twoValue + " AS b").name("g2"));
        Table after = Table.of("SELECT " + counted + " AS run_no, 3 AS c").name("after").materialize();
        return Table.of("SELECT g1.a, g2.b, x.c FROM " + parts.get(0).ref() + " g1, " + parts.get(1).ref() + " g2, "
                + after.ref() + " x").name("group_out");
    }

    @Materialize(lazy = true)
    static Table namedGroup() {
        Map<String, Table> tables = new LinkedHashMap<>();
        tables.put("m1", Table.of("SELECT " + counted + " AS run_no, " + oneValue + " AS a"));
        tables.put("m2", Table.of("SELECT " + counted + " AS run_no, " + twoValue + " AS b").name("own_name"));
        groupLine = Frames.nextLine();
        Map<String, Table> stored = Dag.materialize(tables);
        seenKeys.set(List.copyOf(stored.keySet()));
        return Table.of("SELECT m1.a, m2.b FROM " + stored.get("m1").ref() + " m1, " + stored.get("m2").ref() + " m2")
                .name("named_out");
    }

    private static List<String> physicals(TestDatabase db, String... tables) {
        return List.of(tables).stream().map(table -> physical(db, "s", table)).toList();
    }

    @OnEachDatabase
    void changeOfOneGroupMemberLeavesTheOtherCacheValidButRebuildsWhatFollows(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("group", "s", ImperativeGroupIT::group);
        Result first = flow.run(RunOptions.of(db.config()));
        assertEquals(List.of("before WRITTEN", "g1 WRITTEN", "g2 WRITTEN", "after WRITTEN", "group_out WRITTEN returned"),
                outcomes(first, "group"));
        List<MaterializedTable> tables = result(first, "group").materializations();
        assertEquals(List.of(groupLine, groupLine), List.of(tables.get(1).callSite().getLineNumber(),
                tables.get(2).callSite().getLineNumber()), () -> "both members at the Dag.materialize line: " + tables);
        assertEquals(4, executions.count());

        oneValue = 11;
        Result oneChanged = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("before CACHE_VALID", "g1 WRITTEN", "g2 CACHE_VALID", "after WRITTEN",
                "group_out WRITTEN returned"), outcomes(oneChanged, "group"));
        assertEquals(4 + 2, executions.count());
        assertEquals(3L, single(db, "s", "g2", "run_no"), "g2 is the table the first run wrote (before, g1, g2)");

        twoValue = 22;
        Result twoChanged = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("before CACHE_VALID", "g1 CACHE_VALID", "g2 WRITTEN", "after WRITTEN",
                "group_out WRITTEN returned"), outcomes(twoChanged, "group"));
        assertEquals(List.of(11L, 22L, 3L), List.of(single(db, "s", "group_out", "a"), single(db, "s", "group_out", "b"),
                single(db, "s", "group_out", "c")));
    }

    @OnEachDatabase
    void changeBeforeTheGroupRebuildsEveryMember(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("group", "s", ImperativeGroupIT::group);
        flow.run(RunOptions.of(db.config()));
        List<String> before = physicals(db, "g1", "g2");

        beforeValue = 9;
        Result changed = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("before WRITTEN", "g1 WRITTEN", "g2 WRITTEN", "after WRITTEN", "group_out WRITTEN returned"),
                outcomes(changed, "group"));
        List<String> after = physicals(db, "g1", "g2");
        assertNotEquals(before.get(0), after.get(0));
        assertNotEquals(before.get(1), after.get(1));
        assertEquals(8, executions.count());
    }

    @OnEachDatabase
    void namedGroupStoresTablesUnderTheirKeysAndKeepsThemIndependent(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("named", "s", ImperativeGroupIT::namedGroup);
        Result first = flow.run(RunOptions.of(db.config()));
        assertEquals(List.of("m1", "m2"), seenKeys.get(), "returned under the map's keys, in order");
        assertEquals(List.of("m1 WRITTEN", "own_name WRITTEN", "named_out WRITTEN returned"),
                outcomes(first, "namedGroup"), "stored under the key, unless the table has a name of its own");
        assertEquals(List.of(1L, 2L), List.of(single(db, "s", "named_out", "a"), single(db, "s", "named_out", "b")));
        String m1 = physical(db, "s", "m1");

        twoValue = 5;
        Result changed = flow.run(RunOptions.of(db.config()));

        assertEquals(List.of("m1 CACHE_VALID", "own_name WRITTEN", "named_out WRITTEN returned"),
                outcomes(changed, "namedGroup"));
        assertEquals(m1, physical(db, "s", "m1"));
        assertEquals(3, executions.count());
    }

    @OnEachDatabase
    void namedGroupMembersCarryTheirCallSite(TestDatabase db) {
        Executions executions = new Executions(db);
        counted = executions.counted();
        Flow flow = Flows.oneStage("named", "s", ImperativeGroupIT::namedGroup);

        Result first = flow.run(RunOptions.of(db.config()));

        List<MaterializedTable> tables = result(first, "namedGroup").materializations();
        assertAll(tables.subList(0, 2).stream().map(table -> () -> {
            assertNotNull(table.callSite(), () -> "Dag.materialize(Map) lost the call site of " + table.name()
                    + ": " + tables);
            assertEquals(groupLine, table.callSite().getLineNumber());
            assertEquals("namedGroup", table.callSite().getMethodName());
        }));
    }
}
