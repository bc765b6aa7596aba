package dev.dag.it.types;

import static dev.dag.it.support.Frames.assertTopFrameIs;
import static dev.dag.it.types.SameRows.assertSameRows;
import static dev.dag.it.types.TypeArbitraries.bigIntegers;
import static dev.dag.it.types.TypeArbitraries.booleans;
import static dev.dag.it.types.TypeArbitraries.bytes;
import static dev.dag.it.types.TypeArbitraries.chars;
import static dev.dag.it.types.TypeArbitraries.dateTimes;
import static dev.dag.it.types.TypeArbitraries.dates;
import static dev.dag.it.types.TypeArbitraries.decimals;
import static dev.dag.it.types.TypeArbitraries.doubles;
import static dev.dag.it.types.TypeArbitraries.floats;
import static dev.dag.it.types.TypeArbitraries.instants;
import static dev.dag.it.types.TypeArbitraries.offsetDateTimes;
import static dev.dag.it.types.TypeArbitraries.optionals;
import static dev.dag.it.types.TypeArbitraries.strings;
import static dev.dag.it.types.TypeArbitraries.times;
import static dev.dag.it.types.TypeArbitraries.uuids;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.TestDatabase;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The type mapping as a property, on each database: rows of every mapped type, generated with edge values and a
 * few values outside the rules, are written by a task and read back through {@code result.rows} and
 * {@code inputType}. Either they read back as docs/types.md says (records equal to those written, maps with the
 * Java type of their column), or dag refused them at the task's line, naming a column and row that break a rule
 * (see {@link RowsModel}). Tries per property: the system property {@code jqwik.tries.default} (see the pom).
 */
class TypeRoundTripPropertiesIT {
    private static final Map<TestDatabase.Kind, TestDatabase> DATABASES = new EnumMap<>(TestDatabase.Kind.class);
    private static final Object ABSENT = new Object();

    enum Status {
        OPEN,
        SHIPPED {
            @Override
            public String toString() {
                return "shipped!";
            }
        };

        @Override
        public String toString() {
            return name().toLowerCase();
        }
    }

    record AllTypes(int id, boolean bool, Boolean boolBox, byte tiny, Short small, int whole, Long big, float real,
                    Double dbl, BigDecimal decimal, BigInteger integer, char letter, String text, Status status,
                    LocalDate day, LocalTime time, LocalDateTime timestamp, Instant instant,
                    OffsetDateTime offsetDateTime, UUID uuid, byte[] bytes, Optional<String> note,
                    Optional<BigDecimal> amount) {
    }

    /** The Java type of a map column: its values, the narrower ones that widen into it, and a value that does not. */
    enum MapColumn {
        BOOLEAN(booleans(), null),
        SHORT(Arbitraries.shorts(), null),
        INTEGER(Arbitraries.integers(), Arbitraries.shorts()),
        LONG(Arbitraries.longs(), Arbitraries.integers()),
        FLOAT(floats(), null),
        DOUBLE(doubles(), Arbitraries.oneOf(Arbitraries.integers(), floats(), Arbitraries.longs())),
        DECIMAL(decimals(), Arbitraries.longs()),
        BIG_INTEGER(bigIntegers(), Arbitraries.integers()),
        STRING(strings(), Arbitraries.oneOf(chars(), Arbitraries.of(Status.class))),
        DATE(dates(), null),
        TIME(times(), null),
        TIMESTAMP(dateTimes(), null),
        INSTANT(instants(), offsetDateTimes()),
        UUID_VALUE(uuids(), null),
        BYTES(bytes(), null);

        private final Arbitrary<?> values;
        private final Arbitrary<?> narrower;

        MapColumn(Arbitrary<?> values, Arbitrary<?> narrower) {
            this.values = values;
            this.narrower = narrower;
        }

        /** A cell: absent, null, an Optional, a value, a narrower value, rarely a value of a type that does not mix. */
        Arbitrary<Object> cells() {
            Arbitrary<?> other = this == STRING ? Arbitraries.integers() : Arbitraries.strings().alpha().ofLength(1);
            List<Tuple.Tuple2<Integer, Arbitrary<?>>> cells = new ArrayList<>(List.of(
                    Tuple.of(14, Arbitraries.just(ABSENT)), Tuple.of(8, Arbitraries.just(Optional.empty())),
                    Tuple.of(5, values.map(Optional::of)), Tuple.of(60, values), Tuple.of(2, other)));
            if (narrower != null) {
                cells.add(Tuple.of(10, narrower));
            }
            return Arbitraries.frequencyOf(cells.toArray(Tuple.Tuple2[]::new)).injectNull(0.08).asGeneric();
        }
    }

    @AfterContainer
    static void closeDatabases() {
        DATABASES.values().forEach(TestDatabase::close);
        DATABASES.clear();
    }

    private static TestDatabase database(TestDatabase.Kind kind) {
        return DATABASES.computeIfAbsent(kind, open -> TestDatabase.open(open, "properties"));
    }

    @Materialize(inputType = AllTypes.class)
    static void readRecords(Table t) {
        RoundTrip.seen(t.obj());
    }

    @Property
    void recordsOfEveryTypeReadBackEqualOrAreRefusedOnDuckDb(@ForAll("records") List<AllTypes> rows) {
        check(database(TestDatabase.Kind.DUCKDB), rows, RowsModel.ofRecords(rows), AllTypes.class,
                TypeRoundTripPropertiesIT::readRecords, row -> ((AllTypes) row).id());
    }

    @Property
    void recordsOfEveryTypeReadBackEqualOrAreRefusedOnPostgres(@ForAll("records") List<AllTypes> rows) {
        check(database(TestDatabase.Kind.POSTGRES), rows, RowsModel.ofRecords(rows), AllTypes.class,
                TypeRoundTripPropertiesIT::readRecords, row -> ((AllTypes) row).id());
    }

