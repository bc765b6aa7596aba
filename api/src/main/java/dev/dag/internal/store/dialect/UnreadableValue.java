package dev.dag.internal.store.dialect;

/**
 * A value a {@link ColumnReader} cannot give exactly as any Java type, such as an infinite date or timestamp or the
 * time 24:00:00: the
 * row reader names its column and row and refuses the read, rather than hand on a value that is not in the table.
 */
public final class UnreadableValue extends RuntimeException {
    private final String value;
    private final String remedy;

    public UnreadableValue(String value, String problem, String remedy) {
        super(problem);
        this.value = value;
        this.remedy = remedy;
    }

    /** An infinite date or timestamp ({@code value} is "infinity" or "-infinity"). */
    public static UnreadableValue infinite(String value, String type) {
        return new UnreadableValue(value, "an infinite " + type + " has no Java value",
                "Replace it in SQL before reading (e.g. CASE WHEN isfinite(col) THEN col END), or read the column "
                        + "as text");
    }

    /** The time 24:00:00, which both databases allow as the end of a day and {@code LocalTime} does not hold. */
    public static UnreadableValue endOfDay() {
        return new UnreadableValue("24:00:00", "the time 24:00:00 (the end of a day) has no Java LocalTime",
                "Replace it in SQL before reading (e.g. with 23:59:59.999999), or read the column as text");
    }

    /** PostgreSQL's numeric NaN or infinity ({@code value} as the driver prints it), which no BigDecimal holds. */
    public static UnreadableValue notANumber(String value) {
        return new UnreadableValue(value, "a numeric " + value + " has no Java BigDecimal",
                "Replace it in SQL before reading (e.g. NULLIF(col, 'NaN')), or cast the column to double precision");
    }

    /** The value as the database prints it. */
    public String value() {
        return value;
    }

    /** What to do instead. */
    public String remedy() {
        return remedy;
    }
}
