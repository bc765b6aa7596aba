package dev.dag.it.types;

import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.Frames;
import dev.dag.it.support.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Rows written the way a user writes them, by a task returning {@code Table.of(rows)} in stage "w", then read back
 * by a task of stage "r" through its {@code inputType} and, after the run, through {@code result.rows}. Tasks that
 * read as a record type live with the tests (an {@code inputType} is a constant); they hand what they read to
 * {@link #seen(Object)}.
 */
final class RoundTrip {
    /** The line of the {@code return} in {@link #written()}, where a refused write is reported. */
    static final AtomicInteger returnLine = new AtomicInteger();

    private static volatile List<?> rows = List.of();
    private static volatile UnaryOperator<Table> declarations = UnaryOperator.identity();
    private static volatile Object readByTask;

    private RoundTrip() {
    }

    /** A flow run: its result, the placeholder of the written table, and what the reading task read. */
    record Run(Result result, Table table, Object readByTask) {
        /** The written table as {@code type}, read after the run. */
        <R> List<R> rows(Class<R> type) {
            return result.rows(table, type);
        }
    }

    @Materialize
    static Table written() {
        returnLine.set(Frames.nextLine());
        return declarations.apply(Table.of(rows).name("t"));
    }

    @Materialize(inputType = Map.class)
    static void asMaps(Table t) {
        seen(t.obj());
    }

    /** For reading tasks: what they read. */
    static void seen(Object rows) {
        readByTask = rows;
    }

    /** Writes {@code written} and has {@code reader} read it in the next stage; throws what the run throws. */
    static Run run(TestDatabase db, List<?> written, Consumer<Table> reader) {
        return run(db, written, UnaryOperator.identity(), reader);
    }

    /**
     * {@link #run(TestDatabase, List, Consumer)} with {@code declare} applied to the written table. Runs one at a
     * time: the rows a task saw are kept in a static field, so two runs at once would swap each other's rows.
     */
    static Run run(TestDatabase db, List<?> written, UnaryOperator<Table> declare, Consumer<Table> reader) {
        synchronized (RoundTrip.class) {
            return runAlone(db, written, declare, reader);
        }
    }

    private static Run runAlone(TestDatabase db, List<?> written, UnaryOperator<Table> declare,
                                Consumer<Table> reader) {
        rows = written;
        declarations = declare;
        readByTask = null;
        Table[] table = new Table[1];
        Flow flow = new Flow("types");
        try (flow) {
            try (Stage write = new Stage("w")) {
                table[0] = written();
            }
            try (Stage read = new Stage("r")) {
                reader.accept(table[0]);
            }
        }
        try {
            Result result = flow.run(db.options());
            return new Run(result, table[0], readByTask);
        } finally {
            rows = List.of();
            declarations = UnaryOperator.identity();
        }
    }
}
