package dev.dag.internal.engine.materialize;

import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.CanonicalJson;
import dev.dag.internal.cache.sql.CanonicalSql;
import dev.dag.internal.hash.Hashes;
import dev.dag.internal.rows.RowDigest;
import dev.dag.internal.engine.stage.content.ContentWriter;
import dev.dag.internal.rows.RowSources;
import dev.dag.internal.rows.ValueRefusal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Cache keys of the objects a task writes. A task that is not lazy derives them from its own key (its
 * body only runs when that changed). A lazy task's body always runs, so its objects are keyed by what
 * they contain: the canonical SQL, the rows, the blob's JSON, plus the properties that change the stored
 * table (name, primary key, indexes), so that an unchanged table is reused and its consumers stay valid.
 */
final class TableKeys {
    private TableKeys() {
    }

    /** A key and the canonical SQL it came from (null when not SQL). */
    record Keyed(String key, String query) {
    }

    /**
     * The key of {@code table} written under {@code name}; {@code path} is where it is returned, or null.
     * A lazy table's key also folds in the keys of every table the task materialized before it.
     */
    static Keyed forTable(TaskScope scope, Table table, String name, String path) {
        Object content = table.obj();
        String query = content instanceof String sql
                ? CanonicalSql.of(sql, quotedRefs(scope)) : null;
        if (query != null) {
            UnseenChanges.check(scope, query);
        }
        if (!scope.descriptor().lazy()) {
            return new Keyed(scope.outputKey(path != null ? path : "~" + name), query);
        }
        List<Object> tableProperties = new ArrayList<>(List.of(table.primaryKey(), table.indexes(), scope.lazySalt()));
        if (!table.decimals().isEmpty()) {
            tableProperties.add(table.decimals().toString()); // only then: the keys of other tables stay as they were
        }
        if (!table.nonNullable().isEmpty() || table.nullable().isPresent()) { // likewise
            tableProperties.add(Map.of("nonNullable", table.nonNullable(), "nullable",
                    table.nullable().map(List::toString).orElse("")));
        }
        String properties = CanonicalJson.of(tableProperties);
        String stage = scope.stage();
        if (query != null) {
            return new Keyed(Hashes.of("sql", stage, name, query, properties, scope.chain()), query);
        }
        if (content instanceof TableRef ref) {
            String source = scope.keysByRef().getOrDefault(ref, ref.toString());
            return new Keyed(Hashes.of("ref", stage, name, source, properties, scope.chain()), null);
        }
        if (RowSources.accepts(content)) {
            List<?> rows = (List<?>) content;
            String digest = rows.isEmpty() ? "" : digest(scope, table, name, rows);
            return new Keyed(Hashes.of("rows", stage, name, digest, properties, scope.chain()), null);
        }
        throw ContentWriter.unsupported(scope.task(), name, scope.stage(), content);
    }

    private static String digest(TaskScope scope, Table table, String name, List<?> rows) {
        try {
            return RowDigest.of(rows, ContentWriter.declaredColumns(table));
        } catch (ValueRefusal refusal) {
            throw ContentWriter.refused(scope.task(), name, scope.stage(), refusal);
        }
    }

    static Map<String, String> quotedRefs(TaskScope scope) {
        Map<String, String> byQuotedRef = new HashMap<>();
        scope.keysByRef().forEach((ref, key) -> byQuotedRef.put(ref.toString(), key));
        return byQuotedRef;
    }

    /** The key of a blob written under {@code name}; {@code path} is where it is returned. */
    static String forBlob(TaskScope scope, String name, String path, Object value) {
        if (!scope.descriptor().lazy()) {
            return scope.outputKey(path != null ? path : "~" + name);
        }
        return Hashes.of("blob", scope.stage(), name, BlobState.of(value), scope.lazySalt());
    }
}
