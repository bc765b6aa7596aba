package dev.dag.it.types;

import static dev.dag.it.support.gen.Gens.frequency;
import static dev.dag.it.support.gen.Gens.just;
import static dev.dag.it.support.gen.Gens.of;

import dev.dag.it.support.gen.Gen;
import dev.dag.it.support.gen.Gens;
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

/**
 * Values of every mapped type for the properties, most of them ordinary, many at an edge (limits of the type and of
 * the databases, special floating-point values, CSV's special characters, daylight-saving gaps, the Gregorian
 * reform), and a few just outside the rules, which dag must refuse.
 */
final class TypeGens {
    /** Strings that are special to CSV, COPY or SQL. */
    static final List<String> SPECIAL_TEXT = List.of("", " ", "\"", "a\"b", ",", "a,b", "\n", "\r\n", "\\", "\\N",
            "\\.", "\n\\.\n", "NULL", "\t", "\uD83D\uDE00", "e\u0301", "\u0001");

    private TypeGens() {
    }

    static Gen<Boolean> booleans() {
        return Gens.booleans();
    }

    static Gen<Float> floats() {
        return Gens.floats(Float.MAX_VALUE, -Float.MAX_VALUE);
    }

    static Gen<Double> doubles() {
        return Gens.doubles(Double.MAX_VALUE, 0.1);
    }

    /** Mostly valid Unicode (characters outside the basic plane included), CSV's specials, long text, a few bad. */
    static Gen<String> strings() {
        Gen<String> unicode = Gens.integers(1, Character.MAX_CODE_POINT)
                .filter(codePoint -> codePoint < Character.MIN_SURROGATE || codePoint > Character.MAX_SURROGATE)
                .list(0, 12)
                .map(codePoints -> codePoints.stream().collect(StringBuilder::new, StringBuilder::appendCodePoint,
                        StringBuilder::append).toString());
        Gen<String> ascii = Gens.ascii(12);
        Gen<String> special = of(SPECIAL_TEXT).list(0, 4).map(parts -> String.join("", parts));
        Gen<String> huge = Gens.integers(10_000, 300_000).map(length -> "x\"\n,".repeat(length / 4));
        Gen<String> withNul = ascii.map(text -> text + '\u0000');
        Gen<String> unpaired = of('\uD800', '\uDBFF', '\uDC00', '\uDFFF').map(c -> "a" + c);
        return frequency(40, unicode, 25, ascii, 20, special, 2, huge, 2, withNul, 2, unpaired);
    }

    static Gen<Character> chars() {
        return frequency(90, Gens.chars().filter(c -> c != 0 && !Character.isSurrogate(c)),
                4, of('\u0000', '\uD800', '\uDFFF'));
    }

