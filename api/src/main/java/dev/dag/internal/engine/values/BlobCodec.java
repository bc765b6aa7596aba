package dev.dag.internal.engine.values;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.Collection;
import java.util.List;
import java.util.Map;

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
        if (value instanceof Collection<?>) {
            return List.class.getName();
        }
        return value.getClass().getName();
    }

    public static Object fromJson(String json, String typeName, ClassLoader loader) throws JsonProcessingException,
            ClassNotFoundException {
        return MAPPER.readValue(json, Class.forName(typeName, false, loader));
    }

    public static <T> T convert(Object value, Class<T> type) {
        return type.isInstance(value) ? type.cast(value) : MAPPER.convertValue(value, type);
    }
}
