package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The pipeline of {@link ExitRaceIT}: one task that writes table {@code first}, waits until the file it is given
 * exists, then writes table {@code second} and returns {@code third}, printing a line after each step, so that a
 * test can make the JVM exit between the two writes.
 *
 * <p>As a program (in a child JVM) it runs the flow once. Arguments: url, user, password, schema prefix, the file
 * to wait for.
 */
public final class ExitRacePipeline {
    static final String STAGE = "racing";
    static final String FIRST_WRITTEN = "dag-it: first written";
    static final String SECOND_WRITTEN = "dag-it: second written";
    static final String SECOND_REFUSED = "dag-it: second refused: ";

    private ExitRacePipeline() {
    }

    @Materialize
    static Table writer(String go) {
        Table.of("SELECT 1 AS a").name("first").materialize();
        System.out.println(FIRST_WRITTEN);
        while (!Files.exists(Path.of(go))) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        try {
            Table.of("SELECT 2 AS a").name("second").materialize();
            System.out.println(SECOND_WRITTEN);
        } catch (RuntimeException e) {
            System.out.println(SECOND_REFUSED + e.getMessage());
        }
        return Table.of("SELECT 3 AS a").name("third");
    }

    static Flow flow(Path go) {
        Flow flow = new Flow("exit_race");
        try (flow) {
            try (Stage racing = new Stage(STAGE)) {
                writer(go.toString());
            }
        }
        return flow;
    }

    public static void main(String[] args) {
        try (ConfigContext config = ConfigContext.builder().instance("exit-race").url(args[0]).user(args[1])
                .password(args[2]).schemaPrefix(args[3]).build()) {
            flow(Path.of(args[4])).run(RunOptions.of(config));
        }
    }
}
