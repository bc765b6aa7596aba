package dev.dag.it.cache.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * Writes the data files of a flow's {@link Constant.DataFile} arguments before a run, in a folder the generated
 * class finds through the system property {@code dag.model.files}: each holds its number and is stamped with a
 * modification time of its generation, as a later export of the file would be.
 */
final class ModelFiles {
    private static final Path FOLDER = folder();

    private ModelFiles() {
    }

    static void write(FlowSpec flow) {
        for (TaskSpec task : flow.tasks()) {
            for (Constant constant : task.constants()) {
                if (constant instanceof Constant.DataFile file) {
                    write(file);
                }
            }
        }
    }

    private static void write(Constant.DataFile file) {
        Path path = FOLDER.resolve(file.file());
        try {
            Files.writeString(path, file.content() + "\n");
            Files.setLastModifiedTime(path, FileTime.fromMillis(1_600_000_000_000L + 1000L * file.generation()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path folder() {
        try {
            Path folder = Files.createTempDirectory("dag-model-files");
            System.setProperty("dag.model.files", folder.toString());
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
