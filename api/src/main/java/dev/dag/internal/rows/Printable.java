package dev.dag.internal.rows;

import java.util.HexFormat;

/**
 * Values and names as messages show them: text quoted, control characters, unpaired surrogates and U+0000
 * escaped (a message must not break a log line or hide what is wrong), long text and byte arrays shortened.
 */
public final class Printable {
    private static final int MAX_CHARS = 80;
    private static final int MAX_BYTES = 32;

    private Printable() {
    }

    /** {@code value} for a message. */
    public static String of(Object value) {
        if (value instanceof String text) {
            return '"' + escaped(text) + '"';
        }
        if (value instanceof Character c) {
            return "'" + escaped(String.valueOf(c)) + "'";
        }
        if (value instanceof byte[] bytes) {
            String hex = HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, MAX_BYTES));
            return "0x" + hex + (bytes.length > MAX_BYTES ? "… (" + bytes.length + " bytes)" : "");
        }
        if (value instanceof Enum<?> constant) {
            return constant.getDeclaringClass().getSimpleName() + "." + constant.name();
        }
        return escaped(String.valueOf(value));
    }

    /** A column name for a message, escaped like text but not quoted. */
    public static String name(String name) {
        return escaped(name);
    }

    private static String escaped(String text) {
        StringBuilder out = new StringBuilder();
        int shown = Math.min(text.length(), MAX_CHARS);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            boolean pairedSurrogate = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))
                    || Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
            if (Character.isISOControl(c) || Character.isSurrogate(c) && !pairedSurrogate) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        if (shown < text.length()) {
            out.append("… (").append(text.length()).append(" characters)");
        }
        return out.toString();
    }
}
