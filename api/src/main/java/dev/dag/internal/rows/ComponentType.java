package dev.dag.internal.rows;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Optional;

/**
 * The type of a record component as a column sees it: its class, or for an {@code Optional<T>} the class
 * {@code T} (an empty Optional being NULL).
 *
 * @param type     the class of the values
 * @param optional whether the component is an {@code Optional} of {@code type}
 */
public record ComponentType(Class<?> type, boolean optional) {
    /**
     * The type of {@code component}.
     *
     * @throws ValueRefusal for an Optional whose element type is not a class (a type variable, a wildcard, a generic
     *     type)
     */
    public static ComponentType of(RecordComponent component) {
        if (component.getType() != Optional.class) {
            return new ComponentType(component.getType(), false);
        }
        Type generic = component.getGenericType();
        Type element = generic instanceof ParameterizedType parameterized
                ? parameterized.getActualTypeArguments()[0] : null;
        if (!(element instanceof Class<?> type) || type == Optional.class) {
            throw ValueRefusal.ofColumn(component.getName(), "the component is " + generic.getTypeName() + ", and "
                    + "dag needs the class of an Optional's value", "Declare it as Optional<T> with T a type of "
                    + "docs/types.md, e.g. Optional<String>");
        }
        return new ComponentType(type, true);
    }

    /** "Order.qty (int)" for messages about {@code component}. */
    public static String describe(RecordComponent component) {
        return component.getDeclaringRecord().getSimpleName() + "." + component.getName() + " ("
                + component.getGenericType().getTypeName().replace("java.lang.", "").replace("java.util.", "") + ")";
    }
}
