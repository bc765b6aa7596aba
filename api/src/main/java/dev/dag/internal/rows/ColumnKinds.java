package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.Column;
import dev.dag.internal.store.dialect.ColumnType;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The type of a column of maps, from the values of every row: the column type of their Java type, or where they
 * differ, the type that holds each of them unchanged: integers widen to the widest integer, integers and decimals
 * to a decimal wide enough for all, integers and floating-point values to DOUBLE (a long without an exact double
 * is refused when it is stored). Any other mix is refused, naming both types and their rows.
 */
final class ColumnKinds {
    private static final List<ColumnType> INTEGERS = List.of(ColumnType.SMALLINT, ColumnType.INTEGER,
            ColumnType.BIGINT);
    private static final Set<ColumnType> DECIMAL_VALUES = EnumSet.of(ColumnType.SMALLINT, ColumnType.INTEGER,
            ColumnType.BIGINT, ColumnType.DECIMAL);
    private static final Set<ColumnType> NUMBERS = EnumSet.of(ColumnType.SMALLINT, ColumnType.INTEGER,
            ColumnType.BIGINT, ColumnType.DECIMAL, ColumnType.REAL, ColumnType.DOUBLE);

    private final String column;
    private final Map<ColumnType, Seen> firstOfType = new EnumMap<>(ColumnType.class);
    private final DecimalDigits digits;
    private Seen smallestInteger;
    private Seen largestInteger;

    /** The first value of a column type in the column, and its row. */
    private record Seen(long row, Object value) {
    }

    ColumnKinds(String column) {
        this.column = column;
        this.digits = new DecimalDigits(column);
    }

    /** Counts {@code value} (not null, not an Optional) of row {@code row}. */
    void add(Object value, long row) {
        ColumnType type = StorableTypes.columnType(value.getClass());
        if (type == null) {
            throw ValueRefusal.ofValue(value, "it is a " + value.getClass().getName() + ", which has no column type",
                    StorableTypes.remedyFor(value.getClass())).at(column, row);
        }
        firstOfType.putIfAbsent(type, new Seen(row, value));
        if (type == ColumnType.DECIMAL) {
            digits.add(value, row);
        } else if (INTEGERS.contains(type)) {
            // an integer's digits count only if the column becomes a decimal: keep the two extremes for then
            long number = ((Number) value).longValue();
            if (smallestInteger == null || number < ((Number) smallestInteger.value).longValue()) {
                smallestInteger = new Seen(row, value);
            }
            if (largestInteger == null || number > ((Number) largestInteger.value).longValue()) {
                largestInteger = new Seen(row, value);
            }
        }
    }

    /** The column for the values counted: {@code declared} when not null, else inferred (text if all are null). */
    Column column(Column declared) {
        Set<ColumnType> types = firstOfType.keySet();
        if (declared != null) {
            types.forEach(type -> declaredFor(declared, type, firstOfType.get(type).value.getClass()));
            return declared;
        }
        if (types.isEmpty()) {
            return new Column(column, ColumnType.VARCHAR);
        }
        if (types.size() == 1 && !types.contains(ColumnType.DECIMAL)) {
            return new Column(column, types.iterator().next());
        }
        if (types.size() > 1 && !NUMBERS.containsAll(types)) {
            List<ColumnType> byRow = types.stream()
                    .sorted(Comparator.comparingLong(type -> firstOfType.get(type).row)).toList();
            ColumnType first = byRow.get(0);
            // numbers mix with each other: a number conflicts with the first type that is not one
            ColumnType conflicting = NUMBERS.contains(first)
                    ? byRow.stream().filter(type -> !NUMBERS.contains(type)).findFirst().orElseThrow() : byRow.get(1);
            throw mixed(first, conflicting);
        }
        boolean floating = types.contains(ColumnType.REAL) || types.contains(ColumnType.DOUBLE);
        if (types.contains(ColumnType.DECIMAL)) {
            if (floating) {
                throw mixed(ColumnType.DECIMAL, types.contains(ColumnType.DOUBLE) ? ColumnType.DOUBLE
                        : ColumnType.REAL);
            }
            addIntegerDigits();
            return digits.column();
        }
        if (floating) {
            return new Column(column, ColumnType.DOUBLE);
        }
        ColumnType widest = INTEGERS.stream().filter(types::contains).reduce((narrower, wider) -> wider)
                .orElseThrow();
        return new Column(column, widest);
    }

    /**
     * {@code declared} for values of {@code javaType} (whose column type is {@code type}).
     *
     * @throws ValueRefusal unless the values are integers or decimals
     */
    static Column declaredFor(Column declared, ColumnType type, Class<?> javaType) {
        if (!DECIMAL_VALUES.contains(type)) {
            throw ValueRefusal.ofColumn(declared.name(), "it is declared DECIMAL(" + declared.precision() + ", "
                    + declared.scale() + ") with Table.decimal, and holds " + javaType.getName() + " values",
                    "Declare decimals only for columns of BigDecimal, BigInteger or integer values");
        }
        return declared;
    }

    private void addIntegerDigits() {
        if (smallestInteger != null) {
            digits.add(smallestInteger.value, smallestInteger.row);
            digits.add(largestInteger.value, largestInteger.row);
        }
    }

    private ValueRefusal mixed(ColumnType first, ColumnType second) {
        Seen one = firstOfType.get(first);
        Seen other = firstOfType.get(second);
        return ValueRefusal.ofValue(other.value, "it is " + article(other.value) + ", and row index " + one.row
                + " holds " + article(one.value) + ": no column type holds both unchanged", "Give the column values "
                + "of one type (integers mix with each other, with BigDecimal or with floating-point values, and "
                + "nothing else mixes)").at(column, other.row);
    }

    private static String article(Object value) {
        Class<?> type = value instanceof Enum<?> constant ? constant.getDeclaringClass() : value.getClass();
        String name = type.getSimpleName().isEmpty() ? type.getName() : type.getSimpleName();
        return ("AEIOU".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }
}
