package dev.dag.internal.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A cache entry's outputs are read back from their JSON as they were written. */
class CacheEntryTest {
    private static final TaskKey KEY = TestKeys.keyOf("t", "s", "1", java.util.Map.of(), List.of(), "", null);

    @Test
    void outputsAreReadBackAsWrittenWithAndWithoutAPath() {
        SplittableRandom random = new SplittableRandom(5);
        String[] texts = {"", "orders", "a\"b", "x\\y", "é€", "0", "rows[2]", "null"};
        for (int i = 0; i < 300; i++) {
            List<CacheEntry.Output> outputs = new ArrayList<>();
            for (int n = random.nextInt(4); n > 0; n--) {
                outputs.add(new CacheEntry.Output(random.nextInt(4) == 0 ? null : texts[random.nextInt(texts.length)],
                        texts[random.nextInt(texts.length)], random.nextBoolean() ? ObjectKind.TABLE : ObjectKind.BLOB,
                        texts[random.nextInt(texts.length)], texts[random.nextInt(texts.length)]));
            }
            CacheEntry entry = new CacheEntry("t", 0, KEY, outputs);

            assertEquals(outputs, CacheEntry.outputsFromJson(entry.outputsJson()), "outputs " + i);
        }
    }

    @Test
    void outputsThatAreNotAJsonArrayAreRefused() {
        for (String bad : new String[] {"{}", "[{\"path\":", "nope"}) {
            assertThrows(IllegalArgumentException.class, () -> CacheEntry.outputsFromJson(bad), bad);
        }
    }
}
