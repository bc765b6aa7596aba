package dev.dag.it.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * Values of every mapped type for the properties, most of them ordinary, many at an edge (limits of the type and of
 * the databases, special floating-point values, CSV's special characters, daylight-saving gaps, the Gregorian
 * reform), and a few just outside the rules, which dag must refuse.
 */
final class TypeArbitraries {
    /** Strings that are special to CSV, COPY or SQL. */
    static final List<String> SPECIAL_TEXT = List.of("", " ", "\"", "a\"b", ",", "a,b", "\n", "\r\n", "\\", "\\N",
            "\\.", "\n\\.\n", "NULL", "\t", "\uD83D\uDE00", "e\u0301", "\u0001");

    private TypeArbitraries() {
    }

    static Arbitrary<Boolean> booleans() {
        return Arbitraries.of(true, false);
    }

    static Arbitrary<Float> floats() {
        return Arbitraries.floats().withStandardSpecialValues().withSpecialValue(-0.0f)
                .withSpecialValue(Float.MAX_VALUE).withSpecialValue(-Float.MAX_VALUE);
    }

    static Arbitrary<Double> doubles() {
        return Arbitraries.doubles().withStandardSpecialValues().withSpecialValue(-0.0)
                .withSpecialValue(Double.MAX_VALUE).withSpecialValue(0.1);
    }

    /** Mostly valid Unicode (characters outside the basic plane included), CSV's specials, long text, a few bad. */
    static Arbitrary<String> strings() {
        Arbitrary<String> unicode = Arbitraries.integers().between(1, Character.MAX_CODE_POINT)
                .filter(codePoint -> codePoint < Character.MIN_SURROGATE || codePoint > Character.MAX_SURROGATE)
                .list().ofMaxSize(12)
                .map(codePoints -> codePoints.stream().collect(StringBuilder::new, StringBuilder::appendCodePoint,
                        StringBuilder::append).toString());
        Arbitrary<String> ascii = Arbitraries.strings().ascii().ofMaxLength(12);
        Arbitrary<String> special = Arbitraries.of(SPECIAL_TEXT).list().ofMaxSize(4).map(parts -> String.join("", parts));
        Arbitrary<String> huge = Arbitraries.integers().between(10_000, 300_000).map(length -> "x\"\n,".repeat(length / 4));
        Arbitrary<String> withNul = ascii.map(text -> text + '\u0000');
        Arbitrary<String> unpaired = Arbitraries.of('\uD800', '\uDBFF', '\uDC00', '\uDFFF').map(c -> "a" + c);
        return Arbitraries.frequencyOf(Tuple.of(40, unicode), Tuple.of(25, ascii), Tuple.of(20, special),
                Tuple.of(2, huge), Tuple.of(2, withNul), Tuple.of(2, unpaired));
    }

    static Arbitrary<Character> chars() {
        return Arbitraries.frequencyOf(Tuple.of(90, Arbitraries.chars().all()
                        .filter(c -> c != 0 && !Character.isSurrogate(c))),
                Tuple.of(4, Arbitraries.of('\u0000', '\uD800', '\uDFFF')));
    }

