package example.tasks;

import dev.dag.Materialize;
import dev.dag.Table;
import java.util.concurrent.atomic.AtomicInteger;

/** An instance task: the receiver's state (the factor) is part of what the body uses. */
public final class Pricing {
    private final int factor;
    /** Counts body runs for the test; transient: it does not decide what the task computes, so no key part. */
    public final transient AtomicInteger runs = new AtomicInteger();

    public Pricing(int factor) {
        this.factor = factor;
    }

    @Materialize(version = "1")
    public Table priced(Table orders) {
        runs.incrementAndGet();
        return Table.of("SELECT id, qty * " + factor + " AS amount FROM " + orders.ref() + " WHERE qty > 0")
                .name("priced");
    }
}
