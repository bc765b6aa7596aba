package dev.dag.internal.admin;

import dev.dag.DagException;

/** What an instance was asked about does not exist there: a run, a stage, a task, a report. */
public final class NotFound extends DagException {
    public NotFound(String message) {
        super(message);
    }
}
