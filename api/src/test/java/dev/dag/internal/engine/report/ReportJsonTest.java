package dev.dag.internal.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The report's JSON, written field by field, is the text Jackson's mapper writes for the same records, and reads
 * back as the report it was (reports of earlier runs stay readable, the report page's script finds its fields).
 */
class ReportJsonTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void aReportWithEveryFieldSetAndNullsIsWrittenAsTheMapperWritesIt() throws Exception {
        RunReport report = new RunReport("nightly", "r-1", "run", "prod (jdbc:duckdb:/tmp/x.duckdb)", "failed",
                "2026-12-03T07:00:00Z", 1234, "Task 'orders' failed: \"quoted\" \\ back\nslash",
                List.of(new RunReport.Task("raw/orders/0", "raw", "orders", "RAN", "code changed", 17, 1_000_000,
                                List.of(new RunReport.TableInfo("orders", "WRITTEN", true, 1_000_000,
                                        "SELECT 'ü' AS x", "Tasks.java:12"),
                                        new RunReport.TableInfo("tmp", "CACHE_VALID", false, -1, null, null)),
                                List.of("reads a file", "\u0001 control"), null),
                        new RunReport.Task("raw/items/0", "raw", "items", "FAILED", null, 0, 0, List.of(), List.of(),
                                "boom")),
                List.of(new RunReport.Edge("raw/orders/0", "raw/items/0")));

        assertEquals(MAPPER.writeValueAsString(report), ReportJson.write(report));
        assertEquals(report, ReportJson.read(ReportJson.write(report)));
    }

    @Test
    void randomReportsAreWrittenAsTheMapperWritesThem() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 300; i++) {
            RunReport report = randomReport(random);
            assertEquals(MAPPER.writeValueAsString(report), ReportJson.write(report), "report " + i);
            assertEquals(report, ReportJson.read(ReportJson.write(report)), "report " + i);
        }
    }

    private static RunReport randomReport(SplittableRandom random) {
        List<RunReport.Task> tasks = new ArrayList<>();
        for (int t = random.nextInt(4); t > 0; t--) {
            List<RunReport.TableInfo> tables = new ArrayList<>();
            for (int n = random.nextInt(3); n > 0; n--) {
                tables.add(new RunReport.TableInfo(text(random), text(random), random.nextBoolean(),
                        random.nextLong(-1, 1L << 40), text(random), text(random)));
            }
            List<String> warnings = new ArrayList<>();
            for (int n = random.nextInt(3); n > 0; n--) {
                warnings.add(String.valueOf(text(random)));
            }
            tasks.add(new RunReport.Task(text(random), text(random), text(random), text(random), text(random),
                    random.nextLong(0, 100_000), random.nextLong(0, 1L << 40), tables, warnings, text(random)));
        }
        List<RunReport.Edge> edges = new ArrayList<>();
        for (int e = random.nextInt(3); e > 0; e--) {
            edges.add(new RunReport.Edge(text(random), text(random)));
        }
        return new RunReport(text(random), text(random), "run", text(random), text(random), text(random),
                random.nextLong(0, 1L << 32), text(random), tasks, edges);
    }

    /** Null, empty, or characters JSON escapes and characters it keeps. */
    private static String text(SplittableRandom random) {
        if (random.nextInt(6) == 0) {
            return null;
        }
        String alphabet = "ab Z09\"\\/\n\t\u0000\u001fé€\uD83D\uDE00<>&'";
        StringBuilder text = new StringBuilder();
        for (int n = random.nextInt(12); n > 0; n--) {
            int at = random.nextInt(alphabet.length());
            char c = alphabet.charAt(at);
            if (Character.isHighSurrogate(c)) {
                text.append(c).append(alphabet.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                text.append(c);
            }
        }
        return text.toString();
    }
}
