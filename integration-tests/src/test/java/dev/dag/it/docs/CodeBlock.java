package dev.dag.it.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A fenced code block of README.md or a page of docs/, with the marker comment on the line before it that says
 * how a test keeps it true:
 * <ul>
 * <li>{@code <!-- include: path#region -->}: the block is the region {@code region} of the repository file
 * {@code path}, which is compiled and run (or loaded) by a test;</li>
 * <li>{@code <!-- run -->}: a shell block whose {@code java}/{@code javac} commands {@link DocsCommandsIT} runs
 * as written; its {@code mvn} commands are the build itself, which CI runs;</li>
 * <li>{@code <!-- output -->}: a {@code text} block showing what a command prints;</li>
 * <li>{@code <!-- not run: why -->}: a block no test can run here, and why.</li>
 * </ul>
 *
 * @param file     the Markdown file, relative to the repository root
 * @param line     the line of the opening fence (1-based)
 * @param language the fence's info string ("" if none)
 * @param marker   the marker's text ("include: ...", "run", ...), or null when the block has none
 * @param text     the block's lines without the fence's indentation, joined by "\n"
 */
record CodeBlock(String file, int line, String language, String marker, String text) {
    private static final Pattern FENCE = Pattern.compile("^(\\s*)```(\\S*)\\s*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*(.*?)\\s*-->\\s*$");

    /** Where the block is, for messages: {@code docs/caching.md:21}. */
    String where() {
        return file + ":" + line;
    }

    /** The blocks of README.md and of every page in docs/, in file order. */
    static List<CodeBlock> all(Path root) {
        List<CodeBlock> blocks = new ArrayList<>(of(root, "README.md"));
        try (Stream<Path> pages = Files.list(root.resolve("docs"))) {
            pages.filter(page -> page.toString().endsWith(".md")).sorted()
                    .forEach(page -> blocks.addAll(of(root, "docs/" + page.getFileName())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return blocks;
    }

    static List<CodeBlock> of(Path root, String file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<CodeBlock> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String indent = open.group(1);
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).equals(indent + "```")) {
                end++;
            }
            List<String> body = new ArrayList<>();
            for (String bodyLine : lines.subList(i + 1, Math.min(end, lines.size()))) {
                body.add(bodyLine.startsWith(indent) ? bodyLine.substring(indent.length()) : bodyLine.strip());
            }
            Matcher marker = i > 0 ? MARKER.matcher(lines.get(i - 1)) : null;
            blocks.add(new CodeBlock(file, i + 1, open.group(2), marker != null && marker.matches() ? marker.group(1)
                    : null, String.join("\n", body)));
            i = end;
        }
        return blocks;
    }
}
