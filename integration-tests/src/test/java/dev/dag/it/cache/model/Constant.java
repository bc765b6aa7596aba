package dev.dag.it.cache.model;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A constant argument of a task call, one kind per way dag keys a value: a primitive, a string, a record,
 * a list, an object whose state lives only in private fields, a lambda, and a file the task reads. Each adds one
 * integer term to its task's SQL; some parts of a value's state (a record's label, a string's letters, which of
 * two lambdas giving the same number) do not reach the SQL, so a lazy task keeps its table when only they change
 * while a versioned task reruns.
 */
sealed interface Constant {
    /** Words of several lengths for string constants (no character that needs escaping). */
    List<String> WORDS = List.of("a", "bb", "cc", "ddd", "eee", "ffff");

    /** The parameter type in the generated task method. */
    String javaType();

    /** The Java expression that builds the value in the flow definition. */
    String javaValue();

    /** The int-valued Java expression the task body splices into its SQL, reading parameter {@code param}. */
    String term(String param);

    /** The value of {@link #term}. */
    int termValue();

    /** The full state of the value, which is what a versioned task's key contains. */
    String state();

    /** Another value of the same kind; {@code step} chooses which part changes and how. */
    Constant changed(int step);

    /** The state a selected run looks a call up by: a file's content and time are its freshness, left aside. */
    default String callState() {
        return state();
    }

    /** How an edit report shows the value. */
    default String shown() {
        return javaValue();
    }

    /** The constant a gene stands for: {@code kind} picks the kind, {@code value} its content. */
    static Constant of(int kind, int value) {
        return switch (Math.floorMod(kind, 9)) {
            case 0 -> new Int(Math.floorMod(value, 10));
            case 1 -> new Text(word(value));
            case 2 -> new Offset(Math.floorMod(value, 7), word(value / 7));
            case 3 -> new Numbers(List.of(Math.floorMod(value, 5), 1).subList(0, 1 + Math.floorMod(value, 2)));
            case 4 -> new Scale(1 + Math.floorMod(value, 4), word(value / 4));
            case 5, 6 -> new Lambda(Math.floorMod(value, Lambda.RESULTS.size()));
            default -> new DataFile("", Math.floorMod(value, 10), 0);
        };
    }

    private static String word(int index) {
        return WORDS.get(Math.floorMod(index, WORDS.size()));
    }

    private static String otherWord(String word, int step) {
        int at = WORDS.indexOf(word);
        return WORDS.get((at + 1 + Math.floorMod(step, WORDS.size() - 1)) % WORDS.size());
    }

    private static int otherNumber(int number, int step, int range) {
        return (number + 1 + Math.floorMod(step, range - 1)) % range;
    }

    private static String quoted(String text) {
        return "\"" + text + "\"";
    }

    record Int(int value) implements Constant {
        public String javaType() {
            return "int";
        }

        public String javaValue() {
            return Integer.toString(value);
        }

        public String term(String param) {
            return param;
        }

        public int termValue() {
            return value;
        }

        public String state() {
            return Integer.toString(value);
        }

        public Constant changed(int step) {
            return new Int(otherNumber(value, step, 10));
        }
    }

    /** Only the length reaches the SQL. */
    record Text(String value) implements Constant {
        public String javaType() {
            return "String";
        }

        public String javaValue() {
            return quoted(value);
        }

        public String term(String param) {
            return param + ".length()";
        }

        public int termValue() {
            return value.length();
        }

        public String state() {
            return quoted(value);
        }

        public Constant changed(int step) {
            return new Text(otherWord(value, step));
        }
    }

    /** A record of the generated class; only {@code add} reaches the SQL. */
    record Offset(int add, String label) implements Constant {
        public String javaType() {
            return "Offset";
        }

        public String javaValue() {
            return "new Offset(" + add + ", " + quoted(label) + ")";
        }

        public String term(String param) {
            return param + ".add()";
        }

        public int termValue() {
            return add;
        }

