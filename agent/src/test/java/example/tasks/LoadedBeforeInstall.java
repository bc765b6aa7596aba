package example.tasks;

import dev.dag.Materialize;
import dev.dag.Table;
import java.util.concurrent.atomic.AtomicInteger;

/** A task class that a test loads, by calling it plainly, before the agent is installed. */
public final class LoadedBeforeInstall {
    public static final AtomicInteger RUNS = new AtomicInteger();

    private LoadedBeforeInstall() {
    }

    @Materialize(version = "1")
    public static Table early() {
        RUNS.incrementAndGet();
        return Table.of("SELECT 1 AS a").name("early");
    }
}
