package dev.dag.it.reliability;

import dev.dag.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One way a dashboard or a report job reads the stage views of {@link ReadersPipeline}: in one transaction, at an
 * isolation level, optionally locking views first ({@code LOCK TABLE ... IN ACCESS SHARE MODE}), one or more
 * statements, each reading views alone or joined. Views are read in the reverse of the order a publish replaces
 * them, the order most likely to cross the publisher's locks. {@link #readOnce} tells what a read saw that is not
 * a whole version: a view that does not hold all rows of one generation, or two views of one stage that show
 * different generations within the transaction.
 *
 * @param name      what the shape is, for the report
 * @param isolation the transaction's isolation level ({@link Connection} constants)
 * @param locked    views locked before the first query (none: no {@code LOCK TABLE})
 * @param reads     the statements, in order
 */
record ReaderShape(String name, int isolation, List<View> locked, List<Read> reads) {

    /** A view of the pipeline, and what one whole version of it holds. */
    record View(String stage, String qualified, boolean summary) {
        /** Rows, oldest and newest generation, as one row even if the view is empty. */
        String triple(String alias) {
            return summary ? "coalesce(max(" + alias + ".n), 0), min(" + alias + ".generation), max(" + alias
                    + ".newest)" : "count(*), min(" + alias + ".generation), max(" + alias + ".generation)";
        }

        long wholeRows() {
            return summary ? (long) ReadersPipeline.ROWS * ReadersPipeline.PARTS.size() : ReadersPipeline.ROWS;
        }
    }

    /** One statement: views read one after the other ({@code UNION ALL}) or joined on their ids. */
    record Read(List<View> views, boolean joined) {
        String sql() {
            if (joined) {
                String columns = IntStream.range(0, views.size())
                        .mapToObj(i -> "min(v" + i + ".generation), max(v" + i + ".generation)")
                        .collect(Collectors.joining(", "));
                StringBuilder from = new StringBuilder(views.get(0).qualified() + " v0");
                for (int i = 1; i < views.size(); i++) {
                    from.append(" JOIN ").append(views.get(i).qualified()).append(" v").append(i)
                            .append(" ON v").append(i).append(".id = v0.id");
                }
                return "SELECT count(*), " + columns + " FROM " + from;
            }
            return IntStream.range(0, views.size())
                    .mapToObj(i -> "SELECT " + i + ", " + views.get(i).triple("v" + i) + " FROM "
                            + views.get(i).qualified() + " v" + i)
                    .collect(Collectors.joining(" UNION ALL ")) + " ORDER BY 1";
        }

        /** Rows, oldest and newest generation per view. */
        List<Object[]> run(Statement statement) throws SQLException {
            List<Object[]> seen = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery(sql())) {
                if (joined) {
                    rows.next();
                    for (int i = 0; i < views.size(); i++) {
                        seen.add(new Object[] {rows.getLong(1), rows.getObject(2 + 2 * i), rows.getObject(3 + 2 * i)});
                    }
                } else {
                    while (rows.next()) {
                        seen.add(new Object[] {rows.getLong(2), rows.getObject(3), rows.getObject(4)});
                    }
                }
            }
            return seen;
        }
    }

    /** The view {@code table} of stage {@code stage} of {@code db}. */
    static View view(TestDatabase db, String stage, String table) {
        return new View(stage, db.table(stage, table), table.equals("summary"));
    }

    /** The parts of flow {@code flow}'s raw stage, last first. */
    static List<View> parts(TestDatabase db, String flow) {
        List<View> parts = new ArrayList<>();
        for (String part : ReadersPipeline.PARTS) {
            parts.add(0, view(db, ReadersPipeline.raw(flow), part));
        }
        return parts;
    }

    static View summary(TestDatabase db, String flow) {
        return view(db, ReadersPipeline.report(flow), "summary");
    }

    /** One statement reading one view. */
    static ReaderShape oneView(View view) {
        return new ReaderShape("one view", Connection.TRANSACTION_READ_COMMITTED, List.of(),
                List.of(new Read(List.of(view), false)));
    }

    /** One statement joining several views of one stage. */
    static ReaderShape joinOfOneStage(List<View> views) {
        return new ReaderShape("join of one stage", Connection.TRANSACTION_READ_COMMITTED, List.of(),
                List.of(new Read(views, true)));
    }

    /** One statement reading views of two stages. */
    static ReaderShape twoStages(List<View> views) {
        return new ReaderShape("two stages in one query", Connection.TRANSACTION_READ_COMMITTED, List.of(),
                List.of(new Read(views, false)));
    }

    /** A READ COMMITTED transaction of one statement per view. */
    static ReaderShape statementsInATransaction(List<View> views) {
        return new ReaderShape("statements in a transaction", Connection.TRANSACTION_READ_COMMITTED, List.of(),
                views.stream().map(view -> new Read(List.of(view), false)).toList());
    }

    /** A REPEATABLE READ transaction that locks its views first, as docs/storage.md recommends, then reads each. */
    static ReaderShape lockedSnapshot(List<View> views) {
        return new ReaderShape("LOCK TABLE, then a snapshot", Connection.TRANSACTION_REPEATABLE_READ, views,
                views.stream().map(view -> new Read(List.of(view), false)).toList());
    }

    /** Whether the shape needs a transaction around its statements. */
    boolean transactional() {
        return reads.size() > 1 || !locked.isEmpty();
    }

    /**
     * Reads once, in a transaction when the shape has one (the connection is not in auto-commit mode then).
     *
     * @return what was not a whole version, or null if every view showed one and each stage the same one
     */
    String readOnce(Connection connection) throws SQLException {
        List<String> torn = new ArrayList<>();
        Map<String, Object> generationOfStage = new HashMap<>();
        try (Statement statement = connection.createStatement()) {
            if (!locked.isEmpty()) {
                statement.execute("LOCK TABLE " + locked.stream().map(View::qualified)
                        .collect(Collectors.joining(", ")) + " IN ACCESS SHARE MODE");
            }
            for (Read read : reads) {
                List<Object[]> seen = read.run(statement);
                for (int i = 0; i < read.views().size(); i++) {
                    View view = read.views().get(i);
                    Object[] rows = seen.get(i);
                    if ((long) rows[0] != view.wholeRows() || rows[1] == null || !rows[1].equals(rows[2])) {
                        torn.add(view.qualified() + " held " + rows[0] + " rows of generations " + rows[1] + ".."
                                + rows[2]);
                    }
                    Object before = generationOfStage.putIfAbsent(view.stage(), rows[1]);
                    if (before != null && !Objects.equals(before, rows[1])) {
                        torn.add("stage " + view.stage() + " showed generations " + before + " and " + rows[1]);
                    }
                }
            }
        }
        if (transactional()) {
            connection.commit();
        }
        return torn.isEmpty() ? null : String.join("; ", torn);
    }
}
