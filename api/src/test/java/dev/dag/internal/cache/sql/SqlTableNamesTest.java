package dev.dag.internal.cache.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which tables a query reads, for the warning about tables the cache cannot see. */
class SqlTableNamesTest {
    @Test
    void tablesAfterFromAndJoinAreRead() {
        assertEquals(List.of("shop.orders", "shop.customers"), SqlTableNames.readBy(
                "SELECT * FROM shop.orders o JOIN shop.customers c ON o.cid = c.id"));
    }

    @Test
    void aListAfterFromIsReadWithItsAliases() {
        assertEquals(List.of("a", "b", "c"), SqlTableNames.readBy("SELECT 1 FROM a x, b AS y, c WHERE x.k = y.k"));
    }

    @Test
    void quotedNamesLoseTheirQuotes() {
        assertEquals(List.of("My Schema.Big \"T\""), SqlTableNames.readBy("select * from \"My Schema\".\"Big \"\"T\"\"\""));
    }

    @Test
    void namesTheQueryDefinesAndTableFunctionsAreNotRead() {
        assertEquals(List.of("src.events"), SqlTableNames.readBy(
                "WITH recent AS (SELECT * FROM src.events), agg AS (SELECT 1 FROM recent) "
                        + "SELECT * FROM recent, agg, generate_series(1, 3) AS s(i)"));
    }

    @Test
    void subqueriesAreReadButTheirColumnsAreNotMistakenForTables() {
        assertEquals(List.of("t"), SqlTableNames.readBy("SELECT * FROM (SELECT a, b FROM t) x, (VALUES (1, 2)) v"));
    }

    @Test
    void storedTablesReplacedByTheirKeysAndTextInLiteralsOrCommentsAreNotRead() {
        assertEquals(List.of(), SqlTableNames.readBy(
                "SELECT 'from fake' AS f FROM {table:abc123} -- from other\n/* join more */"));
    }

    @Test
    void anApostropheInACommentHidesNothingAfterIt() {
        assertEquals(List.of("shop.orders", "shop.customers"), SqlTableNames.readBy(
                "SELECT * -- the customer's orders\nFROM shop.orders o JOIN shop.customers c ON o.note = 'vip'"));
        assertEquals(List.of("shop.orders"), SqlTableNames.readBy(
                "SELECT 1 /* don't */ FROM shop.orders WHERE note = 'it''s'"));
    }

    @Test
    void commentMarksInsideLiteralsOrQuotedNamesHideNothingAfterThem() {
        assertEquals(List.of("shop.orders"), SqlTableNames.readBy(
                "SELECT '--' AS dashes, '/*' AS opening FROM shop.orders"));
        assertEquals(List.of("it's.t", "shop.orders"), SqlTableNames.readBy(
                "SELECT 1 FROM \"it's\".t, shop.orders WHERE x = 'a'"));
    }

    @Test
    void postgresDollarQuotedAndEscapedLiteralsAreText() {
        assertEquals(List.of("shop.orders"), SqlTableNames.readBy(
                "SELECT $$ from fake $$, E'it\\'s from fake' FROM shop.orders"));
        assertEquals(List.of("shop.orders"), SqlTableNames.readBy(
                "SELECT $tag$ don't from fake $tag$ FROM shop.orders"));
    }
}
