package dev.dag.internal.cache.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The SQL of a lazy table enters its key in canonical form: a rerun writes new physical tables, so the
 * same query over the same content must render the same text, and a query over other content other text.
 */
class CanonicalSqlTest {
    private static final String ORDERS_V1 = "\"dag_data\".\"raw__orders__ab12\"";
    private static final String ORDERS_V2 = "\"dag_data\".\"raw__orders__cd34\"";
    private static final String ORDERS_KEY = "k-orders";

    @Test
    void aReferenceToAStoredTableIsReplacedByItsContentKey() {
        String sql = "SELECT * FROM " + ORDERS_V1 + " WHERE qty > 3";

        assertEquals("SELECT * FROM {table:k-orders} WHERE qty > 3", CanonicalSql.of(sql, Map.of(ORDERS_V1, ORDERS_KEY)));
    }

    @Test
    void physicalNamesDoNotEnterTheCanonicalForm() {
        String first = CanonicalSql.of("SELECT * FROM " + ORDERS_V1, Map.of(ORDERS_V1, ORDERS_KEY));
        String rerun = CanonicalSql.of("SELECT * FROM " + ORDERS_V2, Map.of(ORDERS_V2, ORDERS_KEY));

        assertEquals(first, rerun);
        assertFalse(first.contains("raw__orders"), first);
    }

    @Test
    void anInputWithOtherContentChangesTheCanonicalForm() {
        String sql = "SELECT * FROM " + ORDERS_V1;

        assertNotEquals(CanonicalSql.of(sql, Map.of(ORDERS_V1, "k-1")), CanonicalSql.of(sql, Map.of(ORDERS_V1, "k-2")));
    }

    @Test
    void everyOccurrenceOfAReferenceIsReplaced() {
        String sql = "SELECT a.id FROM " + ORDERS_V1 + " a JOIN " + ORDERS_V1 + " b ON a.id = b.parent";

        assertEquals("SELECT a.id FROM {table:k-orders} a JOIN {table:k-orders} b ON a.id = b.parent",
                CanonicalSql.of(sql, Map.of(ORDERS_V1, ORDERS_KEY)));
    }

    @Test
    void severalStoredTablesAreEachReplacedByTheirOwnKey() {
        String customers = "\"dag_data\".\"raw__customers__ef56\"";
        String sql = "SELECT * FROM " + ORDERS_V1 + " o JOIN " + customers + " c USING (customer_id)";

        assertEquals("SELECT * FROM {table:k-orders} o JOIN {table:k-customers} c USING (customer_id)",
                CanonicalSql.of(sql, Map.of(ORDERS_V1, ORDERS_KEY, customers, "k-customers")));
    }

    @Test
    void aReferenceThatIsAPrefixOfALongerOneDoesNotEatIt() {
        // the identifier a"b quotes as "a""b", so the reference to table a is a prefix of the one to a"b
        String shorter = "\"dag_data\".\"a\"";
        String longer = "\"dag_data\".\"a\"\"b\"";
        String sql = "SELECT * FROM " + longer + " JOIN " + shorter + " USING (id)";

        Map<String, String> shortFirst = new LinkedHashMap<>();
        shortFirst.put(shorter, "k-a");
        shortFirst.put(longer, "k-ab");
        Map<String, String> longFirst = new LinkedHashMap<>();
        longFirst.put(longer, "k-ab");
        longFirst.put(shorter, "k-a");

        assertEquals("SELECT * FROM {table:k-ab} JOIN {table:k-a} USING (id)", CanonicalSql.of(sql, shortFirst));
        assertEquals("SELECT * FROM {table:k-ab} JOIN {table:k-a} USING (id)", CanonicalSql.of(sql, longFirst));
    }

    @Test
    void aTableWhoseNameStartsLikeAnotherIsNotConfusedWithIt() {
        String orders = "\"dag_data\".\"orders\"";
        String ordersArchive = "\"dag_data\".\"orders_archive\"";
        String sql = "SELECT * FROM " + ordersArchive + " UNION ALL SELECT * FROM " + orders;

        assertEquals("SELECT * FROM {table:k-archive} UNION ALL SELECT * FROM {table:k-orders}",
                CanonicalSql.of(sql, Map.of(orders, "k-orders", ordersArchive, "k-archive")));
        assertEquals("SELECT * FROM " + ordersArchive + " UNION ALL SELECT * FROM {table:k-orders}",
                CanonicalSql.of(sql, Map.of(orders, "k-orders")));
    }

