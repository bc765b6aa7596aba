package dev.dag.bench.macro;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Collects the rows and notes of a run and prints them as one aligned table. */
public final class Report {
    private static final String[] HEADER = {"scenario", "db", "dag (median)", "baseline (median)", "ratio", "goal",
            "verdict"};
    private final List<ReportRow> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    /** Adds a row. */
    public void add(ReportRow row) {
        rows.add(row);
    }

    /** Adds a note printed under the table. */
    public void note(String note) {
        notes.add(note);
    }

    /** The rows added, in order. */
    public List<ReportRow> rows() {
        return List.copyOf(rows);
    }

    /** Prints the table and the notes. */
    public void print(PrintStream out) {
        List<String[]> cells = new ArrayList<>();
        cells.add(HEADER);
        rows.forEach(row -> cells.add(new String[] {row.scenario(), row.database(), row.dag(), row.baseline(),
                row.ratio(), row.goal(), row.verdict()}));
        int[] widths = new int[HEADER.length];
        cells.forEach(line -> {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        });
        for (int r = 0; r < cells.size(); r++) {
            StringBuilder line = new StringBuilder("| ");
            for (int i = 0; i < widths.length; i++) {
                line.append(String.format("%-" + widths[i] + "s | ", cells.get(r)[i]));
            }
            out.println(line.toString().stripTrailing());
            if (r == 0) {
                StringBuilder rule = new StringBuilder("|");
                for (int width : widths) {
                    rule.append("-".repeat(width + 2)).append('|');
                }
                out.println(rule);
            }
        }
        if (!notes.isEmpty()) {
            out.println();
            notes.forEach(note -> out.println("- " + note));
        }
    }
}