    @Property
    void mapsOfEveryTypeReadBackAsTheirColumnsTypeOrAreRefusedOnDuckDb(
            @ForAll("maps") List<Map<String, Object>> rows) {
        check(database(TestDatabase.Kind.DUCKDB), rows, RowsModel.ofMaps(rows), Map.class, RoundTrip::asMaps,
                row -> (Integer) ((Map<?, ?>) row).get("id"));
    }

    @Property
    void mapsOfEveryTypeReadBackAsTheirColumnsTypeOrAreRefusedOnPostgres(
            @ForAll("maps") List<Map<String, Object>> rows) {
        check(database(TestDatabase.Kind.POSTGRES), rows, RowsModel.ofMaps(rows), Map.class, RoundTrip::asMaps,
                row -> (Integer) ((Map<?, ?>) row).get("id"));
    }

    private static void check(TestDatabase db, List<?> rows, RowsModel.Expectation expected, Class<?> type,
                              Consumer<Table> reader, ToIntFunction<Object> id) {
        Statistics.label("outcome").collect(expected.refused() ? "refused" : "read back");
        RoundTrip.Run run;
        try {
            run = RoundTrip.run(db, rows, reader);
        } catch (DefinitionException refusal) {
            assertTrue(expected.refused(), () -> "dag refused " + rows.size() + " rows the rules store: "
                    + refusal.getMessage());
            assertTopFrameIs(RoundTrip.class, "written", RoundTrip.returnLine.get(), refusal);
            expected.assertNamesABrokenRule(refusal);
            return;
        }
        assertFalse(expected.refused(), () -> "dag stored rows the rules refuse, at " + expected.refusedCells()
                + " " + expected.refusedColumns());
        Comparator<Object> byId = Comparator.comparingInt(id);
        assertSameRows(expected.rows(), run.rows(type).stream().map(row -> (Object) row).sorted(byId).toList(),
                "result.rows");
        assertSameRows(expected.rows(), ((List<?>) run.readByTask()).stream().map(row -> (Object) row).sorted(byId)
                .toList(), "inputType");
    }

    /**
     * Rows of records: three tries in four only of values the rules store (else nearly every list of rows would hold
     * one that is refused), the fourth of any values.
     */
    @Provide
    Arbitrary<List<AllTypes>> records() {
        return Arbitraries.frequencyOf(Tuple.of(3, records(true)), Tuple.of(1, records(false)));
    }

    private static Arbitrary<List<AllTypes>> records(boolean storableOnly) {
        UnaryOperator<Arbitrary<?>> values = arbitrary -> storableOnly
                ? arbitrary.filter(value -> value == null || TypeModel.storable(value)) : arbitrary;
        List<Arbitrary<?>> components = List.of(booleans(), booleans().injectNull(0.1), Arbitraries.bytes(),
                Arbitraries.shorts().injectNull(0.1), Arbitraries.integers(), Arbitraries.longs().injectNull(0.1),
                floats(), doubles().injectNull(0.1), values.apply(decimals().injectNull(0.1)),
                values.apply(bigIntegers().injectNull(0.1)), values.apply(chars()),
                values.apply(strings().injectNull(0.1)), Arbitraries.of(Status.class).injectNull(0.1),
                values.apply(dates().injectNull(0.1)), values.apply(times().injectNull(0.1)),
                values.apply(dateTimes().injectNull(0.1)), values.apply(instants().injectNull(0.1)),
                values.apply(offsetDateTimes().injectNull(0.1)), uuids().injectNull(0.1), bytes().injectNull(0.1),
                optionals(values.apply(strings()), !storableOnly), optionals(values.apply(decimals()), !storableOnly));
        return Combinators.combine(components.stream().map(Arbitrary::asGeneric).toList()).as(ArrayList::new)
                .list().ofMinSize(1).ofMaxSize(6).map(TypeRoundTripPropertiesIT::withIds);
    }

    @Provide
    Arbitrary<List<Map<String, Object>>> maps() {
        return Arbitraries.of(MapColumn.class).list().ofMinSize(1).ofMaxSize(5)
                .flatMap(columns -> Combinators.combine(columns.stream().map(MapColumn::cells).toList())
                        .as(ArrayList::new).list().ofMinSize(1).ofMaxSize(6))
                .map(TypeRoundTripPropertiesIT::asMaps);
    }

    /** Records whose id is their index, from the values of their other components. */
    private static List<AllTypes> withIds(List<ArrayList<Object>> rows) {
        RecordComponent[] components = AllTypes.class.getRecordComponents();
        Constructor<AllTypes> constructor;
        try {
            constructor = AllTypes.class.getDeclaredConstructor(Arrays.stream(components)
                    .map(RecordComponent::getType).toArray(Class<?>[]::new));
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
        List<AllTypes> records = new ArrayList<>();
        for (List<Object> values : rows) {
            List<Object> arguments = new ArrayList<>(values);
            arguments.add(0, records.size());
            try {
                records.add(constructor.newInstance(arguments.toArray()));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return records;
    }

    /** Maps with the key "id" (their index) and "c0", "c1", ... for the cells that are not absent. */
    private static List<Map<String, Object>> asMaps(List<ArrayList<Object>> rows) {
        List<Map<String, Object>> maps = new ArrayList<>();
        for (List<Object> cells : rows) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("id", maps.size());
            for (int i = 0; i < cells.size(); i++) {
                if (cells.get(i) != ABSENT) {
                    map.put("c" + i, cells.get(i));
                }
            }
            maps.add(map);
        }
        return maps;
    }
}
