package dev.dag.internal.cache;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * JSON that is the same for equal values on every run and machine: object keys sorted, big decimals
 * plain, dates as ISO text, set elements sorted. Cache keys are hashes of it.
 */
public final class CanonicalJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private static final ObjectMapper FIELDS = MAPPER.copy()
            .setVisibility(com.fasterxml.jackson.annotation.PropertyAccessor.ALL,
                    com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility.NONE)
            .setVisibility(com.fasterxml.jackson.annotation.PropertyAccessor.FIELD,
                    com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility.ANY);

    private CanonicalJson() {
    }

    /**
     * The canonical JSON of {@code value}.
     *
     * @throws IllegalArgumentException if Jackson cannot serialize it
     */
    public static String of(Object value) {
        return isPlain(value) ? plain(value) : viaTree(value);
    }

    /** The general way: any value Jackson serializes, through a tree sorted after the fact. */
    static String viaTree(Object value) {
        try {
            return MAPPER.writeValueAsString(sorted(MAPPER.valueToTree(normalized(value))));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot serialize " + (value == null ? "null"
                    : value.getClass().getName()) + " to JSON: " + e.getMessage(), e);
        }
    }

    /**
     * The canonical JSON of an object's fields (private ones included, transient and static ones not), for the
     * receiver of an instance task, whose state usually lives in private fields.
     */
    public static String ofFields(Object value) {
        try {
            return FIELDS.writeValueAsString(sorted(FIELDS.valueToTree(value)));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot serialize the fields of " + value.getClass().getName()
                    + " to JSON: " + e.getMessage(), e);
        }
    }

    /**
     * A parser of {@code json}, for reading back what dag wrote token by token: a run reads every cache entry of
     * its stages, and building a tree of each costs more.
     */
    public static JsonParser parser(String json) throws IOException {
        return MAPPER.getFactory().createParser(json);
    }

    /** Parses canonical JSON back into a tree, e.g. to compare key parts. */
    public static JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + json, e);
        }
    }

    /**
     * Whether {@code value} is a tree of maps, lists, text, whole numbers, booleans and nulls, as cache keys and
     * call states are: such a tree is written straight, in the form {@link #viaTree} gives it, without building
     * Jackson's tree and a sorted copy of it first (a cache-valid task writes a few of them).
     */
    private static boolean isPlain(Object value) {
        if (value == null || value instanceof String || value instanceof Integer || value instanceof Long
                || value instanceof Boolean) {
            return true;
        }
        if (value instanceof Map<?, ?> map) {
            return map.values().stream().allMatch(CanonicalJson::isPlain);
        }
        return value instanceof List<?> list && list.stream().allMatch(CanonicalJson::isPlain);
    }

    private static String plain(Object value) {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = MAPPER.createGenerator(text)) {
            writePlain(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return text.toString();
    }

    private static void writePlain(JsonGenerator out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else if (value instanceof String text) {
            out.writeString(text);
        } else if (value instanceof Integer number) {
            out.writeNumber(number);
        } else if (value instanceof Long number) {
            out.writeNumber(number);
        } else if (value instanceof Boolean flag) {
            out.writeBoolean(flag);
        } else if (value instanceof Map<?, ?> map) {
            Map<String, Object> byKey = new TreeMap<>(); // keys as text, in order, as normalized() has them
            map.forEach((key, element) -> byKey.put(String.valueOf(key), element));
            out.writeStartObject();
            for (Map.Entry<String, Object> field : byKey.entrySet()) {
                out.writeFieldName(field.getKey());
                writePlain(out, field.getValue());
            }
            out.writeEndObject();
        } else {
            out.writeStartArray();
            for (Object element : (List<?>) value) {
                writePlain(out, element);
            }
            out.writeEndArray();
        }
    }

    /** Sets have no order: sort their elements by their own canonical JSON. */
    private static Object normalized(Object value) {
        if (value instanceof Set<?> set) {
            List<String> elements = new ArrayList<>();
            for (Object element : set) {
                elements.add(of(element));
            }
            elements.sort(Comparator.naturalOrder());
            return elements.stream().map(CanonicalJson::parse).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new TreeMap<>();
            map.forEach((key, element) -> copy.put(String.valueOf(key), normalized(element)));
            return copy;
        }
        if (value instanceof Collection<?> collection && !(value instanceof Set<?>)) {
            return collection.stream().map(CanonicalJson::normalized).toList();
        }
        return value;
    }

    private static JsonNode sorted(JsonNode node) {
        if (node instanceof ObjectNode object) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            new TreeMap<String, JsonNode>() {{
                object.fields().forEachRemaining(field -> put(field.getKey(), field.getValue()));
            }}.forEach((key, child) -> out.set(key, sorted(child)));
            return out;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            array.forEach(child -> out.add(sorted(child)));
            return out;
        }
        return node;
    }
}
