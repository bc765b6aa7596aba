package dev.dag.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What a command prints: plain text for people (aligned columns), or one JSON document with {@code --json}. */
final class Output {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).enable(SerializationFeature.INDENT_OUTPUT);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private final PrintWriter out;
    private final boolean json;

    Output(PrintWriter out, boolean json) {
        this.out = out;
        this.json = json;
    }

    boolean json() {
        return json;
    }

    /** Prints {@code value} as JSON (records, lists and maps of them). */
    void json(Object value) {
        try {
            out.println(JSON.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("dag bug: cannot print " + value.getClass().getName() + " as JSON", e);
        }
    }

    /** A JSON object of names and values in this order: {@code fields("run", id, "tasks", tasks)}. */
    static Map<String, Object> fields(Object... namesAndValues) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields;
    }

    void line(String text) {
        out.println(text);
    }

    /** Prints rows as columns under {@code header}, two spaces apart; columns in {@code numeric} align right. */
    void table(String[] header, List<String[]> rows, Set<Integer> numeric) {
        List<String[]> lines = new ArrayList<>();
        lines.add(header);
        lines.addAll(rows);
        int[] widths = new int[header.length];
        lines.forEach(line -> {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        });
        for (String[] line : lines) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                String padding = " ".repeat(widths[i] - line[i].length());
                text.append("  ").append(numeric.contains(i) ? padding + line[i] : line[i] + padding);
            }
            out.println(text.toString().stripTrailing());
        }
    }

    /** A time as people read it, in this machine's zone ("-" for none). */
    static String time(Instant instant) {
        return instant == null ? "-" : TIME.format(instant);
    }

    static String number(long value) {
        return String.format("%,d", value);
    }
}
