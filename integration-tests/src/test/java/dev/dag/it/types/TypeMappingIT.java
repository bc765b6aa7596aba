package dev.dag.it.types;

import static dev.dag.it.types.SameRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/** Each row of the mapping of docs/types.md, written by a task and read back equal, on each database. */
class TypeMappingIT {
    /** An enum whose constants print otherwise than their names, one of them with a body of its own. */
    enum Mood {
        CALM,
        LOUD {
            @Override
            public String toString() {
                return "LOUD!";
            }
        };

        @Override
        public String toString() {
            return "mood " + ordinal();
        }
    }

    record Everything(int id, boolean bool, Boolean boolBox, byte tiny, Short small, int whole, Long big, float real,
                      Double dbl, BigDecimal decimal, BigInteger integer, char letter, String text, Mood mood,
                      LocalDate day, LocalTime time, LocalDateTime timestamp, Instant instant,
                      OffsetDateTime offsetDateTime, UUID uuid, byte[] bytes, Optional<String> note,
                      Optional<LocalDateTime> seen) {
    }

    record Amount(int id, BigDecimal amount) {
    }

    record Stamp(int id, LocalDateTime at, LocalDate day) {
    }

    record Moment(int id, Instant instant, OffsetDateTime at, LocalDateTime wall) {
    }

