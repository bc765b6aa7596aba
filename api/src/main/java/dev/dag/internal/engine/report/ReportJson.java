package dev.dag.internal.engine.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** A {@link RunReport} as JSON, to keep it in the metadata and to hand it to the report page's script. */
public final class ReportJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false); // a later dag may add fields

    private ReportJson() {
    }

    /**
     * The report as JSON: the text the mapper would write (fields in the records' order, nulls written), written
     * field by field because every run writes one and the mapper's reflective path stays slow in code that runs
     * once per run.
     */
    public static String write(RunReport report) {
        StringWriter text = new StringWriter(1024);
        try (JsonGenerator json = MAPPER.getFactory().createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("flow", report.flow());
            json.writeStringField("runId", report.runId());
            json.writeStringField("kind", report.kind());
            json.writeStringField("instance", report.instance());
            json.writeStringField("status", report.status());
            json.writeStringField("startedAt", report.startedAt());
            json.writeNumberField("millis", report.millis());
            json.writeStringField("failure", report.failure());
            json.writeArrayFieldStart("tasks");
            for (RunReport.Task task : report.tasks()) {
                write(json, task);
            }
            json.writeEndArray();
            json.writeArrayFieldStart("edges");
            for (RunReport.Edge edge : report.edges()) {
                json.writeStartObject();
                json.writeStringField("from", edge.from());
                json.writeStringField("to", edge.to());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("dag bug: a run report cannot be written as JSON", e);
        }
        return text.toString();
    }

    private static void write(JsonGenerator json, RunReport.Task task) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", task.id());
        json.writeStringField("stage", task.stage());
        json.writeStringField("task", task.task());
        json.writeStringField("outcome", task.outcome());
        json.writeStringField("reason", task.reason());
        json.writeNumberField("millis", task.millis());
        json.writeNumberField("rows", task.rows());
        json.writeArrayFieldStart("tables");
        for (RunReport.TableInfo table : task.tables()) {
            json.writeStartObject();
            json.writeStringField("name", table.name());
            json.writeStringField("outcome", table.outcome());
            json.writeBooleanField("returned", table.returned());
            json.writeNumberField("rows", table.rows());
            json.writeStringField("sql", table.sql());
            json.writeStringField("callSite", table.callSite());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("warnings");
        for (String warning : task.warnings()) {
            json.writeString(warning);
        }
        json.writeEndArray();
        json.writeStringField("error", task.error());
        json.writeEndObject();
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
