package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every code block of README.md and docs/ says how it is kept true (see {@link CodeBlock}), and every block that
 * shows a file's region shows it exactly as the file has it: the Java, YAML and POM examples are real files that
 * the build compiles and tests run, so the docs cannot drift from the code.
 */
class DocsCodeBlocksIT {
    static final Path ROOT = repositoryRoot();

    /** Languages whose blocks must be a region of a real file. */
    private static final Set<String> INCLUDED = Set.of("java", "yaml", "xml", "kotlin");

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("README.md"))) {
            dir = dir.getParent();
        }
        assertNotNull(dir, "the repository root (with README.md) above " + Path.of("").toAbsolutePath());
        return dir;
    }

    @Test
    void everyBlockHasAMarkerThatFitsItsLanguage() {
        List<CodeBlock> blocks = CodeBlock.all(ROOT);
        assertTrue(blocks.size() > 30, "found only " + blocks.size() + " blocks");
        for (CodeBlock block : blocks) {
            String marker = block.marker();
            assertNotNull(marker, block.where() + ": a code block needs a marker on the line before it (<!-- include: "
                    + "path#region -->, <!-- run -->, <!-- output --> or <!-- not run: why -->)");
            boolean fits = switch (marker.startsWith("include:") ? "include" : marker.startsWith("not run:") ? "not run"
                    : marker) {
                case "include" -> true;
                case "run" -> block.language().equals("sh");
                case "output" -> block.language().equals("text");
                case "not run" -> marker.length() > "not run: ".length() + 10;
                default -> false;
            };
            assertTrue(fits, block.where() + ": marker '" + marker + "' does not fit a " + block.language() + " block");
            if (INCLUDED.contains(block.language()) && !marker.startsWith("not run:")) {
                assertTrue(marker.startsWith("include:"), block.where() + ": a " + block.language()
                        + " block must be a region of a real file (<!-- include: path#region -->)");
            }
        }
    }

    @Test
    void everyIncludedBlockIsItsRegionAsTheFileHasIt() {
        for (CodeBlock block : CodeBlock.all(ROOT)) {
            if (block.marker() == null || !block.marker().startsWith("include:")) {
                continue;
            }
            String reference = block.marker().substring("include:".length()).strip();
            String region = SourceRegion.of(ROOT, reference);
            assertNotNull(region, block.where() + ": no region " + reference);
            assertEquals(region, block.text(), block.where() + " differs from " + reference);
        }
    }
}
