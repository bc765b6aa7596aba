package dev.dag.it.support.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A generator of random values for a property test, drawn from a seeded {@link SplittableRandom}: the same seed
 * gives the same value, which is how a failed try is replayed ({@link Property}).
 */
@FunctionalInterface
public interface Gen<T> {
    /** Tries of {@link #filter} before it gives up: a filter that rejects nearly everything is a broken test. */
    int MAX_FILTER_TRIES = 10_000;

    /** The next value. */
    T next(SplittableRandom random);

    default <R> Gen<R> map(Function<? super T, ? extends R> mapper) {
        return random -> mapper.apply(next(random));
    }

    default <R> Gen<R> flatMap(Function<? super T, Gen<? extends R>> mapper) {
        return random -> mapper.apply(next(random)).next(random);
    }

    /** Values that pass {@code accepted}, drawn again until one does. */
    default Gen<T> filter(Predicate<? super T> accepted) {
        return random -> {
            for (int i = 0; i < MAX_FILTER_TRIES; i++) {
                T value = next(random);
                if (accepted.test(value)) {
                    return value;
                }
            }
            throw new IllegalStateException("the filter rejected " + MAX_FILTER_TRIES + " values in a row");
        };
    }

    /** {@code null} with probability {@code probability}, else a value of this generator. */
    default Gen<T> injectNull(double probability) {
        return random -> random.nextDouble() < probability ? null : next(random);
    }

    /** Lists of {@code min} to {@code max} values (both included). */
    default Gen<List<T>> list(int min, int max) {
        return random -> {
            int size = random.nextInt(min, max + 1);
            List<T> values = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                values.add(next(random));
            }
            return values;
        };
    }

    /** Lists of exactly {@code size} values. */
    default Gen<List<T>> list(int size) {
        return list(size, size);
    }

    /** This generator seen as one of values of any type. */
    @SuppressWarnings("unchecked")
    default Gen<Object> asObject() {
        return (Gen<Object>) this;
    }
}
