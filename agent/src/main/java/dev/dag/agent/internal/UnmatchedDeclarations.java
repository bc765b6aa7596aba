package dev.dag.agent.internal;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code tasks:} entries of the agent's config that matched no method so far, so that a typo in a class or
 * method name does not silently leave a pipeline without tasks. dag-api reads them at the end of each run (its
 * {@code AgentPresence}) and warns in the run's summary; the agent cannot call dag-api, so it publishes them in
 * the system property {@value #PROPERTY}: one line per entry, {@code class<TAB>method pattern<TAB>loaded}, where
 * {@code loaded} tells whether a class of that name was loaded (then none of its methods matched).
 */
final class UnmatchedDeclarations {
    /** Same value as dag-api's {@code AgentPresence.UNMATCHED_TASKS_PROPERTY}. */
    static final String PROPERTY = "dev.dag.agent.unmatchedTasks";

    private final List<TaskDeclarations.Declaration> declarations;
    private final Set<TaskDeclarations.Declaration> matched = ConcurrentHashMap.newKeySet();
    private final Set<String> loadedClasses = ConcurrentHashMap.newKeySet();

    UnmatchedDeclarations(List<TaskDeclarations.Declaration> declarations) {
        this.declarations = declarations;
        publish();
    }

    /** A class that {@code tasks:} entries name was loaded (woven or not). */
    void classLoaded(String className) {
        if (loadedClasses.add(className)) {
            publish();
        }
    }

    /** {@code declaration} matched a method. */
    void matched(TaskDeclarations.Declaration declaration) {
        if (matched.add(declaration)) {
            publish();
        }
    }

    /** Classes load on many threads: the property is rewritten whole, one writer at a time. */
    private synchronized void publish() {
        StringBuilder text = new StringBuilder();
        for (TaskDeclarations.Declaration declaration : declarations) {
            if (!matched.contains(declaration)) {
                text.append(text.isEmpty() ? "" : "\n").append(declaration.className()).append('\t')
                        .append(declaration.methodPattern()).append('\t')
                        .append(loadedClasses.contains(declaration.className()));
            }
        }
        if (text.isEmpty()) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, text.toString());
        }
    }
}
