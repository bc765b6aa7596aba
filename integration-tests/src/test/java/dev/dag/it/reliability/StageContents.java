package dev.dag.it.reliability;

import dev.dag.Result;
import dev.dag.internal.store.Databases;
import dev.dag.it.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What readers of a test database see in the pipeline's stages: per table ({@code stage.table}) its
 * row count and a digest of its rows, independent of their order. Read with plain SQL on the stage
 * schemas, so it checks what any reader would get.
 */
record StageContents(Map<String, Content> tables) {

    /** One table's content: how many rows, and a SHA-256 of the sorted rows. */
    record Content(long rows, String digest) {
        @Override
        public String toString() {
            return rows + " rows, sha256 " + digest.substring(0, 12);
        }
    }

    /** Reads every table of the stages {@link CrashPipeline#STAGES}. */
    static StageContents read(TestDatabase db) {
        Map<String, Content> tables = new TreeMap<>();
        try (Connection connection = Databases.of(db.config()).connection()) {
            for (String stage : CrashPipeline.STAGES) {
                for (String table : tablesOf(db, stage)) {
                    tables.put(stage + "." + table, content(connection, db.table(stage, table)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the stages: " + e.getMessage(), e);
        }
        return new StageContents(tables);
    }

    /** What a run of the pipeline with {@code options} on a fresh database of {@code kind} produces. */
    static StageContents ofAFreshRun(TestDatabase.Kind kind, CrashPipeline.Options options) {
        try (TestDatabase fresh = TestDatabase.open(kind, "reference")) {
            Result result = CrashPipeline.run(fresh.config(), options);
            if (!result.successful()) {
                throw new IllegalStateException("the reference run failed:\n" + result.summary());
            }
            return read(fresh);
        }
    }

    private static List<String> tablesOf(TestDatabase db, String stage) {
        return db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = '" + db.schema(stage)
                + "' ORDER BY table_name").stream().map(row -> (String) row.get("table_name")).toList();
    }

    private static Content content(Connection connection, String table) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT * FROM " + table)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(result.getString(i)).append('|');
                }
                rows.add(row.toString());
            }
        }
        Collections.sort(rows);
        return new Content(rows.size(), sha256(rows));
    }

    private static String sha256(List<String> rows) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String row : rows) {
                digest.update(row.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
