package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import java.util.function.UnaryOperator;

/** Variants of a test database's instance: same database, schemas and metadata, other settings. */
final class Instances {
    private Instances() {
    }

    /** {@code config} with the settings {@code change} makes; a context of its own (close it). */
    static ConfigContext with(ConfigContext config, UnaryOperator<ConfigContext.Builder> change) {
        return change.apply(ConfigContext.builder().instance(config.instance()).url(config.url()).user(config.user())
                .password(config.password()).schemaPrefix(config.schemaPrefix())
                .metadataSchema(config.metadataSchema())).build();
    }

    /** {@code config} with lock_mode lease and leases of {@code seconds}. */
    static ConfigContext withLeases(ConfigContext config, int seconds) {
        return with(config, builder -> builder.lockMode(ConfigContext.LockMode.LEASE).lockLeaseSeconds(seconds));
    }
}
