package example.tasks;

import dev.dag.Materialize;

/**
 * Loaded by tests from its class file into loaders of their own. It names no dag type except the
 * annotation, so it also loads where dev.dag is not visible (the annotation is then simply absent).
 * Its return type is one dag refuses: a call that reaches dag shows up as a DefinitionException.
 */
public final class Isolated {
    private Isolated() {
    }

    @Materialize
    public static String greet() {
        return "plain";
    }
}
