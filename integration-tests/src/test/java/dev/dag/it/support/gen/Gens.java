package dev.dag.it.support.gen;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generators of numbers, text and choices. Numbers come with their edge values: a number generator gives one of the
 * limits of its range, 0, 1 or -1 (when in range) one time in {@value #EDGE_ONE_IN}, else a uniform value.
 */
public final class Gens {
    /** How often a number generator gives an edge value. */
    public static final int EDGE_ONE_IN = 10;

    private Gens() {
    }

    /** Always {@code value}. */
    public static <T> Gen<T> just(T value) {
        return random -> value;
    }

    /** One of {@code values}, each as likely. */
    @SafeVarargs
    public static <T> Gen<T> of(T... values) {
        return of(List.of(values));
    }

    /** One of {@code values}, each as likely (nulls allowed). */
    public static <T> Gen<T> of(List<T> values) {
        List<T> copy = new ArrayList<>(values);
        return random -> copy.get(random.nextInt(copy.size()));
    }

    /** A constant of {@code type}. */
    public static <E extends Enum<E>> Gen<E> of(Class<E> type) {
        return of(type.getEnumConstants());
    }

    /** A value of one of {@code gens}, each as likely. */
    @SafeVarargs
    public static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        List<Gen<? extends T>> all = List.of(gens);
        return random -> all.get(random.nextInt(all.size())).next(random);
    }

    /** A value of one of the weighted generators: {@code weighted(3, a, 1, b)} takes {@code a} three times in four. */
    public static <T> Gen<T> frequency(Object... weightsAndGens) {
        List<Integer> weights = new ArrayList<>();
        List<Gen<? extends T>> gens = new ArrayList<>();
        for (int i = 0; i < weightsAndGens.length; i += 2) {
            weights.add((Integer) weightsAndGens[i]);
            @SuppressWarnings("unchecked")
            Gen<? extends T> gen = (Gen<? extends T>) weightsAndGens[i + 1];
            gens.add(gen);
        }
        return frequency(weights, gens);
    }

    /** A value of {@code gens.get(i)} with probability {@code weights.get(i)} over their sum. */
    public static <T> Gen<T> frequency(List<Integer> weights, List<? extends Gen<? extends T>> gens) {
        int total = weights.stream().mapToInt(Integer::intValue).sum();
        List<Gen<? extends T>> copy = List.copyOf(gens);
        List<Integer> weightsCopy = List.copyOf(weights);
        return random -> {
            int pick = random.nextInt(total);
            for (int i = 0; ; i++) {
                pick -= weightsCopy.get(i);
                if (pick < 0) {
                    return copy.get(i).next(random);
                }
            }
        };
    }

    /** A value of each generator, in order: a row of values. */
    public static Gen<List<Object>> combine(List<? extends Gen<?>> gens) {
        List<Gen<?>> copy = List.copyOf(gens);
        return random -> {
            List<Object> values = new ArrayList<>(copy.size());
            for (Gen<?> gen : copy) {
                values.add(gen.next(random));
            }
            return values;
        };
    }

    public static Gen<Boolean> booleans() {
        return SplittableRandom::nextBoolean;
    }

    /** Integers of {@code [min, max]} with their edges. */
    public static Gen<Integer> integers(int min, int max) {
        return longs(min, max).map(Long::intValue);
    }

    public static Gen<Integer> integers() {
        return integers(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    public static Gen<Short> shorts() {
        return longs(Short.MIN_VALUE, Short.MAX_VALUE).map(Long::shortValue);
    }

    public static Gen<Byte> bytes() {
        return longs(Byte.MIN_VALUE, Byte.MAX_VALUE).map(Long::byteValue);
    }

    public static Gen<Long> longs() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** Longs of {@code [min, max]} with their edges. */
    public static Gen<Long> longs(long min, long max) {
        List<Long> edges = Arrays.stream(new long[] {min, max, 0, 1, -1, min + 1, max - 1})
                .filter(edge -> edge >= min && edge <= max).boxed().distinct().toList();
        return random -> {
            if (random.nextInt(EDGE_ONE_IN) == 0) {
                return edges.get(random.nextInt(edges.size()));
            }
            if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) {
                return random.nextLong();
            }
            return max == Long.MAX_VALUE ? random.nextLong(min - 1, max) + 1 : random.nextLong(min, max + 1);
        };
    }

    /** Big integers of {@code [min, max]} with their edges. */
    public static Gen<BigInteger> bigIntegers(BigInteger min, BigInteger max) {
        BigInteger span = max.subtract(min).add(BigInteger.ONE);
        List<BigInteger> edges = List.of(min, max, BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate()).stream()
                .filter(edge -> edge.compareTo(min) >= 0 && edge.compareTo(max) <= 0).toList();
        return random -> {
            if (random.nextInt(EDGE_ONE_IN) == 0) {
                return edges.get(random.nextInt(edges.size()));
            }
            byte[] bytes = new byte[span.toByteArray().length + 8]; // the extra bytes make the modulo near uniform
            random.nextBytes(bytes);
            return min.add(new BigInteger(1, bytes).mod(span));
        };
    }

    /** Floats of any bits (so any magnitude), with NaN, the infinities, 0, -0, the limits and 1 among the edges. */
    public static Gen<Float> floats(float... moreEdges) {
        List<Float> edges = new ArrayList<>(List.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, 1f, -1f));
        for (float edge : moreEdges) {
            edges.add(edge);
        }
        return floatingPoint(edges, random -> Float.intBitsToFloat(random.nextInt()),
                random -> (float) ((random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-6, 7))));
    }

    /** Doubles of any bits, with NaN, the infinities, 0, -0, the limits and 1 among the edges. */
    public static Gen<Double> doubles(double... moreEdges) {
        List<Double> edges = new ArrayList<>(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                0d, -0d, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, 1d, -1d));
        for (double edge : moreEdges) {
            edges.add(edge);
        }
        return floatingPoint(edges, random -> Double.longBitsToDouble(random.nextLong()),
                random -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-12, 13)));
    }

    /** A third each: an edge, a value of random bits (any magnitude, NaNs of other bits), an everyday value. */
    private static <T> Gen<T> floatingPoint(List<T> edges, Gen<T> anyBits, Gen<T> everyday) {
        return random -> switch (random.nextInt(3)) {
            case 0 -> edges.get(random.nextInt(edges.size()));
            case 1 -> anyBits.next(random);
            default -> everyday.next(random);
        };
    }

    /** Any {@code char}, surrogates and control characters included. */
    public static Gen<Character> chars() {
        return random -> (char) random.nextInt(Character.MAX_VALUE + 1);
    }

    /** Text of up to {@code maxLength} printable ASCII characters and a few control ones. */
    public static Gen<String> ascii(int maxLength) {
        return random -> {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(maxLength + 1);
            for (int i = 0; i < length; i++) {
                text.append((char) random.nextInt(128));
            }
            return text.toString();
        };
    }

    /** Text of exactly {@code length} ASCII letters. */
    public static Gen<String> alpha(int length) {
        String letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        return random -> {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < length; i++) {
                text.append(letters.charAt(random.nextInt(letters.length())));
            }
            return text.toString();
        };
    }

    /** Byte arrays of up to {@code maxSize} bytes. */
    public static Gen<byte[]> byteArrays(int maxSize) {
        return random -> {
            byte[] bytes = new byte[random.nextInt(maxSize + 1)];
            random.nextBytes(bytes);
            return bytes;
        };
    }
}
