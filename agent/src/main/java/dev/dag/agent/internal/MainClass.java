package dev.dag.agent.internal;

import java.io.IOException;
import java.util.jar.JarFile;

/** Finds the application's main class, for the run the agent opens around {@code main}. */
final class MainClass {
    private MainClass() {
    }

    /** The main class's binary name: the {@code main=} option, else from the command line; null if unknown. */
    static String find(AgentOptions options) {
        if (options.mainClass() != null) {
            return options.mainClass();
        }
        String command = System.getProperty("sun.java.command", "").trim();
        if (command.isEmpty()) {
            return null;
        }
        String first = command.split(" ")[0];
        if (!first.endsWith(".jar")) {
            return first;
        }
        try (JarFile jar = new JarFile(first)) {
            return jar.getManifest() == null ? null : jar.getManifest().getMainAttributes().getValue("Main-Class");
        } catch (IOException e) {
            AgentLog.warn("cannot read the main class from " + first + "; set the agent option main=", e);
            return null;
        }
    }
}
