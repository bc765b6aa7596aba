package dev.dag.it.cache.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One table a task writes, as a small deterministic query: rows {@code k = 1, 2, 3} with a value {@code v}
 * computed from its sources (up to two, joined on {@code k}), a multiplier, an offset and, for the task's
 * first table, one term per constant argument. Values stay below 997, so no chain of tasks overflows.
 */
record SqlTable(String name, List<Source> reads, int multiplier, int offset, boolean withConstants) {
    SqlTable {
        reads = List.copyOf(reads);
    }

    /** A piece of the SQL text: fixed text, a term of constant {@code index}, or a reference to a source. */
    sealed interface Piece {
        record Text(String text) implements Piece {
        }

        record Term(int constant) implements Piece {
        }

        record Ref(Source source) implements Piece {
        }
    }

    SqlTable withOffset(int newOffset) {
        return new SqlTable(name, reads, multiplier, newOffset, withConstants);
    }

    /** The query as pieces; {@code constants} is how many constant arguments the task has. */
    List<Piece> pieces(int constants) {
        List<Piece> pieces = new ArrayList<>();
        String value = switch (reads.size()) {
            case 0 -> "(k * " + multiplier + " + " + offset;
            case 1 -> "(v * " + multiplier + " + " + offset;
            default -> "(x.v * " + multiplier + " + y.v + " + offset;
        };
        pieces.add(new Piece.Text("SELECT " + (reads.size() == 2 ? "x.k" : "k") + ", " + value));
        for (int i = 0; withConstants && i < constants; i++) {
            pieces.add(new Piece.Text(" + "));
            pieces.add(new Piece.Term(i));
        }
        pieces.add(new Piece.Text(") % 997 AS v FROM "));
        switch (reads.size()) {
            case 0 -> pieces.add(new Piece.Text("(VALUES (1), (2), (3)) AS t(k)"));
            case 1 -> pieces.add(new Piece.Ref(reads.get(0)));
            default -> {
                pieces.add(new Piece.Ref(reads.get(0)));
                pieces.add(new Piece.Text(" x JOIN "));
                pieces.add(new Piece.Ref(reads.get(1)));
                pieces.add(new Piece.Text(" y ON x.k = y.k"));
            }
        }
        return pieces;
    }
}
