package dev.dag.internal.rows;

import dev.dag.internal.store.dialect.Column;
import java.util.Iterator;
import java.util.List;

/**
 * In-memory rows ready for a bulk load: typed columns, and the values of each row in column order, each null or of
 * its column type's {@code valueType()}. The iterator throws a {@link ValueRefusal} for a value that the column
 * would not hold exactly.
 */
public record RowSource(List<Column> columns, Iterator<Object[]> rows) {
}
