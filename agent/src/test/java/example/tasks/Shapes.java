package example.tasks;

import dev.dag.Materialize;
import dev.dag.Table;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Task methods of every shape the weaver must handle: own try/catch/finally, two-slot parameters, loops and
 * lambdas, an instance task, records, lists, void, primitives and checked exceptions. Counters tell a test
 * which bodies ran.
 */
public final class Shapes {
    /** Two outputs of one task. */
    public record Split(Table small, Table large) {
    }

    public static final AtomicInteger CAUGHT = new AtomicInteger();
    public static final AtomicInteger FINALLY_RUNS = new AtomicInteger();
    public static final AtomicInteger VOID_RUNS = new AtomicInteger();

    private final String prefix;

    public Shapes(String prefix) {
        this.prefix = prefix;
    }

    /** The body's own handlers must keep precedence over the woven one. */
    @Materialize(version = "1")
    public static Table guarded(Table orders) {
        try {
            try {
                Integer.parseInt("not a number");
            } catch (NumberFormatException e) {
                CAUGHT.incrementAndGet();
            }
            return Table.of("SELECT id, qty FROM " + orders.ref()).name("guarded");
        } finally {
            FINALLY_RUNS.incrementAndGet();
        }
    }

    /** Long and double parameters take two slots each; the body loops and uses lambdas. */
    @Materialize(version = "1")
    public static Table wide(long fromId, Table orders, double factor, int copies) {
        StringBuilder columns = new StringBuilder("id");
        for (int i = 0; i < copies; i++) {
            columns.append(", qty * ").append(factor).append(" AS q").append(i);
        }
        IntFunction<String> label = i -> "'" + i + "'";
        String labels = IntStream.range(0, copies).mapToObj(label).collect(Collectors.joining(" || "));
        return Table.of("SELECT " + columns + ", " + labels + " AS labels FROM " + orders.ref() + " WHERE id >= "
                + fromId).name("wide");
    }

    /** An instance task with a two-slot parameter after the receiver. */
    @Materialize(version = "1")
    public Table tagged(Table orders, long limit) {
        return Table.of("SELECT '" + prefix + "' || id AS tag FROM " + orders.ref() + " ORDER BY id LIMIT " + limit)
                .name("tagged");
    }

    @Materialize(version = "1")
    public static Split split(Table orders, int threshold) {
        return new Split(Table.of("SELECT * FROM " + orders.ref() + " WHERE qty < " + threshold).name("small"),
                Table.of("SELECT * FROM " + orders.ref() + " WHERE qty >= " + threshold).name("large"));
    }

    @Materialize(version = "1", nout = 2)
    public static List<Table> halves(Table orders) {
        return List.of(Table.of("SELECT * FROM " + orders.ref() + " WHERE id <= 1").name("first_half"),
                Table.of("SELECT * FROM " + orders.ref() + " WHERE id > 1").name("second_half"));
    }

    @Materialize(version = "1")
    public static void sideEffect(Table orders) {
        VOID_RUNS.incrementAndGet();
    }

    /** Throws a checked exception through a finally block. */
    @Materialize(version = "1")
    public static Table failing(Table orders) throws IOException {
        try {
            throw new IOException("disk gone");
        } finally {
            FINALLY_RUNS.incrementAndGet();
        }
    }

    /** Not a storable task, but woven all the same: plain calls must keep their primitive result. */
    @Materialize(version = "1")
    public static long sum(int a, long b, double c, boolean negate) {
        long sum = a + b + (long) c;
        return negate ? -sum : sum;
    }

    /** A loop at the very start of the body: a frame at its first instruction. */
    @Materialize(version = "1")
    public static int countDown(int from) {
        while (from > 0) {
            from--;
        }
        return from;
    }
}
