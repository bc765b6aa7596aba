package dev.dag.internal.cache.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChangingCallsTest {
    @Test
    void findsTheTimeTheDateRandomNumbersUuidsAndSequencesInAnyCase() {
        assertEquals(List.of("current_date", "now()", "current_timestamp", "random()", "gen_random_uuid()",
                        "nextval()", "today()", "localtimestamp"),
                ChangingCalls.in("SELECT current_date, NOW(), CURRENT_TIMESTAMP(3), random() * 10, "
                        + "gen_random_uuid(), nextval('ids'), today(), localtimestamp FROM t"));
    }

    @Test
    void namesEachCallOnce() {
        assertEquals(List.of("now()"), ChangingCalls.in("SELECT now() AS a, now() - INTERVAL '1 day' AS b"));
    }

    @Test
    void ignoresLiteralsCommentsQuotedNamesColumnsAndQualifiedNames() {
        assertEquals(List.of(), ChangingCalls.in("SELECT 'now()' AS a, \"current_date\", t.now, s.random(), now "
                + "FROM t -- random()\n /* current_date */ WHERE uuid = 1"));
    }

    @Test
    void aQueryWithoutChangingCallsHasNone() {
        assertEquals(List.of(), ChangingCalls.in("SELECT date_trunc('day', ts) AS day, count(*) FROM {table:abc} "
                + "GROUP BY 1"));
    }

    @Test
    void anApostropheInACommentDoesNotHideACallAfterIt() {
        assertEquals(List.of("now()"), ChangingCalls.in("SELECT a -- the day's rows\n, now() AS at FROM t WHERE b = 'x'"));
    }
}
