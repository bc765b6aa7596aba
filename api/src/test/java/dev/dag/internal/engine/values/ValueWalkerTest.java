package dev.dag.internal.engine.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The one walk over task arguments: what it enters, what it rebuilds, and what it leaves alone. */
class ValueWalkerTest {
    /** A value that is not a container: handed to the leaf function whole. */
    static final class Leaf {
        private final String name;

        Leaf(String name) {
            this.name = name;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Leaf leaf && leaf.name.equals(name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    record Holder(Object inside, int count) {
    }

    /** Replaces every {@code "x"} by {@code "X"}. */
    private static final UnaryOperator<Object> UPPER_X = value -> "x".equals(value) ? "X" : value;

    @Test
    void leavesInsideListsSetsMapValuesAndRecordsAreReplaced() {
        Object walked = ValueWalker.map(List.of(Set.of("x"), Map.of("k", "x"), new Holder("x", 1)),
                UPPER_X);

        assertEquals(List.of(Set.of("X"), Map.of("k", "X"), new Holder("X", 1)), walked);
    }

    @Test
    void aSetStaysASetSoThatATaskDeclaringSetGetsOne() {
        Object walked = ValueWalker.map(new LinkedHashSet<>(List.of("x", "y")), UPPER_X);

        assertInstanceOf(Set.class, walked);
        assertEquals(List.of("X", "y"), new ArrayList<>((Set<?>) walked), "the set keeps its order");
    }

    @Test
    void containersWithNothingToReplaceAreHandedBackAsTheyAre() {
        TreeSet<String> sorted = new TreeSet<>(List.of("a", "b"));
        Holder holder = new Holder(List.of("a"), 2);

        assertSame(sorted, ValueWalker.map(sorted, UPPER_X));
        assertSame(holder, ValueWalker.map(holder, UPPER_X));
    }

    @Test
    void mapKeysAreNotWalked() {
        Object walked = ValueWalker.map(Map.of("x", "x"), UPPER_X);

        assertEquals(Map.of("x", "X"), walked);
    }

    @Test
    void recordsAreEnteredNotHandedOverWhole() {
        List<Object> seen = new ArrayList<>();

        ValueWalker.visit(new Holder("a", 1), seen::add);

        assertEquals(List.of("a", 1), seen);
    }

    @Test
    void visitSeesEveryLeafInOrder() {
        List<Object> seen = new ArrayList<>();

        ValueWalker.visit(List.of(new Leaf("a"), List.of(new Holder(new Leaf("b"), 7))), seen::add);

        assertEquals(List.of(new Leaf("a"), new Leaf("b"), 7), seen);
    }

    @Test
    void aContainerThatHoldsItselfIsRefusedNotWalkedForever() {
        List<Object> self = new ArrayList<>();
        self.add(List.of(self));

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ValueWalker.map(self, UPPER_X));

        assertEquals("a ArrayList that contains itself", error.getMessage());
    }

    @Test
    void aValueHeldTwiceWithoutACycleIsFine() {
        List<String> shared = List.of("x");

        assertEquals(List.of(List.of("X"), List.of("X")), ValueWalker.map(List.of(shared, shared), UPPER_X));
    }

    @Test
    void arraysOfObjectsAreEnteredAndRebuiltWithTheirComponentType() {
        Leaf[] leaves = {new Leaf("a"), new Leaf("b")};

        Object mapped = ValueWalker.map(leaves, leaf -> new Leaf("x"));

        assertInstanceOf(Leaf[].class, mapped);
        assertEquals(List.of(new Leaf("x"), new Leaf("x")), List.of((Leaf[]) mapped));
        assertSame(leaves, ValueWalker.map(leaves, UnaryOperator.identity()), "nothing replaced: the same array");
    }

    @Test
    void aCopyHoldsTheContainersAsTheyWereWhateverChangesThemLater() {
        Leaf leaf = new Leaf("a");
        List<Object> inner = new ArrayList<>(List.of(leaf));
        TreeSet<String> sorted = new TreeSet<>(java.util.Comparator.reverseOrder());
        sorted.addAll(List.of("a", "b"));
        Object[] array = {inner};
        Holder holder = new Holder(new ArrayList<>(List.of(inner, sorted, array)), 1);

        Holder copy = (Holder) ValueWalker.copy(holder);
        inner.add(new Leaf("later"));
        sorted.add("c");
        array[0] = "replaced";

        List<?> parts = (List<?>) copy.inside();
        assertEquals(List.of(leaf), parts.get(0));
        assertSame(leaf, ((List<?>) parts.get(0)).get(0), "leaves are kept, not copied");
        assertEquals(List.of("b", "a"), new ArrayList<>((Set<?>) parts.get(1)), "a sorted set stays sorted alike");
        assertEquals(List.of(leaf), ((List<?>) ((Object[]) parts.get(2))[0]));
    }
}
