package dev.dag.internal.engine.define;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DefinitionException;
import dev.dag.Materialize;
import java.lang.reflect.Method;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A {@code tasks:} entry of the configuration, as the agent hands it over, makes a task like an annotation. */
class TaskSpecTest {
    static int ordersInSource = 3;

    /** A legacy step, declared a task by configuration. */
    static String orders() {
        return "SELECT 1";
    }

    /** The entry's freshness: how many orders the source holds. */
    static Object sourceRows() {
        return ordersInSource;
    }

    static Object withArguments(Object[] args) {
        return args.length;
    }

    private static Method orders;

    private static Method legacyStep() throws NoSuchMethodException {
        return orders != null ? orders : (orders = TaskSpecTest.class.getDeclaredMethod("orders"));
    }

    @Test
    void anAutoVersionFreshnessAndIgnoredFieldsAreRead() throws Exception {
        TaskSpec spec = TaskSpec.parse(legacyStep(), "version=auto;lazy=false;sql=true;freshness="
                + TaskSpecTest.class.getName() + "#sourceRows;ignore=[connection, pool]");

        assertEquals(Materialize.AUTO, spec.version());
        assertTrue(spec.hasFreshness());
        assertEquals(3, spec.freshness().fingerprint(new Object[0]));
        ordersInSource = 4;
        assertEquals(4, spec.freshness().fingerprint(new Object[0]), "asked anew on every run");
        assertEquals(Set.of("connection", "pool"), spec.ignoredFields());
    }

    @Test
    void aFreshnessMethodMayTakeTheTasksArguments() throws Exception {
        TaskSpec spec = TaskSpec.parse(legacyStep(), "freshness=" + TaskSpecTest.class.getName() + "#withArguments");

        assertEquals(2, spec.freshness().fingerprint(new Object[] {"a", "b"}));
    }

    @Test
    void anEntryWithoutFreshnessHasNone() throws Exception {
        TaskSpec spec = TaskSpec.parse(legacyStep(), "version=1");

        assertFalse(spec.hasFreshness());
        assertEquals(Set.of(), spec.ignoredFields());
    }

    @Test
    void aFreshnessThatCannotBeFoundIsRefusedNamingTheEntry() throws Exception {
        DefinitionException missing = assertThrows(DefinitionException.class, () -> TaskSpec.parse(legacyStep(),
                "freshness=" + TaskSpecTest.class.getName() + "#noSuchMethod"));
        DefinitionException malformed = assertThrows(DefinitionException.class,
                () -> TaskSpec.parse(legacyStep(), "freshness=sourceRows"));

        assertTrue(missing.getMessage().contains("no static method noSuchMethod()"), missing.getMessage());
        assertTrue(malformed.getMessage().contains("fully.qualified.Class#method"), malformed.getMessage());
    }

    @Test
    void anUnknownKeyIsRefusedListingTheKnownOnes() {
        DefinitionException refused = assertThrows(DefinitionException.class,
                () -> TaskSpec.parse(legacyStep(), "verison=1"));

        assertTrue(refused.getMessage().contains("unknown key 'verison'"), refused.getMessage());
        assertTrue(refused.getMessage().contains("freshness, ignore"), refused.getMessage());
    }
}
