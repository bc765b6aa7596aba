package dev.dag.it.etl;

import dev.dag.Materialize;
import dev.dag.Stage;
import dev.dag.Table;

/**
 * An ETL program that ends with {@code System.exit}, run with the agent's {@code flow=} option. Stage {@code raw} is
 * committed by its block; stage {@code clean} is open until {@code main} returns, which it never does when
 * {@code -Detl.exit=main:<code>} exits at the end of {@code main}, or {@code -Detl.exit=task:<code>} inside the
 * second task of {@code clean}. Every value depends on {@code -Detl.generation}, so that versions are told apart.
 */
public final class ExitingEtl {
    private ExitingEtl() {
    }

    @Materialize(lazy = true)
    static Table numbers(int generation) {
        return Table.of("SELECT " + generation + " AS generation").name("numbers");
    }

    @Materialize(lazy = true, stage = "clean")
    static Table doubled(Table numbers) {
        return Table.of("SELECT generation * 2 AS doubled FROM " + numbers.ref()).name("doubled");
    }

    @Materialize(lazy = true, stage = "clean")
    static Table tripled(Table numbers) {
        exitIf("task");
        return Table.of("SELECT generation * 3 AS tripled FROM " + numbers.ref()).name("tripled");
    }

    private static void exitIf(String where) {
        String exit = System.getProperty("etl.exit", "");
        if (exit.startsWith(where + ":")) {
            System.out.println("EXITING " + exit);
            System.exit(Integer.parseInt(exit.substring(where.length() + 1)));
        }
    }

    public static void main(String[] args) {
        int generation = Integer.getInteger("etl.generation");
        Table numbers;
        try (Stage raw = new Stage("raw")) {
            numbers = numbers(generation);
        }
        doubled(numbers);
        tripled(numbers);
        exitIf("main");
    }
}
