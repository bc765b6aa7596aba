package dev.dag.internal.store;

import dev.dag.ConfigException;
import dev.dag.internal.config.Redaction;
import dev.dag.internal.store.dialect.Dialect;
import dev.dag.internal.store.dialect.duckdb.DuckDbDialect;
import dev.dag.internal.store.dialect.postgres.PostgresDialect;
import java.util.List;

/** Picks the dialect that serves a JDBC URL. */
final class Dialects {
    private static final List<Dialect> KNOWN = List.of(new DuckDbDialect(), new PostgresDialect());

    private Dialects() {
    }

    static Dialect forUrl(String url, String instance) {
        return KNOWN.stream().filter(dialect -> dialect.accepts(url)).findFirst()
                .orElseThrow(() -> new ConfigException("Instance '" + instance + "' has url '" + Redaction.url(url)
                        + "', which no dag dialect serves. Supported: jdbc:duckdb:<file>, jdbc:postgresql://<host>:<port>/<database>.", null));
    }
}