    @Test
    void aDialectQuotingWithBackticksIsReplacedAsItQuotes() {
        String backticked = "`dag_data`.`raw__orders__ab12`";
        String rerun = "`dag_data`.`raw__orders__cd34`";

        assertEquals("SELECT * FROM {table:k-orders}",
                CanonicalSql.of("SELECT * FROM " + backticked, Map.of(backticked, ORDERS_KEY)));
        assertEquals(CanonicalSql.of("SELECT * FROM " + backticked, Map.of(backticked, ORDERS_KEY)),
                CanonicalSql.of("SELECT * FROM " + rerun, Map.of(rerun, ORDERS_KEY)));
    }

    @Test
    void aReferenceQuotedOtherwiseThanTheDialectDoesIsNotReplaced() {
        String backticked = "`dag_data`.`raw__orders__ab12`";

        assertEquals("SELECT * FROM " + ORDERS_V1, CanonicalSql.of("SELECT * FROM " + ORDERS_V1, Map.of(backticked, "k")));
    }

    @Test
    void anUnknownTableReferenceStaysAsWritten() {
        String sql = "SELECT * FROM \"public\".\"customers\" JOIN " + ORDERS_V1 + " USING (id)";

        assertEquals("SELECT * FROM \"public\".\"customers\" JOIN {table:k-orders} USING (id)",
                CanonicalSql.of(sql, Map.of(ORDERS_V1, ORDERS_KEY)));
    }

    @Test
    void withoutStoredTablesTheTextIsKeptAsWritten() {
        String sql = "SELECT *  FROM \"dag_data\".\"x\"\nWHERE a = '$1' AND b = '\\\\'";

        assertEquals(sql, CanonicalSql.of(sql, Map.of()));
    }

    @Test
    void keysWithRegexReplacementCharactersAreInsertedLiterally() {
        assertEquals("SELECT * FROM {table:$1\\x}", CanonicalSql.of("SELECT * FROM " + ORDERS_V1, Map.of(ORDERS_V1, "$1\\x")));
    }

    @Test
    void referencesWithRegexCharactersAreMatchedLiterally() {
        String dotted = "\"dag_data\".\"a.b\"";
        String odd = "\"dag_data\".\"x*(y)$\"";
        String sql = "SELECT * FROM " + dotted + ", " + odd + ", \"dag_data\".\"aXb\"";

        assertEquals("SELECT * FROM {table:k-ab}, {table:k-xy}, \"dag_data\".\"aXb\"",
                CanonicalSql.of(sql, Map.of(dotted, "k-ab", odd, "k-xy")));
    }

    @Test
    void trailingSemicolonsAndBlankSpaceDoNotMatter() {
        String canonical = CanonicalSql.of("SELECT * FROM " + ORDERS_V1, Map.of(ORDERS_V1, ORDERS_KEY));

        assertEquals(canonical, CanonicalSql.of("SELECT * FROM " + ORDERS_V1 + ";", Map.of(ORDERS_V1, ORDERS_KEY)));
        assertEquals(canonical, CanonicalSql.of("SELECT * FROM " + ORDERS_V1 + " ; ;\n\t", Map.of(ORDERS_V1, ORDERS_KEY)));
        assertEquals(canonical, CanonicalSql.of("\n  SELECT * FROM " + ORDERS_V1 + "\n", Map.of(ORDERS_V1, ORDERS_KEY)));
        assertEquals("SELECT 1", CanonicalSql.of("  SELECT 1;  \r\n", Map.of()));
    }

    @Test
    void blankSpaceInsideTheQueryIsKept() {
        // not normalized: different text may mean a different query (e.g. inside a string literal)
        assertNotEquals(CanonicalSql.of("SELECT 'a  b'", Map.of()), CanonicalSql.of("SELECT 'a b'", Map.of()));
    }

    @Test
    void aSemicolonInsideTheQueryIsKept() {
        assertEquals("SELECT ';' AS s FROM {table:k-orders}",
                CanonicalSql.of("SELECT ';' AS s FROM " + ORDERS_V1 + ";", Map.of(ORDERS_V1, ORDERS_KEY)));
    }

    @Test
    void aChangedQueryChangesTheCanonicalForm() {
        Map<String, String> keys = Map.of(ORDERS_V1, ORDERS_KEY);

        assertNotEquals(CanonicalSql.of("SELECT * FROM " + ORDERS_V1 + " WHERE qty >= 3", keys),
                CanonicalSql.of("SELECT * FROM " + ORDERS_V1 + " WHERE qty >= 4", keys));
    }
}
