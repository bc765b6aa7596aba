package dev.dag.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

/**
 * The agent never links against dag-api: it names the bridge and the annotation by string, so that it
 * loads into any application, before or without dag-api on the class path. Checked on its compiled
 * classes: no class constant and no descriptor of theirs names a dag class outside the agent.
 */
class AgentIndependenceTest {
    private static final int CONSTANT_CLASS = 7;
    private static final int CONSTANT_NAME_AND_TYPE = 12;

    @Test
    void agentClassesReferToNoDagClassOutsideTheAgent() throws IOException, URISyntaxException {
        Path classes = Path.of(DagAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> links = new ArrayList<>();
        int checked = 0;
        boolean sawOwnClasses = false;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".class")).toList()) {
                checked++;
                for (String used : referencedTypes(new ClassReader(Files.readAllBytes(file)))) {
                    sawOwnClasses |= used.contains("dev/dag/agent/internal/");
                    if (used.contains("dev/dag/") && !used.contains("dev/dag/agent/")) {
                        links.add(classes.relativize(file) + " uses " + used);
                    }
                }
            }
        }
        assertTrue(checked > 10, "the agent's compiled classes were found: " + checked);
        assertTrue(sawOwnClasses, "the check reads class references (the agent's classes use each other)");
        assertEquals(List.of(), links);
    }

    /** Class constants and the descriptors of the members the class refers to. */
    private static List<String> referencedTypes(ClassReader reader) {
        List<String> types = new ArrayList<>();
        char[] buffer = new char[reader.getMaxStringLength()];
        for (int item = 1; item < reader.getItemCount(); item++) {
            int offset = reader.getItem(item);
            if (offset == 0) {
                continue; // the second entry of a long or double
            }
            int tag = reader.readByte(offset - 1);
            if (tag == CONSTANT_CLASS) {
                types.add(reader.readUTF8(offset, buffer));
            } else if (tag == CONSTANT_NAME_AND_TYPE) {
                types.add(reader.readUTF8(offset + 2, buffer));
            }
        }
        return types;
    }
}
