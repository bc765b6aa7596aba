package dev.dag.cli;

import dev.dag.DagException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Asks before a command destroys something, unless {@code --yes} said so already. */
final class Confirmation {
    private Confirmation() {
    }

    /** The user did not confirm. */
    static final class Refused extends DagException {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * Asks {@code question} on the terminal and waits for {@code y} or {@code yes}.
     *
     * @throws Refused without a yes, or when nobody can answer (no terminal and no input)
     */
    static void require(boolean yes, String question, Output output) {
        if (yes) {
            return;
        }
        output.line(question + " [y/N]");
        String answer;
        try {
            answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            answer = null;
        }
        if (answer == null) {
            throw new Refused("Nothing was changed: no answer (no terminal). Add --yes to confirm without asking.");
        }
        String said = answer.strip().toLowerCase(Locale.ROOT);
        if (!said.equals("y") && !said.equals("yes")) {
            throw new Refused("Nothing was changed: not confirmed.");
        }
    }
}
