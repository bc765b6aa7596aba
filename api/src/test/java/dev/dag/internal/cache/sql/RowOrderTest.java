package dev.dag.internal.cache.sql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which queries define the order of their rows: an ORDER BY of their own, outside every parenthesis. */
class RowOrderTest {
    @Test
    void aTopLevelOrderByDefinesTheOrder() {
        assertTrue(RowOrder.defined("SELECT a FROM t ORDER BY a DESC LIMIT 5"));
        assertTrue(RowOrder.defined("select a from t\norder\n  by 1"));
        assertTrue(RowOrder.defined("SELECT a FROM x UNION ALL SELECT a FROM y ORDER BY a"));
        assertTrue(RowOrder.defined("WITH w AS (SELECT 1 AS a) SELECT * FROM w ORDER BY a"));
    }

    @Test
    void anOrderByInsideParenthesesStringsOrCommentsDoesNot() {
        assertFalse(RowOrder.defined("SELECT * FROM (SELECT a FROM t ORDER BY a) s"));
        assertFalse(RowOrder.defined("SELECT a, row_number() OVER (ORDER BY a) FROM t"));
        assertFalse(RowOrder.defined("SELECT string_agg(a, ',' ORDER BY a) FROM t"));
        assertFalse(RowOrder.defined("SELECT 'ORDER BY a' AS text FROM t"));
        assertFalse(RowOrder.defined("SELECT a FROM t -- ORDER BY a"));
        assertFalse(RowOrder.defined("SELECT \"order\", \"by\" FROM t"));
    }

    @Test
    void anApostropheInACommentDoesNotHideTheOrderBy() {
        assertTrue(RowOrder.defined("SELECT a FROM t -- today's rows\nWHERE b = 'x' ORDER BY a"));
    }
}
