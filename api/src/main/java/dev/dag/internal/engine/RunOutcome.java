package dev.dag.internal.engine;

import dev.dag.DagException;
import dev.dag.Result;

/** What {@link FlowRunner} hands back: the result and, if the run failed, the first failure. */
public record RunOutcome(Result result, DagException failure) {
}
