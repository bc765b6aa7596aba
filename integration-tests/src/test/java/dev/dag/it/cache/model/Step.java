package dev.dag.it.cache.model;

/**
 * One run of a scenario: the edit before it (null for the first run), the flow and its source, what the model
 * predicted, what dag did (null when the run threw) and the verdict.
 */
record Step(int index, Edit edit, FlowSpec flow, String source, Prediction prediction, Observation observation,
            Verdict verdict) {
}
