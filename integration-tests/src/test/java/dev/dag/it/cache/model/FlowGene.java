package dev.dag.it.cache.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The random numbers a flow is made from, and how they become a {@link FlowSpec}. Every gene list gives a valid
 * flow (inputs are picked among earlier tasks, stages only grow), so a failing scenario can be cut down by hand:
 * dropping a task gene or lowering a number gives a smaller flow of the same sort. 0 means: a versioned task, no
 * inputs, no constants, one stage.
 */
record FlowGene(int stageCount, List<TaskGene> tasks) {
    /** One task: each field is a small non-negative number read modulo what it chooses from. */
    record TaskGene(int kind, int inputs, int pickA, int pickB, int nextStage, int constants, int constantA,
                    int valueA, int constantB, int valueB, int primaryKey, int shape) {
        static final int FIELDS = 12;

        static TaskGene of(List<Integer> n) {
            return new TaskGene(n.get(0), n.get(1), n.get(2), n.get(3), n.get(4), n.get(5), n.get(6), n.get(7),
                    n.get(8), n.get(9), n.get(10), n.get(11));
        }
    }

    FlowSpec toFlow() {
        List<TaskSpec> specs = new ArrayList<>();
        int stage = 0;
        for (int i = 0; i < tasks.size(); i++) {
            TaskGene gene = tasks.get(i);
            if (i > 0 && gene.nextStage() % 2 == 1) {
                stage = Math.min(stageCount - 1, stage + 1);
            }
            specs.add(task(i, gene, stage, specs));
        }
        return new FlowSpec(stageCount, specs);
    }

    private static TaskSpec task(int index, TaskGene gene, int stage, List<TaskSpec> earlier) {
        String name = "t" + index;
        TaskKind kind = TaskKind.values()[gene.kind() % TaskKind.values().length];
        List<String> inputs = new ArrayList<>();
        int inputCount = Math.min(index, gene.inputs() % 3);
        if (inputCount > 0) {
            inputs.add(earlier.get(gene.pickA() % index).name());
        }
        if (inputCount > 1) {
            inputs.add(earlier.get(gene.pickB() % index).name());
        }
        List<Constant> constants = new ArrayList<>();
        if (gene.constants() % 3 > 0) {
            constants.add(Constant.of(gene.constantA(), gene.valueA()));
        }
        if (gene.constants() % 3 > 1) {
            constants.add(Constant.of(gene.constantB(), gene.valueB()));
        }
        PrimaryKey primaryKey = PrimaryKey.values()[gene.primaryKey() % PrimaryKey.values().length];
        return new TaskSpec(name, kind, stage, 1, constants, inputs, tables(name, kind, inputCount, gene.shape()),
                primaryKey);
    }

    /** The tables of a task: one for the plain kinds; materialized ones first for imperative and group tasks. */
    private static List<SqlTable> tables(String name, TaskKind kind, int inputCount, int shape) {
        List<Source> inputs = new ArrayList<>();
        for (int i = 0; i < inputCount; i++) {
            inputs.add(Source.input(i));
        }
        List<Source> firstInputOnly = inputs.isEmpty() ? List.of() : List.of(Source.input(0));
        List<SqlTable> tables = new ArrayList<>();
        switch (kind) {
            case VERSIONED, AUTO, LAZY -> tables.add(table(name, inputs, true, shape, 0));
            case IMPERATIVE -> {
                tables.add(table(name + "_a", inputs, true, shape, 0));
                boolean twoSteps = shape % 2 == 1;
                if (twoSteps) {
                    // the second query reads the first table, or only the inputs: then it depends on the first
                    // table through the order of materialize() calls alone (docs/imperative.md, rule 3)
                    tables.add(table(name + "_b", (shape / 2) % 2 == 0 ? List.of(Source.local(0)) : inputs, false,
                            shape, 1));
                }
                List<Source> last = twoSteps && (shape / 4) % 2 == 1 ? List.of(Source.local(0), Source.local(1))
                        : List.of(Source.local(tables.size() - 1));
                tables.add(table(name, last, false, shape, 2));
            }
            case GROUP -> {
                tables.add(table(name + "_a", inputs, true, shape, 0));
                tables.add(table(name + "_b", (shape / 2) % 2 == 0 ? firstInputOnly : List.of(), false, shape, 1));
                tables.add(table(name, List.of(Source.local(0), Source.local(1)), false, shape, 2));
            }
        }
        return tables;
    }

    private static SqlTable table(String name, List<Source> reads, boolean withConstants, int shape, int position) {
        int offset = (shape + 7 * position) % 20;
        int multiplier = 1 + (shape / 3 + position) % 2;
        return new SqlTable(name, reads, multiplier, offset, withConstants);
    }
}
