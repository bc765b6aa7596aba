package dev.dag.it.support.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A failed property names the seed of its try, and that seed replays the very value that failed, alone. */
class PropertyReplayIT {
    private static final String SEED = "dag.gen.test.seed";

    @Test
    void aFailureNamesItsSeedAndTheSeedReplaysTheFailingValueAlone() {
        Gen<List<Integer>> gen = Gens.integers(0, 99).list(1, 5);
        List<List<Integer>> failing = new ArrayList<>();
        AssertionError failure = assertThrows(AssertionError.class, () -> new Property("sums", 1000, SEED)
                .check(gen, values -> {
                    if (values.stream().mapToInt(Integer::intValue).sum() > 300) {
                        failing.add(values);
                        throw new AssertionError("sum above 300: " + values);
                    }
                }));
        Matcher seed = Pattern.compile("-D" + Pattern.quote(SEED) + "=(-?\\d+)").matcher(failure.getMessage());
        assertTrue(seed.find(), failure.getMessage());

        List<List<Integer>> replayed = new ArrayList<>();
        System.setProperty(SEED, seed.group(1));
        try {
            assertThrows(AssertionError.class, () -> new Property("sums", 1000, SEED).check(gen, values -> {
                replayed.add(values);
                throw new AssertionError("replayed");
            }));
        } finally {
            System.clearProperty(SEED);
        }
        assertEquals(failing, replayed, "one try, the value that failed");
    }

    @Test
    void numbersComeWithTheEdgesOfTheirRange() {
        Gen<Long> gen = Gens.longs(-5, 1_000_000);
        List<Long> values = new ArrayList<>();
        new Property("edges", 500, SEED).check(gen, values::add);
        assertTrue(values.containsAll(List.of(-5L, 1_000_000L, 0L, 1L, -1L)), "edges among " + values.size());
        assertTrue(values.stream().allMatch(value -> value >= -5 && value <= 1_000_000), "all in range");
    }
}
