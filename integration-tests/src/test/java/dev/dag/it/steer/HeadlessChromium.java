package dev.dag.it.steer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.it.support.ScratchFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's Chromium, headless, as a real browser for the HTML report: the DOM after the page's scripts ran, its
 * console errors, and a screenshot. Without Chromium the tests are skipped with a loud message, except under
 * {@code CI=true} ({@code .ci/run} installs it), where they fail.
 */
final class HeadlessChromium {
    private static final List<String> CANDIDATES = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome");
    private static final long TIMEOUT_SECONDS = 120;

    /** What one page load gave: the DOM (stdout) and Chromium's log (stderr). */
    record Load(String dom, String log) {
        /** The lines of the log that report an error of the page's script or console. */
        List<String> consoleErrors() {
            return log.lines().filter(line -> line.contains("Uncaught") || line.contains(":CONSOLE")
                    && line.contains("ERROR") || line.contains("\"Uncaught")).toList();
        }
    }

    private HeadlessChromium() {
    }

    /** The browser, or the test skipped (failed under CI) when it is not installed. */
    static Path binary() {
        for (String candidate : CANDIDATES) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        String missing = "Chromium not found (" + CANDIDATES + "): install it with apt-get install -y chromium";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true and " + missing);
        }
        Assumptions.abort("browser tests SKIPPED: " + missing);
        return null;
    }

    /** Loads {@code page} and returns the DOM once its scripts ran, and the browser's log. */
    static Load dumpDom(Path page) {
        return run(page, "--dump-dom");
    }

    /** Loads {@code page} and saves a screenshot of {@code width} x {@code height} pixels as {@code png}. */
    static Load screenshot(Path page, Path png, int width, int height) {
        Load load = run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height,
                "--hide-scrollbars");
        assertTrue(Files.isRegularFile(png), () -> "no screenshot at " + png + "; browser log:\n" + load.log());
        return load;
    }

    /**
     * One load, in a {@link ScratchFolder} that holds the browser's profile, output and temporary files
     * ({@code TMPDIR}) and is deleted afterwards; a short one, since Chromium keeps a UNIX socket there.
     */
    private static Load run(Path page, String... arguments) {
        Path binary = binary();
        try (ScratchFolder folder = ScratchFolder.createShort("dag-chromium-")) { // its socket path must be short
            List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
                    "--disable-gpu", "--enable-logging=stderr", "--v=0", "--no-first-run", "--disable-extensions",
                    "--user-data-dir=" + folder.resolve("profile")));
            command.addAll(List.of(arguments));
            command.add(page.toAbsolutePath().toUri().toString());
            Path out = folder.resolve("out");
            Path err = folder.resolve("err");
            Process process = folder.asTmpdirOf(new ProcessBuilder(command)).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("Chromium did not end within " + TIMEOUT_SECONDS + " s: " + command);
            }
            Load load = new Load(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err,
                    StandardCharsets.UTF_8));
            assertEquals(0, process.exitValue(), () -> "Chromium failed: " + command + "\n" + load.log());
            return load;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while Chromium ran", e);
        }
    }
}
