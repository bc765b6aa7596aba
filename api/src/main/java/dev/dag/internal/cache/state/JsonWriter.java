package dev.dag.internal.cache.state;

import java.util.HexFormat;

/**
 * The JSON text of one value, written left to right. Tagged values read {@code {"$tag":first,"member":...}}:
 * {@link #open} writes the tag, {@link #member} each further member, {@link #close} the brace.
 */
final class JsonWriter {
    private final StringBuilder out = new StringBuilder();

    /** Text that is JSON already: {@code null}, a number, a boolean, punctuation, the text of a nested value. */
    JsonWriter raw(String json) {
        out.append(json);
        return this;
    }

    /** A JSON string; control characters, DEL and every UTF-16 surrogate escaped, so the text is valid UTF-8. */
    JsonWriter string(String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    // a lone surrogate would become the same UTF-8 bytes as '?'
                    if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
                        out.append("\\u").append(HexFormat.of().toHexDigits(c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
        return this;
    }

    /** {@code {"tag":}, the start of a tagged value; its first member follows. */
    JsonWriter open(String tag) {
        return raw("{").key(tag);
    }

    /** {@code ,"name":}, a further member of the object being written. */
    JsonWriter member(String name) {
        return raw(",").key(name);
    }

    /** {@code "name":}, the first member of an object. */
    JsonWriter key(String name) {
        return string(name).raw(":");
    }

    /** The end of the object being written. */
    JsonWriter close() {
        return raw("}");
    }

    /** {@code {"tag":"text"}}: a value whose text says all of it. */
    JsonWriter tagged(String tag, String text) {
        return open(tag).string(text).close();
    }

    /** The comma before every item of a list but the first. */
    JsonWriter separator(int index) {
        return index > 0 ? raw(",") : this;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
