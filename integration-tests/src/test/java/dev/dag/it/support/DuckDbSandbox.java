package dev.dag.it.support;

import dev.dag.ConfigContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A DuckDB file in a temporary folder. In one process, DuckDB shares the open file between the plain
 * connections of {@link TestDatabase} and the library's pool; a second process could not open it.
 */
final class DuckDbSandbox implements Sandbox {
    private final Path folder;
    private final ConfigContext config;

    private DuckDbSandbox(Path folder) {
        this.folder = folder;
        this.config = Sandbox.withSuiteParallelism(ConfigContext.builder().instance("duckdb")
                .url("jdbc:duckdb:" + file().toAbsolutePath())).build();
    }

    /** A sandbox in a new temporary folder; the database file is created by the first connection. */
    static DuckDbSandbox create(String label) {
        try {
            return new DuckDbSandbox(Files.createTempDirectory("dag-it-" + label + "-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary folder; the OS cleans it eventually
        }
    }
}
