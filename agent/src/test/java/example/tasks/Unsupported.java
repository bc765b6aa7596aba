package example.tasks;

import dev.dag.Materialize;

/** A task declaring a return type dag cannot store: refused when a flow records a call of it. */
public final class Unsupported {
    private Unsupported() {
    }

    @Materialize(version = "1")
    public static String name() {
        return "not a table";
    }
}
