package dev.dag.it.support;

import dev.dag.ConfigContext;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A DuckDB file in a temporary folder. In one process, DuckDB shares the open file between the plain
 * connections of {@link TestDatabase} and the library's pool; a second process could not open it.
 */
final class DuckDbSandbox implements Sandbox {
    private final ScratchFolder folder;
    private final ConfigContext config;

    private DuckDbSandbox(ScratchFolder folder) {
        this.folder = folder;
        this.config = Sandbox.withSuiteParallelism(ConfigContext.builder().instance("duckdb")
                .url("jdbc:duckdb:" + file().toAbsolutePath())).build();
    }

    /** A sandbox in a new temporary folder; the database file is created by the first connection. */
    static DuckDbSandbox create(String label) {
        return new DuckDbSandbox(ScratchFolder.create("dag-it-" + label + "-"));
    }

    private Path file() {
        return folder.resolve("dag.duckdb");
    }

    @Override
    public ConfigContext config() {
        return config;
    }

    @Override
    public boolean untouched() {
        return !Files.exists(file());
    }

    @Override
    public void close() {
        config.close();
        folder.close();
    }
}
