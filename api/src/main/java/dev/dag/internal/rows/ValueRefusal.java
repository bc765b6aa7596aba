package dev.dag.internal.rows;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Rows dag refuses to store or to read because a value would not arrive exactly: names the column, the row index
 * (0-based, in the list written or the result read) and the value where they are known, what is wrong and what to
 * do. The engine turns it into a {@code DefinitionException} that also names the task, table and stage.
 */
public final class ValueRefusal extends RuntimeException {
    private static final long NO_ROW = -1;

    private final String column;
    private final long row;
    private final String value;
    private final String problem;
    private final String remedy;

    private ValueRefusal(String column, long row, String value, String problem, String remedy) {
        this.column = column;
        this.row = row;
        this.value = value;
        this.problem = problem;
        this.remedy = remedy;
    }

    /** A refusal of {@code value}; the column and row are added by {@link #at} where they are known. */
    public static ValueRefusal ofValue(Object value, String problem, String remedy) {
        return new ValueRefusal(null, NO_ROW, Printable.of(value), problem, remedy);
    }

    /** A refusal of a value the database printed as {@code printed} (shown as it is, not quoted). */
    public static ValueRefusal ofPrinted(String printed, String problem, String remedy) {
        return new ValueRefusal(null, NO_ROW, printed, problem, remedy);
    }

    /** A refusal of a whole column. */
    public static ValueRefusal ofColumn(String column, String problem, String remedy) {
        return new ValueRefusal(column, NO_ROW, null, problem, remedy);
    }

    /** A refusal of a whole row. */
    public static ValueRefusal ofRow(long row, String problem, String remedy) {
        return new ValueRefusal(null, row, null, problem, remedy);
    }

    /** A refusal of the rows as a whole. */
    public static ValueRefusal of(String problem, String remedy) {
        return new ValueRefusal(null, NO_ROW, null, problem, remedy);
    }

    /** This refusal in column {@code column} of row {@code row}. */
    public ValueRefusal at(String column, long row) {
        return new ValueRefusal(column, row, value, problem, remedy);
    }

    /** The column refused, when the refusal is about one. */
    public Optional<String> column() {
        return Optional.ofNullable(column);
    }

    /** The index of the row refused, when the refusal is about one. */
    public OptionalLong row() {
        return row == NO_ROW ? OptionalLong.empty() : OptionalLong.of(row);
    }

    /** "column 'c', row index 3, value 1.5: problem. Remedy" for the parts that are known. */
    @Override
    public String getMessage() {
        StringBuilder text = new StringBuilder();
        if (column != null) {
            text.append("column '").append(Printable.name(column)).append('\'');
        }
        if (row != NO_ROW) {
            text.append(text.isEmpty() ? "" : ", ").append("row index ").append(row);
        }
        if (value != null) {
            text.append(text.isEmpty() ? "" : ", ").append("value ").append(value);
        }
        return text.append(text.isEmpty() ? "" : ": ").append(problem).append(". ").append(remedy).toString();
    }
}