    /** Decimals of up to 20 digits mostly, sometimes up to 40 (beyond what a column holds), scales -3 to 25. */
    static Gen<BigDecimal> decimals() {
        Gen<BigDecimal> usual = Gens.longs(-9_999_999_999L, 9_999_999_999L)
                .flatMap(unscaled -> Gens.integers(0, 6).map(scale -> BigDecimal.valueOf(unscaled, scale)));
        Gen<BigDecimal> wide = Gens.bigIntegers(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40))
                .flatMap(unscaled -> Gens.integers(-3, 25).map(scale -> new BigDecimal(unscaled, scale)));
        return frequency(85, usual, 15, wide);
    }

    static Gen<BigInteger> bigIntegers() {
        return frequency(85, Gens.bigIntegers(BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE)),
                15, Gens.bigIntegers(BigInteger.TEN.pow(39).negate(), BigInteger.TEN.pow(39)));
    }

    /** Dates of this era mostly; the databases' and Java's limits, the Gregorian reform, years 0, 1 and 10000. */
    static Gen<LocalDate> dates() {
        Gen<LocalDate> recent = Gens.longs(LocalDate.of(1900, 1, 1).toEpochDay(),
                LocalDate.of(2100, 12, 31).toEpochDay()).map(LocalDate::ofEpochDay);
        Gen<LocalDate> anyJava = Gens.longs(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay())
                .map(LocalDate::ofEpochDay);
        Gen<LocalDate> portable = Gens.longs(TypeModel.FIRST_DATE.toEpochDay(), TypeModel.LAST_DATE.toEpochDay())
                .map(LocalDate::ofEpochDay);
        Gen<LocalDate> edges = of(TypeModel.FIRST_DATE, TypeModel.FIRST_DATE.minusDays(1),
                TypeModel.LAST_DATE, TypeModel.LAST_DATE.plusDays(1), LocalDate.of(1582, 10, 4),
                LocalDate.of(1582, 10, 5), LocalDate.of(1582, 10, 10), LocalDate.of(1582, 10, 14),
                LocalDate.of(1582, 10, 15), LocalDate.of(0, 1, 1), LocalDate.of(1, 1, 1), LocalDate.of(-1, 12, 31),
                LocalDate.of(9999, 12, 31), LocalDate.of(10_000, 1, 1), LocalDate.of(1970, 1, 1),
                LocalDate.of(2018, 11, 4), LocalDate.MIN, LocalDate.MAX);
        return frequency(50, recent, 20, portable, 20, edges, 10, anyJava);
    }

    /** Times of microsecond precision mostly, some with nanoseconds. */
    static Gen<LocalTime> times() {
        Gen<LocalTime> micros = Gens.longs(0, LocalTime.MAX.toNanoOfDay() / 1000)
                .map(micro -> LocalTime.ofNanoOfDay(micro * 1000));
        Gen<LocalTime> nanos = Gens.longs(0, LocalTime.MAX.toNanoOfDay()).map(LocalTime::ofNanoOfDay);
        return frequency(80, micros, 10, of(LocalTime.MIDNIGHT, LocalTime.of(23, 59, 59, 999_999_000),
                LocalTime.NOON), 5, nanos);
    }

    /** Any date with any time, times in daylight-saving gaps of several zones, and the limits. */
    static Gen<LocalDateTime> dateTimes() {
        Gen<LocalDateTime> combined = dates().filter(date -> date.isBefore(LocalDate.of(294_247, 1, 1)))
                .flatMap(date -> times().map(date::atTime));
        Gen<LocalDateTime> gaps = of(TypeMappingIT.gapTimes());
        Gen<LocalDateTime> edges = of(TypeModel.FIRST_TIMESTAMP,
                TypeModel.FIRST_TIMESTAMP.minusNanos(1000), TypeModel.LAST_TIMESTAMP,
                TypeModel.LAST_TIMESTAMP.plusNanos(1000), LocalDateTime.of(1582, 10, 10, 12, 0),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), LocalDateTime.MIN, LocalDateTime.MAX);
        return frequency(60, combined, 25, gaps, 15, edges);
    }

    /** Mostly as {@link #dateTimes()} at UTC; often in the repeated hour of a fall-back; a few out of range. */
    static Gen<Instant> instants() {
        return frequency(70, dateTimes().map(dateTime -> dateTime.toInstant(ZoneOffset.UTC)),
                20, of(TypeMappingIT.aroundFallBacks()),
                10, of(Instant.MIN, Instant.MAX, Instant.EPOCH.minusNanos(1)));
    }

    /** At UTC mostly; at other offsets (refused) sometimes. */
    static Gen<OffsetDateTime> offsetDateTimes() {
        Gen<ZoneOffset> offsets = frequency(85, just(ZoneOffset.UTC), 5, just(ZoneOffset.ofHours(2)),
                5, just(ZoneOffset.ofHoursMinutes(-5, -30)));
        Instant first = LocalDateTime.MIN.plusDays(1).toInstant(ZoneOffset.UTC);
        Instant last = LocalDateTime.MAX.minusDays(1).toInstant(ZoneOffset.UTC);
        return instants().filter(instant -> instant.isAfter(first) && instant.isBefore(last)) // any offset fits
                .flatMap(instant -> offsets.map(instant::atOffset));
    }

    static Gen<UUID> uuids() {
        return Gens.longs().list(2).map(bits -> new UUID(bits.get(0), bits.get(1)));
    }

    static Gen<byte[]> bytes() {
        return Gens.byteArrays(40);
    }

    /** {@code values} wrapped: present mostly, empty sometimes, a null Optional (refused) rarely if {@code withNull}. */
    static <T> Gen<Optional<T>> optionals(Gen<T> values, boolean withNull) {
        Gen<Optional<T>> optionals = frequency(70, values.map(Optional::of), 25, just(Optional.<T>empty()));
        return withNull ? optionals.injectNull(0.02) : optionals;
    }
}
