package dev.dag.internal.engine.values;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Blob values as JSON: what is stored is what consumers get back, also within the same run. */
public final class BlobCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private BlobCodec() {
    }

    public static String toJson(Object value) throws JsonProcessingException {
        return MAPPER.writeValueAsString(value);
    }

    /** The type name stored with a blob: interfaces for JDK collections, so any implementation reads back. */
    public static String typeName(Object value) {
        if (value instanceof Map<?, ?>) {
            return Map.class.getName();
        }
        if (value instanceof Set<?>) {
            return Set.class.getName();
        }
        if (value instanceof Collection<?>) {
            return List.class.getName();
        }
        return value.getClass().getName();
    }

    /**
     * {@code json} (the JSON of {@code value}, stored as {@code typeName}) read back, checked to be the value that
     * was stored.
     *
     * @throws IllegalArgumentException naming the first place where the value read back differs, and what to do
     */
    public static Object readBackExactly(Object value, String json, String typeName, ClassLoader loader)
            throws JsonProcessingException, ClassNotFoundException {
        Object read = fromJson(json, typeName, loader);
        String difference = BlobFidelity.firstDifference(value, read);
        if (difference != null) {
            throw new IllegalArgumentException("its JSON would not read back as the value stored, at " + difference
                    + ". Blobs are stored as JSON, which keeps the types of typed fields only: use a record or "
                    + "class whose fields name their types (e.g. record Limits(Set<BigDecimal> values)) rather than "
                    + "values of other types in untyped maps and lists");
        }
        return read;
    }

    public static Object fromJson(String json, String typeName, ClassLoader loader) throws JsonProcessingException,
            ClassNotFoundException {
        return MAPPER.readValue(json, Class.forName(typeName, false, loader));
    }

    public static <T> T convert(Object value, Class<T> type) {
        return type.isInstance(value) ? type.cast(value) : MAPPER.convertValue(value, type);
    }
}
