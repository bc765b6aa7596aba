package dev.dag.it.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A region of a repository file that a doc shows: the lines between a line ending in {@code docs:NAME} and the
 * next line ending in {@code end:NAME} (whatever comment syntax precedes them: {@code //}, {@code #},
 * {@code <!--}), without their common indentation.
 */
final class SourceRegion {
    private SourceRegion() {
    }

    /** The text of {@code path#region} ("path" alone: the whole file), or null when there is no such region. */
    static String of(Path root, String reference) {
        int hash = reference.indexOf('#');
        String path = hash < 0 ? reference : reference.substring(0, hash);
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException("no file " + path + " (named by a doc's include marker)", e);
        }
        if (hash < 0) {
            return String.join("\n", lines).stripTrailing();
        }
        String name = reference.substring(hash + 1);
        int start = indexOfMarker(lines, "docs:" + name, 0);
        int end = start < 0 ? -1 : indexOfMarker(lines, "end:" + name, start + 1);
        return end < 0 ? null : dedent(lines.subList(start + 1, end));
    }

    private static int indexOfMarker(List<String> lines, String marker, int from) {
        for (int i = from; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.endsWith(marker) || line.endsWith(marker + " -->")) {
                return i;
            }
        }
        return -1;
    }

    private static String dedent(List<String> lines) {
        int indent = lines.stream().filter(line -> !line.isBlank())
                .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
        return String.join("\n", lines.stream().map(line -> line.isBlank() ? "" : line.substring(indent)).toList());
    }
}
