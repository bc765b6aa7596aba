package dev.dag.internal.engine.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A {@link RunReport} as JSON, to keep it in the metadata and to hand it to the report page's script. */
public final class ReportJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false); // a later dag may add fields

    private ReportJson() {
    }

    public static String write(RunReport report) {
        try {
            return MAPPER.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("dag bug: a run report cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    /** @throws IllegalArgumentException if {@code json} is not a report */
    public static RunReport read(String json) {
        try {
            return MAPPER.readValue(json, RunReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a dag run report: " + e.getOriginalMessage(), e);
        }
    }
}
