package dev.dag.internal.engine.run;

import dev.dag.DagException;
import dev.dag.DefinitionException;
import dev.dag.internal.cache.CanonicalJson;
import dev.dag.internal.cache.code.ParameterNames;
import dev.dag.internal.cache.state.StateJson;
import dev.dag.internal.cache.state.StateRules;
import dev.dag.internal.engine.define.CallState;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.Placeholders;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.values.ValueWalker;
import dev.dag.internal.hash.Hashes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The state of a task call's arguments and receiver ({@link CallState}), hashed as its cache key hashes them, with
 * another call's output standing for that call: taken when a flow definition records the call, and again when
 * the run reaches it, to refuse an argument changed in between.
 */
final class CallStates {
    private CallStates() {
    }

    /**
     * The call's state, or null when an argument cannot be hashed (the run then refuses it, naming it).
     *
     * @throws DefinitionException for an output of another task inside an object that is no list, set, map, array
     *                             or record: dag cannot hand the task the stored table in its place
     */
    static CallState of(TaskInvocation invocation) {
        Set<OutputPlaceholder> seen = new LinkedHashSet<>();
        StateRules rules = TaskKeyBuilder.rules(invocation.descriptor(), placeholder -> {
            seen.add(placeholder);
            return Map.of("$call", identity(placeholder.producer()), "path", placeholder.path());
        });
        Map<String, String> arguments;
        String receiver;
        try {
            arguments = TaskKeyBuilder.arguments(invocation, rules);
            receiver = TaskKeyBuilder.receiver(invocation, rules);
        } catch (DagException e) {
            return null;
        }
        refuseHidden(invocation, seen);
        String method = invocation.descriptor().method().getDeclaringClass().getName() + "."
                + invocation.descriptor().key();
        return new CallState(arguments, receiver, Hashes.of("call", method, receiver, CanonicalJson.of(arguments)));
    }

    /**
     * Refuses a call whose arguments changed since the call was recorded: the task would run with values the call
     * did not pass, and read tables it does not wait for.
     *
     * @throws DefinitionException naming the first argument that changed
     */
    static void refuseChangedSinceTheCall(TaskInvocation invocation) {
        CallState atCall = invocation.callState();
        if (atCall == null || cannotChange(invocation)) {
            return;
        }
        CallState now = of(invocation);
        if (now == null || atCall.equals(now)) {
            return;
        }
        List<String> names = ParameterNames.of(invocation.descriptor().method());
        String what = "The object of instance task " + invocation;
        for (Map.Entry<String, String> argument : atCall.arguments().entrySet()) {
            if (!Objects.equals(argument.getValue(), now.arguments().get(argument.getKey()))) {
                int index = Integer.parseInt(argument.getKey());
                Object value = invocation.args()[index];
                what = "Argument '" + names.get(index) + "' of " + invocation + " (a "
                        + (value == null ? "null" : value.getClass().getSimpleName()) + ")";
                break;
            }
        }
        throw new DefinitionException(what + " changed after the call, before the run reached it. A flow runs each "
                + "task with its arguments as they were at the call: dag copies the lists, sets, maps, arrays and "
                + "records among them, but no other object. Pass a value that does not change afterwards (a record, "
                + "a copy made for the call), or change it before the call.", invocation.taskName(), null,
                invocation.stage().name());
    }

    /**
     * Whether the call's state cannot have changed since it was recorded, without taking it again: a static task
     * whose arguments (dag's own copy of them) are all values no one can change, as most calls of a flow are.
     */
    private static boolean cannotChange(TaskInvocation invocation) {
        if (invocation.self() != null) {
            return false;
        }
        for (Object arg : invocation.args()) {
            if (!isUnchangeable(arg)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Text, boxed primitives, enums (hashed by their name), exact big numbers and dates, and other tasks' outputs
     * (a {@code Table} may wrap rows the caller still holds, so it is not one). Exact classes where a subclass could
     * add state.
     */
    private static boolean isUnchangeable(Object value) {
        if (value == null || value instanceof String || value instanceof Integer || value instanceof Long
                || value instanceof Boolean || value instanceof Double || value instanceof Float
                || value instanceof Short || value instanceof Byte || value instanceof Character
                || value instanceof Enum<?> || Placeholders.of(value) != null) {
            return true;
        }
        Class<?> type = value.getClass();
        return type == BigDecimal.class || type == BigInteger.class || type == LocalDate.class
                || type == LocalDateTime.class || type == Instant.class;
    }

    /** The identity of a recorded call, for the state of the calls that take its outputs. */
    private static String identity(TaskInvocation producer) {
        CallState state = producer.callState();
        return state != null ? state.identity()
                : "unhashed:" + producer.stage().name() + "#" + System.identityHashCode(producer);
    }

    private static void refuseHidden(TaskInvocation invocation, Set<OutputPlaceholder> seen) {
        if (seen.isEmpty()) {
            return;
        }
        Object[] args = invocation.args();
        Set<OutputPlaceholder> bindable = new HashSet<>();
        for (Object arg : args) {
            ValueWalker.visit(arg, leaf -> {
                OutputPlaceholder placeholder = Placeholders.of(leaf);
                if (placeholder != null) {
                    bindable.add(placeholder);
                }
            });
        }
        for (OutputPlaceholder placeholder : seen) {
            if (!bindable.contains(placeholder)) {
                throw new DefinitionException(invocation + " gets the output " + placeholder + " inside "
                        + holder(invocation, placeholder) + ", which is no list, set, map, array or record: dag "
                        + "hands a task the stored table of another task's output only in its parameters and in "
                        + "those containers. Pass the table as a parameter of its own, or in such a container.",
                        invocation.taskName(), null, invocation.stage().name());
            }
        }
    }

    /** Which argument (or the receiver) holds {@code placeholder} somewhere in its fields. */
    private static String holder(TaskInvocation invocation, OutputPlaceholder placeholder) {
        List<String> names = ParameterNames.of(invocation.descriptor().method());
        Object[] args = invocation.args();
        for (int i = 0; i < args.length; i++) {
            Set<OutputPlaceholder> inArgument = new HashSet<>();
            StateRules rules = TaskKeyBuilder.rules(invocation.descriptor(), found -> {
                inArgument.add(found);
                return "";
            });
            try {
                StateJson.of(args[i], rules, names.get(i));
            } catch (IllegalArgumentException e) {
                continue;
            }
            if (inArgument.contains(placeholder)) {
                return "argument '" + names.get(i) + "' (a " + args[i].getClass().getSimpleName() + ")";
            }
        }
        return "the task's object (a " + invocation.self().getClass().getSimpleName() + ")";
    }
}
