package dev.dag.internal.cache.state;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.Field;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.Channel;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.stream.BaseStream;
import javax.sql.DataSource;

/**
 * Values that cannot be hashed, in words: each refusal is an {@link IllegalArgumentException} that names the path
 * to the value and its type, says why, and says what to do, since leaving the value out would hide state.
 */
final class Refusals {
    private static final String WHAT_TO_DO = "mark the field transient, list it under the task's ignore: in the "
            + "config, or pass a value instead (numbers, text, dates, enums, records, lists, sets, maps)";

    /** Resources: hashing their fields would be meaningless, and leaving them out silently would hide state. */
    private static final List<Resource> RESOURCES = List.of(
            new Resource(Connection.class, "a database connection"),
            new Resource(DataSource.class, "a data source"),
            new Resource(Statement.class, "a JDBC statement"),
            new Resource(ResultSet.class, "a JDBC result set"),
            new Resource(Thread.class, "a thread"),
            new Resource(ExecutorService.class, "an executor"),
            new Resource(InputStream.class, "a stream"),
            new Resource(OutputStream.class, "a stream"),
            new Resource(Reader.class, "a reader"),
            new Resource(Writer.class, "a writer"),
            new Resource(BaseStream.class, "a stream"),
            new Resource(Channel.class, "a channel"),
            new Resource(Socket.class, "a socket"),
            new Resource(ServerSocket.class, "a socket"),
            new Resource(DatagramSocket.class, "a socket"),
            new Resource(ClassLoader.class, "a class loader"));

    private record Resource(Class<?> type, String what) {
    }

    private Refusals() {
    }

    /** Refuses {@code value} if it is a resource rather than a value. */
    static void refuseResources(Object value, Location at) {
        for (Resource resource : RESOURCES) {
            if (resource.type().isInstance(value)) {
                throw refused(at, resource.type().getName(), "it is " + resource.what()
                        + ", a resource rather than a value", WHAT_TO_DO);
            }
        }
    }

    static IllegalArgumentException tooDeep(Location at, Object value) {
        return refused(at, value.getClass().getName(), "it is nested more than " + StateJson.MAX_DEPTH
                + " levels deep (a long linked structure?)", "pass a flatter value (a list), or " + WHAT_TO_DO);
    }

    static IllegalArgumentException cycle(Location at, Object value, String earlierPath) {
        return refused(at, value.getClass().getName(), "it is the value at " + earlierPath + " again, inside "
                + "itself (a cycle)", "mark the back reference transient, list it under the task's ignore: "
                + "in the config, or pass a value without cycles");
    }

    /** A {@code Class} value naming a hidden class. */
    static IllegalArgumentException hiddenClassName(Location at, Class<?> hidden) {
        return refused(at, Class.class.getName(), "it is the hidden class " + hidden.getName()
                + ", whose name changes from one JVM run to the next", WHAT_TO_DO);
    }

    /** An instance of a hidden class: a lambda without a code fingerprint, or another hidden class. */
    static IllegalArgumentException hiddenInstance(Location at, Class<?> type) {
        return refused(at, type.getName(), type.getName().contains("$$Lambda")
                ? "it is a lambda or method reference, and no fingerprint of its code is available"
                : "it is an instance of a hidden class, whose name changes from one JVM run to the next",
                WHAT_TO_DO);
    }

    /** A lambda whose code cannot be told apart from other lambdas' ({@code why}). */
    static IllegalArgumentException unidentifiedLambda(Location at, Class<?> type, String why) {
        return refused(at, type.getName(), why, "pass a method reference or a lambda that is the only one of its "
                + "interface in its class, a Serializable lambda (e.g. (IntUnaryOperator & Serializable) x -> x + 1, "
                + "whose implementation dag can read), or an object of a named class (or an enum) in its place; "
                + "with the dag agent attached, dag reads which lambda it is itself");
    }

    static IllegalArgumentException proxy(Location at, Class<?> type) {
        return refused(at, type.getName(), "it is a proxy, whose behaviour lives in its invocation handler",
                WHAT_TO_DO);
    }

    static IllegalArgumentException jdkTypeWithoutRule(Location at, Class<?> type) {
        return refused(at, type.getName(), "it is a JDK type dag has no rule for, and the fields of JDK "
                + "classes are not read", WHAT_TO_DO);
    }

    static IllegalArgumentException jdkSuperclass(Location at, Class<?> type, Class<?> superclass) {
        return refused(at, type.getName(), "it extends " + superclass.getName() + ", a JDK class whose "
                + "fields dag does not read", WHAT_TO_DO);
    }

    /** An object of a class without fields to hash and without its own {@code equals} or {@code hashCode}. */
    static IllegalArgumentException identityOnly(Location at, Class<?> type) {
        return refused(at, type.getName(), "it has no fields to hash and does not override equals or "
                + "hashCode: its identity is all it has, so no key can tell two of them apart", "give it "
                + "fields that hold what it stands for, override equals and hashCode if all its instances "
                + "are interchangeable, or " + WHAT_TO_DO);
    }

    /** {@code at} is the field's own location. */
    static IllegalArgumentException unreadableField(Location at, Field field, Exception cause) {
        return refused(at, field.getType().getName(), "its field cannot be read (" + cause.getMessage() + ")",
                "open its package to dag, or " + WHAT_TO_DO);
    }

    /** The refusal of the value at {@code at}: where, what type, why, and what to do (a lower-case clause). */
    private static IllegalArgumentException refused(Location at, String type, String why, String whatToDo) {
        return new IllegalArgumentException("cannot hash " + at.forMessage() + " (" + type + "): " + why + ". "
                + Character.toUpperCase(whatToDo.charAt(0)) + whatToDo.substring(1) + ".");
    }
}
