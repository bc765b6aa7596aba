package dev.dag.it.cache;

import static dev.dag.it.support.Frames.assertTopFrameIs;
import static dev.dag.it.support.Frames.render;
import static dev.dag.it.support.Messages.assertMessageContains;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dag.DefinitionException;
import dev.dag.Flow;
import dev.dag.Freshness;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.it.support.Flows;
import dev.dag.it.support.Frames;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;

/**
 * A freshness function that throws fails the run at the function's own line, with its exception shown and kept as
 * the cause; only a Freshness class dag cannot create gets the hint about its constructor.
 */
class FreshnessFailureIT {
    static volatile IllegalStateException thrown;
    static volatile int throwingLine;

    static final class Offline implements Freshness {
        @Override
        public Object fingerprint(Object... args) {
            throwingLine = Frames.nextLine();
            thrown = new IllegalStateException("the sensor feed is offline");
            throw thrown;
        }
    }

    static final class NoDefaultConstructor implements Freshness {
        NoDefaultConstructor(String feed) {
        }

        @Override
        public Object fingerprint(Object... args) {
            return 1;
        }
    }

    @Materialize(version = "1", freshness = Offline.class)
    static Table readings() {
        return Table.of("SELECT 1 AS reading");
    }

    @Materialize(version = "1", freshness = NoDefaultConstructor.class)
    static Table sensors() {
        return Table.of("SELECT 1 AS sensor");
    }

    @OnEachDatabase
    void aThrowingFreshnessFunctionFailsAtItsLineShowingItsException(TestDatabase db) {
        Flow flow = Flows.oneStage("freshness", "raw", FreshnessFailureIT::readings);

        DefinitionException e = assertThrows(DefinitionException.class, () -> flow.run(db.options()));

        assertMessageContains(e, "'readings'", "'raw'", Offline.class.getName(),
                "java.lang.IllegalStateException: the sensor feed is offline");
        assertFalse(e.getMessage().contains("constructor"), e.getMessage());
        assertFalse(e.getMessage().contains("Jackson"), e.getMessage());
        assertSame(thrown, e.getCause(), render(e));
        assertTopFrameIs(Offline.class, "fingerprint", throwingLine, e);
    }

    @OnEachDatabase
    void aFreshnessClassWithoutANoArgumentConstructorIsToldSo(TestDatabase db) {
        Flow flow = Flows.oneStage("freshness", "raw", FreshnessFailureIT::sensors);

        DefinitionException e = assertThrows(DefinitionException.class, () -> flow.run(db.options()));

        assertMessageContains(e, "'sensors'", NoDefaultConstructor.class.getName(), "no-argument constructor");
    }
}
