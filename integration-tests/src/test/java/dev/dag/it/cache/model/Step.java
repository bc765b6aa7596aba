package dev.dag.it.cache.model;

/**
 * One run of a scenario: the edit before it (null for the first run), the selected run made between the edit and
 * the full run (null for none), the flow and its source, what the model predicted, what dag did (null when the
 * run threw) and the verdict (of both runs).
 */
record Step(int index, Edit edit, Selection selection, FlowSpec flow, String source, Prediction prediction, Observation observation,
            Verdict verdict) {
}
