package dev.dag.internal.cache.state;

import java.lang.reflect.Proxy;

/**
 * One walk over a value: each value met is written by the first rule that takes it, in the order of
 * {@link #write}, and what holds other values is tracked, to refuse cycles.
 */
final class StateWalk {
    private final StateRules rules;
    private final boolean receiver;
    private final Ancestors ancestors = new Ancestors();

    /** {@code receiver}: the root is the receiver of an instance task, written as its class when it has no fields. */
    StateWalk(StateRules rules, boolean receiver) {
        this.rules = rules;
        this.receiver = receiver;
    }

    StateRules rules() {
        return rules;
    }

    /** Whether the value at {@code at} is the receiver of an instance task. */
    boolean isReceiver(Location at) {
        return receiver && at.isRoot();
    }

    /** The JSON text of {@code value} alone, e.g. to sort it among the elements of a set. */
    String text(Object value, Location at) {
        JsonWriter out = new JsonWriter();
        write(value, at, out);
        return out.toString();
    }

    /** The JSON text of the secret {@code value}: its keyed hash ({@link Secrets}). */
    String secretText(Object value, Location at) {
        JsonWriter out = new JsonWriter();
        Secrets.write(value, at, this, out);
        return out.toString();
    }

    /** Writes {@code value}, found at {@code at}, and all it holds. */
    void write(Object value, Location at, JsonWriter out) {
        if (value == null) {
            out.raw("null");
            return;
        }
        if (at.depth() > StateJson.MAX_DEPTH) {
            throw Refusals.tooDeep(at, value);
        }
        // the engine's replacement comes first: it may stand for a value no rule below would take
        Object token = rules.leafTokens().apply(value);
        if (token != null && token != value) {
            ancestors.enter(value, at);
            out.open("$token");
            write(token, at.child(""), out);
            out.close();
            ancestors.leave(value);
            return;
        }
        Refusals.refuseResources(value, at);
        if (value instanceof String text && Secrets.writeCredentials(text, this, out)) {
            return;
        }
        if (Scalars.write(value, out) || JdkValues.write(value, at, this, out)) {
            return;
        }
        ancestors.enter(value, at);
        writeHolder(value, at, out);
        ancestors.leave(value);
    }

    /** A value that may hold others: a container, a lambda, a record or an object. */
    private void writeHolder(Object value, Location at, JsonWriter out) {
        Class<?> type = value.getClass();
        if (Containers.write(value, at, this, out)) {
            return;
        }
        if (Lambdas.mayBeLambda(type)) {
            Lambdas.write(value, at, this, out);
        } else if (Proxy.isProxyClass(type)) {
            throw Refusals.proxy(at, type);
        } else if (type != Object.class && StateFields.isJdk(type)) {
            throw Refusals.jdkTypeWithoutRule(at, type);
        } else {
            RecordsAndObjects.write(value, type, at, this, out);
        }
    }
}
