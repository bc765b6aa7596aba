package dev.dag.it.types;

import static dev.dag.it.support.Frames.assertTopFrameIs;
import static dev.dag.it.types.SameRows.assertSameRows;
import static dev.dag.it.types.TypeGens.bigIntegers;
import static dev.dag.it.types.TypeGens.booleans;
import static dev.dag.it.types.TypeGens.bytes;
import static dev.dag.it.types.TypeGens.chars;
import static dev.dag.it.types.TypeGens.dateTimes;
import static dev.dag.it.types.TypeGens.dates;
import static dev.dag.it.types.TypeGens.decimals;
import static dev.dag.it.types.TypeGens.doubles;
import static dev.dag.it.types.TypeGens.floats;
import static dev.dag.it.types.TypeGens.instants;
import static dev.dag.it.types.TypeGens.offsetDateTimes;
import static dev.dag.it.types.TypeGens.optionals;
import static dev.dag.it.types.TypeGens.strings;
import static dev.dag.it.types.TypeGens.times;
import static dev.dag.it.types.TypeGens.uuids;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.TestDatabase;
import dev.dag.it.support.gen.Gen;
import dev.dag.it.support.gen.Gens;
import dev.dag.it.support.gen.Property;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The type mapping as a property, on each database: rows of every mapped type, generated with edge values and a
 * few values outside the rules, are written by a task and read back through {@code result.rows} and
 * {@code inputType}. Either they read back as docs/types.md says (records equal to those written, maps with the
 * Java type of their column), or dag refused them at the task's line, naming a column and row that break a rule
 * (see {@link RowsModel}). Tries per property: the system property {@code dag.types.tries} (see the pom); a failure
 * names the seed of its try, which {@code -Ddag.types.seed=<seed>} replays alone.
 */
class TypeRoundTripPropertiesIT {
    private static final Map<TestDatabase.Kind, TestDatabase> DATABASES = new EnumMap<>(TestDatabase.Kind.class);
    private static final Object ABSENT = new Object();
    private static final int TRIES = Integer.getInteger("dag.types.tries", 50);

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
        SHORT(Gens.shorts(), null),
        INTEGER(Gens.integers(), Gens.shorts()),
        LONG(Gens.longs(), Gens.integers()),
        FLOAT(floats(), null),
        DOUBLE(doubles(), Gens.oneOf(Gens.integers(), floats(), Gens.longs())),
        DECIMAL(decimals(), Gens.longs()),
        BIG_INTEGER(bigIntegers(), Gens.integers()),
        STRING(strings(), Gens.oneOf(chars(), Gens.of(Status.class))),
        DATE(dates(), null),
        TIME(times(), null),
        TIMESTAMP(dateTimes(), null),
        INSTANT(instants(), offsetDateTimes()),
        UUID_VALUE(uuids(), null),
        BYTES(bytes(), null);

        private final Gen<?> values;
        private final Gen<?> narrower;

        MapColumn(Gen<?> values, Gen<?> narrower) {
            this.values = values;
            this.narrower = narrower;
        }