    static final List<Everything> EVERYTHING = List.of(
            new Everything(0, true, false, (byte) 1, (short) 2, 3, 4L, 1.5f, 2.5, new BigDecimal("12.50"),
                    BigInteger.valueOf(42), 'a', "plain", Mood.CALM, LocalDate.of(2026, 3, 29),
                    LocalTime.of(2, 30, 0, 123_456_000), LocalDateTime.of(2026, 3, 29, 2, 30),
                    Instant.parse("2026-03-29T01:30:00.000001Z"), OffsetDateTime.of(2026, 3, 29, 1, 30, 0, 0,
                    ZoneOffset.UTC), UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), new byte[] {0, 1, -1},
                    Optional.of("note"), Optional.of(LocalDateTime.of(1582, 10, 10, 12, 0))),
            new Everything(1, false, null, Byte.MIN_VALUE, Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE,
                    -Float.MAX_VALUE, Double.NEGATIVE_INFINITY, new BigDecimal("-99999999.99"),
                    new BigInteger("-99999999999999999999999999999999999999"), '\u00e9', "", Mood.LOUD,
                    LocalDate.of(-4713, 11, 24), LocalTime.MIDNIGHT, LocalDate.of(-4713, 11, 24).atStartOfDay(),
                    LocalDate.of(-4713, 11, 24).atStartOfDay().toInstant(ZoneOffset.UTC), null, new UUID(0, 0),
                    new byte[0], Optional.empty(), Optional.empty()),
            new Everything(2, true, true, Byte.MAX_VALUE, null, Integer.MAX_VALUE, null, Float.NaN, -0.0,
                    new BigDecimal("0.01"), BigInteger.ZERO, '\u4e2d', "\uD83D\uDE00 \\N \"q\", x\ny", null,
                    LocalDate.of(5_874_897, 12, 31), LocalTime.of(23, 59, 59, 999_999_000),
                    LocalDateTime.of(294_247, 1, 10, 4, 0, 54, 775_806_000),
                    Instant.parse("+294247-01-10T04:00:54.775806Z"), OffsetDateTime.of(1969, 12, 31, 23, 59, 59,
                    999_999_000, ZoneOffset.UTC), new UUID(-1, -1), new byte[] {92, 78, 0}, Optional.of(""),
                    Optional.of(LocalDateTime.of(1, 1, 1, 0, 0))));

    @Materialize(inputType = Everything.class)
    static void readEverything(Table t) {
        RoundTrip.seen(t.obj());
    }

    @Materialize(inputType = Amount.class)
    static void readAmounts(Table t) {
        RoundTrip.seen(t.obj());
    }

    @Materialize(inputType = Stamp.class)
    static void readStamps(Table t) {
        RoundTrip.seen(t.obj());
    }

    @Materialize(inputType = Moment.class)
    static void readMoments(Table t) {
        RoundTrip.seen(t.obj());
    }

    @SuppressWarnings("unchecked")
    private static <R> List<R> byFirstComponent(Object rows, Comparator<R> order) {
        return ((List<R>) rows).stream().sorted(order).toList();
    }

    @OnEachDatabase
    void everyMappedTypeReadsBackEqualThroughRowsAndInputType(TestDatabase db) {
        RoundTrip.Run run = RoundTrip.run(db, EVERYTHING, TypeMappingIT::readEverything);

        Comparator<Everything> byId = Comparator.comparingInt(Everything::id);
        assertSameRows(EVERYTHING, byFirstComponent(run.rows(Everything.class), byId), "result.rows");
        assertSameRows(EVERYTHING, byFirstComponent(run.readByTask(), byId), "inputType");
    }

    @OnEachDatabase
    void columnsHaveTheDocumentedTypeOnEachDatabase(TestDatabase db) {
        RoundTrip.run(db, EVERYTHING, table -> { });

        List<String> expected = db.kind() == TestDatabase.Kind.DUCKDB
                ? List.of("INTEGER", "BOOLEAN", "BOOLEAN", "SMALLINT", "SMALLINT", "INTEGER", "BIGINT", "FLOAT",
                "DOUBLE", "DECIMAL(10,2)", "DECIMAL(38,0)", "VARCHAR", "VARCHAR", "VARCHAR", "DATE", "TIME",
                "TIMESTAMP", "TIMESTAMP WITH TIME ZONE", "TIMESTAMP WITH TIME ZONE", "UUID", "BLOB", "VARCHAR",
                "TIMESTAMP")
                : List.of("integer", "boolean", "boolean", "smallint", "smallint", "integer", "bigint", "real",
                "double precision", "numeric(10,2)", "numeric(38,0)", "text", "text", "text", "date",
                "time without time zone", "timestamp without time zone", "timestamp with time zone",
                "timestamp with time zone", "uuid", "bytea", "text", "timestamp without time zone");
        assertEquals(expected, columnTypes(db, "w", "t"));
    }

    /** The type of each column of {@code stage.table} as the database's catalog shows it, decimals with (p,s). */
    static List<String> columnTypes(TestDatabase db, String stage, String table) {
        return db.rows("SELECT data_type, numeric_precision, numeric_scale FROM information_schema.columns "
                + "WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position", db.schema(stage), table)
                .stream().map(row -> row.get(0).equals("numeric") ? "numeric(" + row.get(1) + "," + row.get(2) + ")"
                        : (String) row.get(0)).toList();
    }

    @OnEachDatabase
    void mapsReadBackWithTheJavaTypeOfTheirColumn(TestDatabase db) {
        Map<String, Object> written = new LinkedHashMap<>();
        written.put("tiny", (byte) 7);
        written.put("mood", Mood.LOUD);
        written.put("letter", 'x');
        written.put("integer", BigInteger.TEN);
        written.put("at", OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC));
        written.put("instant", Instant.EPOCH);
        written.put("note", Optional.of("n"));
        written.put("empty", Optional.empty());
        written.put("bytes", new byte[] {1});

        RoundTrip.Run run = RoundTrip.run(db, List.of(written), RoundTrip::asMaps);

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("tiny", (short) 7);
        expected.put("mood", "LOUD");
        expected.put("letter", "x");
        expected.put("integer", BigDecimal.TEN);
        expected.put("at", Instant.parse("2026-01-01T00:00:00Z"));
        expected.put("instant", Instant.EPOCH);
        expected.put("note", "n");
        expected.put("empty", null);
        expected.put("bytes", new byte[] {1});
        assertSameRows(List.of(expected), run.rows(Map.class), "result.rows");
        assertSameRows(List.of(expected), (List<?>) run.readByTask(), "inputType");
    }

    @OnEachDatabase
    void decimalsKeepTheScaleOfTheirValuesInsteadOfTen(TestDatabase db) {
        List<Amount> amounts = List.of(new Amount(0, new BigDecimal("1.5")), new Amount(1, new BigDecimal("-2.5")));

        RoundTrip.Run run = RoundTrip.run(db, amounts, TypeMappingIT::readAmounts);

        Comparator<Amount> byId = Comparator.comparingInt(Amount::id);
        assertEquals(amounts, byFirstComponent(run.rows(Amount.class), byId));
        assertEquals(amounts, byFirstComponent(run.readByTask(), byId));
    }

    @OnEachDatabase
    void aDeclaredDecimalGivesEveryValueItsScale(TestDatabase db) {
        List<Amount> amounts = List.of(new Amount(0, new BigDecimal("1.5")), new Amount(1, BigDecimal.TEN));

        RoundTrip.Run run = RoundTrip.run(db, amounts, table -> table.decimal("amount", 12, 2),
                TypeMappingIT::readAmounts);

        assertEquals(List.of(new Amount(0, new BigDecimal("1.50")), new Amount(1, new BigDecimal("10.00"))),
                byFirstComponent(run.rows(Amount.class), Comparator.comparingInt(Amount::id)));
        assertEquals(db.kind() == TestDatabase.Kind.DUCKDB ? List.of("INTEGER", "DECIMAL(12,2)")
                : List.of("integer", "numeric(12,2)"), columnTypes(db, "w", "t"));
    }

    @OnEachDatabase
    void mapColumnsComeFromEveryRowAndWidenWithoutChangingAValue(TestDatabase db) {
        List<Map<String, Object>> written = List.of(Map.of("id", 0, "a", 1, "n", 1, "x", 1),
                Map.of("id", 1, "a", 2, "b", 3, "n", 10_000_000_000L, "x", 2.75));

        RoundTrip.Run run = RoundTrip.run(db, written, RoundTrip::asMaps);

        List<Map<String, Object>> expected = List.of(mapOf("id", 0, "a", 1, "n", 1L, "x", 1.0, "b", null),
                mapOf("id", 1, "a", 2, "n", 10_000_000_000L, "x", 2.75, "b", 3));
        assertSameRows(expected, sortedById(run.rows(Map.class)), "result.rows");
        assertSameRows(expected, sortedById((List<?>) run.readByTask()), "inputType");
    }

    @OnEachDatabase
    void wallClockTimesInDaylightSavingGapsAndJulianDatesReadBackUnshifted(TestDatabase db) {
        List<Stamp> stamps = new ArrayList<>();
        for (LocalDateTime gap : gapTimes()) {
            stamps.add(new Stamp(stamps.size(), gap, gap.toLocalDate()));
        }
        for (int day = 4; day <= 15; day++) {
            LocalDate julian = LocalDate.of(1582, 10, day);
            stamps.add(new Stamp(stamps.size(), julian.atTime(12, 0), julian));
        }

        RoundTrip.Run run = RoundTrip.run(db, stamps, TypeMappingIT::readStamps);

        Comparator<Stamp> byId = Comparator.comparingInt(Stamp::id);
        assertEquals(stamps, byFirstComponent(run.rows(Stamp.class), byId));
        assertEquals(stamps, byFirstComponent(run.readByTask(), byId));
    }

    @OnEachDatabase
    void instantsInTheRepeatedHourOfAFallBackReadBackUnshifted(TestDatabase db) {
        List<Moment> moments = new ArrayList<>();
        for (Instant instant : aroundFallBacks()) {
            moments.add(new Moment(moments.size(), instant, instant.atOffset(ZoneOffset.UTC),
                    LocalDateTime.ofInstant(instant, ZoneId.systemDefault())));
        }

        RoundTrip.Run run = RoundTrip.run(db, moments, TypeMappingIT::readMoments);

        Comparator<Moment> byId = Comparator.comparingInt(Moment::id);
        assertSameRows(moments, byFirstComponent(run.rows(Moment.class), byId), "result.rows");
        assertSameRows(moments, byFirstComponent(run.readByTask(), byId), "inputType");
        List<Map<String, Object>> asMaps = sortedById(run.rows(Map.class));
        for (Moment moment : moments) {
            assertEquals(moment.instant(), asMaps.get(moment.id()).get("instant"), "result.rows as maps");
        }
    }

    /**
     * Instants in and around the hour that repeats when a zone sets its clocks back (each wall time in it names two
     * instants), from 1900 to 2100 in the JVM's zone and in zones of both hemispheres.
     */
    static List<Instant> aroundFallBacks() {
        return transitions(1900, 2100).filter(ZoneOffsetTransition::isOverlap).map(ZoneOffsetTransition::getInstant)
                .flatMap(change -> Stream.of(change.minusSeconds(30 * 60), change.minusNanos(1_000), change,
                        change.plusSeconds(30 * 60)))
                .distinct().toList();
    }

    /**
     * Wall-clock times that do not exist, skipped when daylight-saving time starts (or a zone moves forward), from
     * 2000 to 2030 in the JVM's zone (if it has such times) and in zones of both hemispheres.
     */
    static List<LocalDateTime> gapTimes() {
        return transitions(2000, 2030).filter(ZoneOffsetTransition::isGap)
                .map(transition -> transition.getDateTimeBefore().plusMinutes(30)).distinct().toList();
    }

    /** The changes of offset from {@code fromYear} until {@code untilYear} in the JVM's zone and five others. */
    private static Stream<ZoneOffsetTransition> transitions(int fromYear, int untilYear) {
        Instant from = LocalDate.of(fromYear, 1, 1).atStartOfDay().toInstant(ZoneOffset.UTC);
        Instant until = LocalDate.of(untilYear, 1, 1).atStartOfDay().toInstant(ZoneOffset.UTC);
        return Stream.of(ZoneId.systemDefault().getId(), "Europe/Berlin", "America/New_York", "Australia/Sydney",
                "America/Sao_Paulo", "Pacific/Apia").map(zone -> ZoneId.of(zone).getRules()).flatMap(rules ->
                Stream.iterate(rules.nextTransition(from),
                        transition -> transition != null && transition.getInstant().isBefore(until),
                        transition -> rules.nextTransition(transition.getInstant())));
    }

    private static Map<String, Object> mapOf(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> sortedById(List<?> maps) {
        return ((List<Map<String, Object>>) maps).stream()
                .sorted(Comparator.comparingInt(map -> (Integer) map.get("id"))).toList();
    }
}
