package dev.dag.internal.cache.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Comments and literals are text that no reading of a query may see into, whatever they hold: a query with
 * comments and literals full of quotes, comment marks and SQL words put between its tokens reads the same
 * tables, changing calls and row order as the bare query. Seeded, so a failure repeats.
 */
class SqlTokensNoiseTest {
    private static final long SEED = 20261203L;
    private static final String[] QUERIES = {
        "SELECT a, now() AS at FROM shop.orders o JOIN shop.customers c ON o.cid = c.id ORDER BY a",
        "WITH w AS (SELECT * FROM src.events) SELECT count(*) FROM w, \"my-schema\".\"it''s\" GROUP BY 1",
        "SELECT x FROM a, b AS y WHERE x IN (SELECT k FROM c) AND random() > 0",
        "SELECT string_agg(v, ',' ORDER BY v) FROM {table:abc} t JOIN d.e ON t.k = e.k",
    };
    private static final String[] FRAGMENTS = {"'", "''", "\"", "--", "/*", "*/", "$$", "$t$", " FROM fake.t ",
        " ORDER BY x ", " now() ", "\\", ";", "(", ")", "E'", "it's", " JOIN hidden.h "};

    @Test
    void noiseBetweenTokensChangesNoReading() {
        Random random = new Random(SEED);
        for (int round = 0; round < 2_000; round++) {
            String query = QUERIES[random.nextInt(QUERIES.length)];
            String noisy = withNoise(query, random);
            String why = "seed " + SEED + ", round " + round + ": " + noisy;
            assertEquals(SqlTableNames.readBy(query), SqlTableNames.readBy(noisy), why);
            assertEquals(ChangingCalls.in(query), ChangingCalls.in(noisy), why);
            assertEquals(RowOrder.defined(query), RowOrder.defined(noisy), why);
        }
    }

    /**
     * The query with a comment or literal of random fragments after some of its spaces (a literal alone gives no
     * token, so it may stand anywhere a comment may).
     */
    private static String withNoise(String query, Random random) {
        StringBuilder out = new StringBuilder();
        for (String word : query.split(" ", -1)) {
            if (!out.isEmpty()) {
                out.append(' ');
                if (random.nextInt(3) == 0) {
                    out.append(noise(random)).append(' ');
                }
            }
            out.append(word);
        }
        return out.toString();
    }

    private static String noise(Random random) {
        StringBuilder body = new StringBuilder();
        for (int i = random.nextInt(4); i >= 0; i--) {
            body.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
        }
        String text = body.toString();
        return switch (random.nextInt(5)) {
            case 0 -> "-- " + text + "\n";
            case 1 -> "/* " + text.replace("*/", "* /") + " */";
            case 2 -> "'" + text.replace("'", "''") + "'";
            case 3 -> "$q$" + text.replace("$q$", "") + "$q$";
            default -> "E'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
        };
    }

    @Test
    void theNoiseReallyHoldsWhatOnceHidTables() {
        // the generator is worth its rounds only if it makes the text that fooled the scan before
        Random random = new Random(SEED);
        List<String> noises = IntStream.range(0, 500).mapToObj(i -> noise(random)).toList();
        assertTrue(noises.stream().anyMatch(n -> n.startsWith("--") && n.contains("'")));
        assertTrue(noises.stream().anyMatch(n -> n.startsWith("'") && n.contains("--")));
    }
}