        /** A cell: absent, null, an Optional, a value, a narrower value, rarely a value of a type that does not mix. */
        Gen<Object> cells() {
            Gen<?> other = this == STRING ? Gens.integers() : Gens.alpha(1);
            List<Integer> weights = new ArrayList<>(List.of(14, 8, 5, 60, 2));
            List<Gen<?>> cells = new ArrayList<>(List.of(Gens.just(ABSENT), Gens.just(Optional.empty()),
                    values.map(Optional::of), values, other));
            if (narrower != null) {
                weights.add(10);
                cells.add(narrower);
            }
            return Gens.<Object>frequency(weights, cells.stream().map(Gen::asObject).toList()).injectNull(0.08);
        }
    }

    @AfterAll
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

    @Test
    void recordsOfEveryTypeReadBackEqualOrAreRefusedOnDuckDb() {
        property("records on DuckDB").check(records(), rows -> check(database(TestDatabase.Kind.DUCKDB), rows,
                RowsModel.ofRecords(rows), AllTypes.class, TypeRoundTripPropertiesIT::readRecords,
                row -> ((AllTypes) row).id()));
    }

    @Test
    void recordsOfEveryTypeReadBackEqualOrAreRefusedOnPostgres() {
        property("records on PostgreSQL").check(records(), rows -> check(database(TestDatabase.Kind.POSTGRES), rows,
                RowsModel.ofRecords(rows), AllTypes.class, TypeRoundTripPropertiesIT::readRecords,
                row -> ((AllTypes) row).id()));
    }

    @Test
    void mapsOfEveryTypeReadBackAsTheirColumnsTypeOrAreRefusedOnDuckDb() {
        property("maps on DuckDB").check(maps(), rows -> check(database(TestDatabase.Kind.DUCKDB), rows,
                RowsModel.ofMaps(rows), Map.class, RoundTrip::asMaps, row -> (Integer) ((Map<?, ?>) row).get("id")));
    }

    @Test
    void mapsOfEveryTypeReadBackAsTheirColumnsTypeOrAreRefusedOnPostgres() {
        property("maps on PostgreSQL").check(maps(), rows -> check(database(TestDatabase.Kind.POSTGRES), rows,
                RowsModel.ofMaps(rows), Map.class, RoundTrip::asMaps, row -> (Integer) ((Map<?, ?>) row).get("id")));
    }

    private static Property property(String name) {
        return new Property("type round trip of " + name, TRIES, "dag.types.seed");
    }

    private static void check(TestDatabase db, List<?> rows, RowsModel.Expectation expected, Class<?> type,
                              Consumer<Table> reader, ToIntFunction<Object> id) {
        Property.collect("outcome", expected.refused() ? "refused" : "read back");
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
    private static Gen<List<AllTypes>> records() {
        return Gens.frequency(3, records(true), 1, records(false));
    }

    private static Gen<List<AllTypes>> records(boolean storableOnly) {
        UnaryOperator<Gen<?>> values = gen -> storableOnly
                ? gen.asObject().filter(value -> value == null || TypeModel.storable(value)) : gen;
        List<Gen<?>> components = List.of(booleans(), booleans().injectNull(0.1), Gens.bytes(),
                Gens.shorts().injectNull(0.1), Gens.integers(), Gens.longs().injectNull(0.1),
                floats(), doubles().injectNull(0.1), values.apply(decimals().injectNull(0.1)),
                values.apply(bigIntegers().injectNull(0.1)), values.apply(chars()),
                values.apply(strings().injectNull(0.1)), Gens.of(Status.class).injectNull(0.1),
                values.apply(dates().injectNull(0.1)), values.apply(times().injectNull(0.1)),
                values.apply(dateTimes().injectNull(0.1)), values.apply(instants().injectNull(0.1)),
                values.apply(offsetDateTimes().injectNull(0.1)), uuids().injectNull(0.1), bytes().injectNull(0.1),
                optionals(strings().filter(value -> !storableOnly || TypeModel.storable(value)), !storableOnly),
                optionals(decimals().filter(value -> !storableOnly || TypeModel.storable(value)), !storableOnly));
        return Gens.combine(components).list(1, 6).map(TypeRoundTripPropertiesIT::withIds);
    }

    private static Gen<List<Map<String, Object>>> maps() {
        return Gens.of(MapColumn.class).list(1, 5)
                .flatMap(columns -> Gens.combine(columns.stream().map(MapColumn::cells).toList()).list(1, 6))
                .map(TypeRoundTripPropertiesIT::asMaps);
    }

    /** Records whose id is their index, from the values of their other components. */
    private static List<AllTypes> withIds(List<List<Object>> rows) {
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
    private static List<Map<String, Object>> asMaps(List<List<Object>> rows) {
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