        public String state() {
            return "Offset{add=" + add + ", label=" + label + "}";
        }

        public Constant changed(int step) {
            return Math.floorMod(step, 2) == 0 ? new Offset(otherNumber(add, step / 2, 7), label)
                    : new Offset(add, otherWord(label, step / 2));
        }
    }

    /** A list; only its size reaches the SQL. */
    record Numbers(List<Integer> items) implements Constant {
        public Numbers {
            items = List.copyOf(items);
        }

        public String javaType() {
            return "List<Integer>";
        }

        public String javaValue() {
            return items.stream().map(String::valueOf).collect(Collectors.joining(", ", "List.of(", ")"));
        }

        public String term(String param) {
            return param + ".size()";
        }

        public int termValue() {
            return items.size();
        }

        public String state() {
            return items.toString();
        }

        public Constant changed(int step) {
            List<Integer> next = new ArrayList<>(items);
            int how = Math.floorMod(step, 3);
            if (how == 0 || next.isEmpty()) {
                next.add(Math.floorMod(step, 5));
            } else if (how == 1) {
                next.remove(next.size() - 1);
            } else {
                next.set(0, otherNumber(next.get(0), step, 5));
            }
            return new Numbers(next);
        }
    }

    /** An object of the generated class with private fields and no getter; only {@code factor} reaches the SQL. */
    record Scale(int factor, String tag) implements Constant {
        public String javaType() {
            return "Scale";
        }

        public String javaValue() {
            return "new Scale(" + factor + ", " + quoted(tag) + ")";
        }

        public String term(String param) {
            return param + ".factor()";
        }

        public int termValue() {
            return factor;
        }

        public String state() {
            return "Scale{factor=" + factor + ", tag=" + tag + "}";
        }

        public Constant changed(int step) {
            return Math.floorMod(step, 2) == 0 ? new Scale(1 + otherNumber(factor - 1, step / 2, 4), tag)
                    : new Scale(factor, otherWord(tag, step / 2));
        }
    }

    /**
     * A lambda argument, a method reference to one of the generated class's {@code f0}..{@code f3}; {@code f0}
     * and {@code f1} (and {@code f2} and {@code f3}) give the same number, so only the method they run tells them
     * apart.
     */
    record Lambda(int index) implements Constant {
        /** What {@code fN.applyAsInt(1)} gives. */
        static final List<Integer> RESULTS = List.of(2, 2, 4, 4);

        public String javaType() {
            return "IntUnaryOperator";
        }

        public String javaValue() {
            return "ModelTasks::f" + index;
        }

        public String term(String param) {
            return param + ".applyAsInt(1)";
        }

        public int termValue() {
            return RESULTS.get(index);
        }

        public String state() {
            return "lambda f" + index;
        }

        public Constant changed(int step) {
            return new Lambda(otherNumber(index, step, RESULTS.size()));
        }
    }

    /**
     * A file the task reads (one number), passed as a {@code Path} and declared with {@code FileFreshness}; the
     * Java source holds only its name, so rewriting it (content and modification time, {@link ModelFiles}) is an
     * edit that no code fingerprint sees. {@code file} is set by the flow, unique per task and argument.
     */
    record DataFile(String file, int content, int generation) implements Constant {
        DataFile at(String name) {
            return new DataFile(name, content, generation);
        }

        public String javaType() {
            return "Path";
        }

        public String javaValue() {
            return "ModelTasks.file(" + quoted(file) + ")";
        }

        public String term(String param) {
            return "read(" + param + ")";
        }

        public int termValue() {
            return content;
        }

        public String state() {
            return "file " + file + " holding " + content + ", written " + generation;
        }

        public Constant changed(int step) {
            return new DataFile(file, otherNumber(content, step, 10), generation + 1);
        }

        @Override
        public String callState() {
            return "file " + file;
        }

        @Override
        public String shown() {
            return "file " + file + " holding " + content;
        }
    }
}
