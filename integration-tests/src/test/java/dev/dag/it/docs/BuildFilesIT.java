package dev.dag.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The coordinates users copy stay consistent: the BOM (which has no parent) and the quickstart name the version
 * the reactor builds, and dag-api brings the SLF4J API but never a binding.
 */
class BuildFilesIT {
    private static final Pattern VERSION = Pattern.compile("<artifactId>(dag-parent|dag-bom)</artifactId>\\s*<version>([^<]+)</version>");

    private static String read(String path) throws IOException {
        return Files.readString(DocsCodeBlocksIT.ROOT.resolve(path));
    }

    private static String versionOf(String pom) {
        Matcher matcher = VERSION.matcher(pom);
        assertTrue(matcher.find(), "no version in " + pom.substring(0, 200));
        return matcher.group(2);
    }

    @Test
    void theBomAndTheQuickstartNameTheReactorsVersion() throws IOException {
        String version = versionOf(read("pom.xml"));
        assertEquals(version, versionOf(read("bom/pom.xml")), "bom/pom.xml");
        assertTrue(read("examples/quickstart/pom.xml").contains("<dag.version>" + version + "</dag.version>"),
                "examples/quickstart/pom.xml names dag " + version);
        assertTrue(read("docs/getting-started.md").contains("`" + version + "`"), "getting-started.md names " + version);
    }

    @Test
    void dagApiDependsOnTheSlf4jApiOnlyNeverOnABinding() throws IOException {
        String api = read("api/pom.xml").replaceAll("(?s)<dependency>(?:(?!</dependency>).)*<scope>test</scope>"
                + "(?:(?!</dependency>).)*</dependency>", "");
        assertTrue(api.contains("<artifactId>slf4j-api</artifactId>"), api);
        for (String binding : new String[] {"slf4j-simple", "logback-classic", "log4j-slf4j", "slf4j-reload4j",
                "slf4j-jdk14"}) {
            assertFalse(api.contains(binding), "dag-api must not bring the SLF4J binding " + binding);
        }
    }
}