    /** Decimals of up to 20 digits mostly, sometimes up to 40 (beyond what a column holds), scales -3 to 25. */
    static Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigDecimal> usual = Arbitraries.longs().between(-9_999_999_999L, 9_999_999_999L)
                .flatMap(unscaled -> Arbitraries.integers().between(0, 6)
                        .map(scale -> BigDecimal.valueOf(unscaled, scale)));
        Arbitrary<BigDecimal> wide = Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(),
                        BigInteger.TEN.pow(40))
                .flatMap(unscaled -> Arbitraries.integers().between(-3, 25).map(scale -> new BigDecimal(unscaled,
                        scale)));
        return Arbitraries.frequencyOf(Tuple.of(85, usual), Tuple.of(15, wide));
    }

    static Arbitrary<BigInteger> bigIntegers() {
        return Arbitraries.frequencyOf(Tuple.of(85, Arbitraries.bigIntegers().between(
                        BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE))),
                Tuple.of(15, Arbitraries.bigIntegers().between(BigInteger.TEN.pow(39).negate(),
                        BigInteger.TEN.pow(39))));
    }

    /** Dates of this era mostly; the databases' and Java's limits, the Gregorian reform, years 0, 1 and 10000. */
    static Arbitrary<LocalDate> dates() {
        Arbitrary<LocalDate> recent = Arbitraries.longs().between(LocalDate.of(1900, 1, 1).toEpochDay(),
                LocalDate.of(2100, 12, 31).toEpochDay()).map(LocalDate::ofEpochDay);
        Arbitrary<LocalDate> anyJava = Arbitraries.longs().between(LocalDate.MIN.toEpochDay(),
                LocalDate.MAX.toEpochDay()).map(LocalDate::ofEpochDay);
        Arbitrary<LocalDate> portable = Arbitraries.longs().between(TypeModel.FIRST_DATE.toEpochDay(),
                TypeModel.LAST_DATE.toEpochDay()).map(LocalDate::ofEpochDay);
        Arbitrary<LocalDate> edges = Arbitraries.of(TypeModel.FIRST_DATE, TypeModel.FIRST_DATE.minusDays(1),
                TypeModel.LAST_DATE, TypeModel.LAST_DATE.plusDays(1), LocalDate.of(1582, 10, 4),
                LocalDate.of(1582, 10, 5), LocalDate.of(1582, 10, 10), LocalDate.of(1582, 10, 14),
                LocalDate.of(1582, 10, 15), LocalDate.of(0, 1, 1), LocalDate.of(1, 1, 1), LocalDate.of(-1, 12, 31),
                LocalDate.of(9999, 12, 31), LocalDate.of(10_000, 1, 1), LocalDate.of(1970, 1, 1),
                LocalDate.of(2018, 11, 4), LocalDate.MIN, LocalDate.MAX);
        return Arbitraries.frequencyOf(Tuple.of(50, recent), Tuple.of(20, portable), Tuple.of(20, edges),
                Tuple.of(10, anyJava));
    }

    /** Times of microsecond precision mostly, some with nanoseconds. */
    static Arbitrary<LocalTime> times() {
        Arbitrary<LocalTime> micros = Arbitraries.longs().between(0, LocalTime.MAX.toNanoOfDay() / 1000)
                .map(micro -> LocalTime.ofNanoOfDay(micro * 1000));
        Arbitrary<LocalTime> nanos = Arbitraries.longs().between(0, LocalTime.MAX.toNanoOfDay())
                .map(LocalTime::ofNanoOfDay);
        return Arbitraries.frequencyOf(Tuple.of(80, micros), Tuple.of(10, Arbitraries.of(LocalTime.MIDNIGHT,
                LocalTime.of(23, 59, 59, 999_999_000), LocalTime.NOON)), Tuple.of(5, nanos));
    }

    /** Any date with any time, times in daylight-saving gaps of several zones, and the limits. */
    static Arbitrary<LocalDateTime> dateTimes() {
        Arbitrary<LocalDateTime> combined = dates().filter(date -> date.isBefore(LocalDate.of(294_247, 1, 1)))
                .flatMap(date -> times().map(date::atTime));
        Arbitrary<LocalDateTime> gaps = Arbitraries.of(TypeMappingIT.gapTimes());
        Arbitrary<LocalDateTime> edges = Arbitraries.of(TypeModel.FIRST_TIMESTAMP,
                TypeModel.FIRST_TIMESTAMP.minusNanos(1000), TypeModel.LAST_TIMESTAMP,
                TypeModel.LAST_TIMESTAMP.plusNanos(1000), LocalDateTime.of(1582, 10, 10, 12, 0),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), LocalDateTime.MIN, LocalDateTime.MAX);
        return Arbitraries.frequencyOf(Tuple.of(60, combined), Tuple.of(25, gaps), Tuple.of(15, edges));
    }

    /** Mostly as {@link #dateTimes()} at UTC; often in the repeated hour of a fall-back; a few out of range. */
    static Arbitrary<Instant> instants() {
        return Arbitraries.frequencyOf(Tuple.of(70, dateTimes().map(dateTime -> dateTime.toInstant(ZoneOffset.UTC))),
                Tuple.of(20, Arbitraries.of(TypeMappingIT.aroundFallBacks())),
                Tuple.of(10, Arbitraries.of(Instant.MIN, Instant.MAX, Instant.EPOCH.minusNanos(1))));
    }

    /** At UTC mostly; at other offsets (refused) sometimes. */
    static Arbitrary<OffsetDateTime> offsetDateTimes() {
        Arbitrary<ZoneOffset> offsets = Arbitraries.frequency(Tuple.of(85, ZoneOffset.UTC),
                Tuple.of(5, ZoneOffset.ofHours(2)), Tuple.of(5, ZoneOffset.ofHoursMinutes(-5, -30)));
        Instant first = LocalDateTime.MIN.plusDays(1).toInstant(ZoneOffset.UTC);
        Instant last = LocalDateTime.MAX.minusDays(1).toInstant(ZoneOffset.UTC);
        return instants().filter(instant -> instant.isAfter(first) && instant.isBefore(last)) // any offset fits
                .flatMap(instant -> offsets.map(instant::atOffset));
    }

    static Arbitrary<UUID> uuids() {
        return Arbitraries.longs().tuple2().map(bits -> new UUID(bits.get1(), bits.get2()));
    }

    static Arbitrary<byte[]> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
    }

    /** {@code values} wrapped: present mostly, empty sometimes, a null Optional (refused) rarely if {@code withNull}. */
    static <T> Arbitrary<Optional<T>> optionals(Arbitrary<T> values, boolean withNull) {
        Arbitrary<Optional<T>> optionals = Arbitraries.frequencyOf(Tuple.of(70, values.map(Optional::of)),
                Tuple.of(25, Arbitraries.just(Optional.<T>empty())));
        return withNull ? optionals.injectNull(0.02) : optionals;
    }
}
