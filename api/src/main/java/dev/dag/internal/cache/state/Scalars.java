package dev.dag.internal.cache.state;

/**
 * Values written without looking inside them: text, booleans, numbers ({@link Numbers}), characters and enum
 * constants. Only text, booleans and integral numbers are plain JSON; the others carry a tag, so that no text can
 * spell them.
 */
final class Scalars {
    private Scalars() {
    }

    /** Writes {@code value} if it is a scalar; false for any other value. */
    static boolean write(Object value, JsonWriter out) {
        if (value instanceof String text) {
            out.string(text);
        } else if (value instanceof Boolean) {
            out.raw(value.toString());
        } else if (value instanceof Character character) {
            out.tagged("$char", character.toString());
        } else if (value instanceof Enum<?> constant) {
            // the declaring class, also for a constant with a body (an anonymous subclass)
            out.open("$enum").string(constant.getDeclaringClass().getName())
                    .member("name").string(constant.name()).close();
        } else {
            return Numbers.write(value, out);
        }
        return true;
    }
}
