package dev.dag.it.types;

import static dev.dag.it.support.Frames.assertTopFrameIs;
import static dev.dag.it.support.Messages.assertMessageContains;
import static dev.dag.it.support.Messages.assertPrintable;
import static dev.dag.it.types.SameRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.DefinitionException;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Text that is special to PostgreSQL's {@code COPY ... (FORMAT csv)} (and to DuckDB's appender) reads back
 * unchanged on both databases: quotes, commas, line breaks, backslashes, the text {@code \N} and the end marker
 * {@code \.}, an empty string as distinct from NULL, very long text, characters outside the basic plane. Text with
 * U+0000, which PostgreSQL's text cannot hold, is refused on both.
 */
class CsvEdgeCasesIT {
    static final List<String> SPECIAL = List.of("", " ", "\"", "\"\"", "a\"b", "a,b", ",", "\n", "\r\n", "\r",
            "line\nbreak", "\\", "\\\\", "\\N", "\\n", "\\.", "\n\\.\n", "NULL", "null", "\t", " padded ", "'",
            "a;b|c", "\u00e9\u00e8", "\u4e2d\u6587", "\uD83D\uDE00", "\uD834\uDD1E clef", "e\u0301", "\u200f\u05e9",
            "\uFEFFbom", "\u007F", "\u0001\u001f");

    record Text(int id, String text) {
    }

    @Materialize(inputType = Text.class)
    static void readTexts(Table t) {
        RoundTrip.seen(t.obj());
    }

    private static List<Text> texts(List<String> values) {
        List<Text> rows = new ArrayList<>();
        for (String value : values) {
            rows.add(new Text(rows.size(), value));
        }
        return rows;
    }

    @SuppressWarnings("unchecked")
    private static List<Text> sorted(Object rows) {
        return ((List<Text>) rows).stream().sorted(Comparator.comparingInt(Text::id)).toList();
    }

    @OnEachDatabase
    void textSpecialToCsvReadsBackUnchanged(TestDatabase db) {
        List<Text> rows = texts(SPECIAL);

        RoundTrip.Run run = RoundTrip.run(db, rows, CsvEdgeCasesIT::readTexts);

        assertEquals(rows, sorted(run.rows(Text.class)));
        assertEquals(rows, sorted(run.readByTask()));
    }

    @OnEachDatabase
    void anEmptyStringAndNullStayDistinctInRecordsAndMaps(TestDatabase db) {
        List<Text> rows = List.of(new Text(0, ""), new Text(1, null), new Text(2, "\\N"));

        RoundTrip.Run run = RoundTrip.run(db, rows, CsvEdgeCasesIT::readTexts);

        assertEquals(rows, sorted(run.rows(Text.class)));
        assertEquals(Arrays.asList("", null, "\\N"), db.rows("SELECT text FROM " + db.table("w", "t")
                + " ORDER BY id").stream().map(row -> row.get(0)).toList());
        assertEquals(List.of(1L, 1L, 1L), db.rows("SELECT count(*) FILTER (WHERE text IS NULL), "
                + "count(*) FILTER (WHERE text = ''), count(*) FILTER (WHERE text = '\\N') FROM "
                + db.table("w", "t")).get(0).stream().map(value -> ((Number) value).longValue()).toList());
    }

    @OnEachDatabase
    void mapsOfSpecialTextReadBackUnchanged(TestDatabase db) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String value : SPECIAL) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", rows.size());
            row.put("text", value);
            rows.add(row);
        }

        RoundTrip.Run run = RoundTrip.run(db, rows, RoundTrip::asMaps);

        assertSameRows(rows, sortedMaps(run.rows(Map.class)), "result.rows");
    }

    @OnEachDatabase
    void veryLongTextReadsBackUnchanged(TestDatabase db) {
        String tenMegabytes = "0123456789\"\n,\\".repeat(10 * 1024 * 1024 / 14);
        String pastAChunk = "\uD83D\uDE00".repeat(600_000); // 2.4 MB of UTF-8: crosses the 1 MB chunks of COPY
        List<Text> rows = texts(List.of(tenMegabytes, "short", pastAChunk, tenMegabytes.substring(1)));

        RoundTrip.Run run = RoundTrip.run(db, rows, table -> { });

        assertEquals(rows, sorted(run.rows(Text.class)));
    }

    @OnEachDatabase
    void textHoldingANulCharacterIsRefusedOnEveryDatabase(TestDatabase db) {
        List<Text> rows = texts(List.of("fine", "nul \u0000 inside"));

        DefinitionException e = assertThrows(DefinitionException.class,
                () -> RoundTrip.run(db, rows, table -> { }));

        assertAll(
                () -> assertMessageContains(e, "'written'", "'t'", "'w'", "column 'text'", "row index 1",
                        "\"nul \\u0000 inside\"", "U+0000", "PostgreSQL", "byte[]"),
                () -> assertPrintable(e),
                () -> assertTopFrameIs(RoundTrip.class, "written", RoundTrip.returnLine.get(), e));
        assertEquals(List.of(), db.tablesIn("w"));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> sortedMaps(List<?> maps) {
        return ((List<Map<String, Object>>) maps).stream()
                .sorted(Comparator.comparingInt(map -> (Integer) map.get("id"))).toList();
    }
}
