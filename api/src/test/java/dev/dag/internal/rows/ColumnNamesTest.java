package dev.dag.internal.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ColumnNamesTest {
    @Test
    void aCapitalAfterASmallLetterOrADigitStartsAWord() {
        assertEquals("shipped_on", ColumnNames.of("shippedOn"));
        assertEquals("customer_id", ColumnNames.of("customerID"));
        assertEquals("line2_text", ColumnNames.of("line2Text"));
        assertEquals("httpstatus", ColumnNames.of("HTTPStatus"));
        assertEquals("amount", ColumnNames.of("Amount"));
        assertEquals("order id", ColumnNames.of("order Id"));
    }

    @Test
    void snakeCaseAndSmallLetterNamesStayAsTheyAre() {
        for (String name : new String[] {"shipped_on", "id", "a_b_c", "_x", "sha256", "größe"}) {
            assertEquals(name, ColumnNames.of(name));
            assertEquals(ColumnNames.of(name), ColumnNames.of(ColumnNames.of(name)));
        }
    }

    @Test
    void spellingsOfOneNameAreTheSameWords() {
        assertTrue(ColumnNames.sameWords("shipped_on", "shippedOn"));
        assertTrue(ColumnNames.sameWords("shipped_on", "shippedon")); // as PostgreSQL folds shippedOn
        assertFalse(ColumnNames.sameWords("shipped_on", "shipped"));
    }
}
