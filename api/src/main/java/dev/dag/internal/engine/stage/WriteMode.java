package dev.dag.internal.engine.stage;

import dev.dag.Table;
import dev.dag.internal.engine.stage.StageWriter.TableWrite;
import dev.dag.internal.engine.values.NotYetWritten;
import dev.dag.internal.engine.values.StoredTable;
import dev.dag.internal.store.meta.ObjectRegistry.NewObject;
import java.sql.SQLException;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What a {@link StageWriter} does with a table, blob or script that the committed version does not already hold: a
 * run writes it ({@link #WRITE}); a plan, or the body of a lazy task left out of a selection, only keys it
 * ({@link #KEY_ONLY}). A writer is built with its mode and keeps it.
 */
enum WriteMode {
    /** Each table is written into a new physical table and each blob stored, each registered as staged. */
    WRITE {
        @Override
        boolean writes() {
            return true;
        }

        @Override
        StoredTable newTable(StageWriter writer, TaskCall call, Table table, String name, String key, String query) {
            return writer.writeNew(call.task(), table, name, key, query);
        }

        @Override
        void newBlob(StageWriter writer, String task, NewObject blob) throws SQLException {
            writer.registerBlob(task, blob);
        }

        @Override
        List<TableWrite> script(StageWriter writer, TaskCall call, String script, String canonical,
                                UnaryOperator<String> keyOf) {
            return writer.runScript(call, script, canonical, keyOf);
        }

        @Override
        StoredTable given(StageWriter writer, TaskCall call, Table table, String name, String key) {
            return writer.writeTable(call, false, table, name, key, null).stored();
        }
    },

    /**
     * Nothing reaches the database: each table gets the physical name and key a run would give it, and its consumers
     * get that planned table (reading its rows is {@link NotYetWritten}).
     */
    KEY_ONLY {
        @Override
        boolean writes() {
            return false;
        }

        @Override
        StoredTable newTable(StageWriter writer, TaskCall call, Table table, String name, String key, String query) {
            return writer.planned(name, key);
        }

        @Override
        void newBlob(StageWriter writer, String task, NewObject blob) {
        }

        @Override
        List<TableWrite> script(StageWriter writer, TaskCall call, String script, String canonical,
                                UnaryOperator<String> keyOf) {
            throw new NotYetWritten("runs its SQL script, whose tables are known only once it ran");
        }

        /** Only keyed, as the outputs of a task a plan does not run are: no name is claimed. */
        @Override
        StoredTable given(StageWriter writer, TaskCall call, Table table, String name, String key) {
            return writer.planned(name, key);
        }
    };

    /** Whether objects reach the database (false: they are only keyed). */
    abstract boolean writes();

    /** A table of {@code call} the committed version does not hold, as its consumers get it. */
    abstract StoredTable newTable(StageWriter writer, TaskCall call, Table table, String name, String key,
                                  String query);

    /** A blob the committed version does not hold, already encoded as {@code blob}. */
    abstract void newBlob(StageWriter writer, String task, NewObject blob) throws SQLException;

    /** The tables a {@code RawSql} script of {@code call} creates. */
    abstract List<TableWrite> script(StageWriter writer, TaskCall call, String script, String canonical,
                                     UnaryOperator<String> keyOf);

    /** A table given for {@code call} instead of built by its body (a test's override), as its consumers get it. */
    abstract StoredTable given(StageWriter writer, TaskCall call, Table table, String name, String key);
}
