package dev.dag.internal.cache;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.nio.channels.Channel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Comparator;
import java.util.Currency;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.regex.Pattern;
import java.util.stream.BaseStream;
import javax.sql.DataSource;

/**
 * The canonical JSON of a value's full state, for the cache keys of task arguments and receivers: the same text
 * for equal states on every JVM run and machine, different text for different states, and a refusal (never a
 * silent omission) for what cannot be hashed. Unlike {@link CanonicalJson} it does not ask Jackson what a value
 * is: it reads every field itself, so private state without getters, captured values of lambdas and the type of
 * a value are all part of the key.
 *
 * <p>The text is built by hand, without hash codes or the iteration order of hash-based collections. Only
 * {@code null}, booleans, integers, strings and lists are plain JSON; every other value is a JSON object whose
 * first key is a tag starting with {@code $} that says what it is and how the rest reads, so no user value (a
 * map, a string) can spell another value's JSON:
 * <ul>
 * <li>{@code null}, {@code true}, {@code false}; text as a JSON string (control characters and UTF-16
 *     surrogates escaped as {@code \}{@code uXXXX}, so a lone surrogate cannot turn into the same UTF-8 bytes as
 *     {@code ?}); {@code char} as {@code {"$char":"a"}}.</li>
 * <li>Integral numbers ({@code byte}, {@code short}, {@code int}, {@code long}, {@code BigInteger}) as JSON
 *     integers by value, whatever their Java type: {@code 1} and {@code 1L} are the same key.</li>
 * <li>{@code double} as {@code {"$double":"0x1.8p1"}} and {@code float} as {@code {"$float":"0x1.8p1"}}:
 *     {@link Double#toHexString}, the exact bits in a form the JDK specifies (unlike {@link Double#toString},
 *     whose digits changed in JDK 19). {@code -0.0} differs from {@code 0.0}; every NaN is {@code "NaN"}.</li>
 * <li>{@code BigDecimal} as {@code {"$decimal":"1.50"}}: its plain text <em>including its scale</em>, so
 *     {@code 1.50} differs from {@code 1.5} (a scale change can change what a query computes: the type of a
 *     literal, rounding, the text of a result). A negative scale is written in scientific form
 *     ({@code 1E+3}), which keeps it apart from {@code 1000} (scale 0).</li>
 * <li>Enums as {@code {"$enum":"com.x.Color","name":"RED"}} (the declaring enum class, also for constants with
 *     a body).</li>
 * <li>JDK values as {@code {"$jdk":"java.time.ZonedDateTime","value":"..."}}, the ISO text of {@code Instant},
 *     {@code LocalDate}, {@code LocalTime}, {@code LocalDateTime}, {@code OffsetDateTime}, {@code OffsetTime},
 *     {@code ZonedDateTime} (with its zone id, e.g. {@code [Europe/Paris]}), {@code Duration}, {@code Period},
 *     {@code Year}, {@code YearMonth}, {@code MonthDay}, {@code ZoneId}; {@code UUID}; {@code Path} and
 *     {@code File} (text with {@code /} as separator on every platform); {@code URI}, {@code URL} (its
 *     external form, never {@code URL.equals}); {@code Class} (its name); {@code Locale} (language tag);
 *     {@code Charset}; {@code Currency}; {@code Pattern} (pattern and {@code "flags"}).</li>
 * <li>{@code Optional} (and {@code OptionalInt}, {@code OptionalLong}, {@code OptionalDouble}) as
 *     {@code {"$optional":value}}, {@code {"$optional":null}} when empty.</li>
 * <li>Arrays as {@code {"$array":"int","items":[...]}} in order (the component type named); {@code byte[]} as
 *     {@code {"$array":"byte","base64":"..."}}, {@code char[]} as {@code {"$array":"char","text":"..."}}.</li>
 * <li>Lists and other non-set collections as a JSON array in iteration order; sets as {@code {"$set":[...]}}
 *     sorted by the canonical text of their elements; maps as {@code {"$map":[[key,value],...]}} sorted by the
 *     canonical text of their keys (then of their values), keys of any type. The implementation class of a
 *     collection is not part of the key ({@code HashSet} and {@code TreeSet} of the same strings are equal, as
 *     {@code Set.equals} says); {@code Map.Entry} as {@code {"$entry":[key,value]}}.</li>
 * <li>Records as {@code {"$record":"com.x.Window","fields":{...}}} and other objects as
 *     {@code {"$object":"com.x.Pricing","fields":{...}}}: every non-static, non-transient field of the class and
 *     its superclasses (private ones included), sorted by name, less the {@link StateRules#ignoredFields()}. A
 *     field hidden by a subclass field of the same name appears as {@code "com.x.Base.name"}. JDK superclasses
 *     without instance fields of their own ({@code Number}, {@code AbstractList}) are passed over; a JDK
 *     superclass with fields is refused, because the fields of JDK classes are not read.</li>
 * <li>Lambdas and method references as {@code {"$lambda":code,"captured":{"arg$1":...}}}: the fingerprint of
 *     their implementation code ({@link StateRules#lambdaCode()}) and their captured values. The class name of a
 *     lambda is never written: it changes from one JVM run to the next.</li>
 * <li>A value the engine hashes itself ({@link StateRules#leafTokens()}) as {@code {"$token":replacement}}.</li>
 * </ul>
 *
 * <p>Refused with an {@link IllegalArgumentException} whose message names the path to the value (e.g.
 * {@code argument.config.connection (java.sql.Connection)}) and what to do: resources ({@code Connection},
 * {@code DataSource}, JDBC statements and result sets, {@code Thread}, {@code ExecutorService}, I/O and
 * {@code java.util.stream} streams, channels, sockets, {@code ClassLoader}); JDK types without a rule above;
 * proxies and hidden classes that are not lambdas; lambdas when no code fingerprint is available; an object
 * whose class has no field to hash (after static, transient and ignored ones are left out) and does not override
 * {@code equals} or {@code hashCode}, whose identity is all it has (records and objects that override them are
 * written as their class name alone, and so is the receiver of an instance task: see {@link #ofReceiver});
 * cycles; nesting deeper than {@link #MAX_DEPTH}.
 */
public final class StateJson {
    /** Values nested deeper than this are refused rather than risking a {@code StackOverflowError}. */
    public static final int MAX_DEPTH = 256;

    private static final String WHAT_TO_DO = "mark the field transient, list it under the task's ignore: in the "
            + "config, or pass a value instead (numbers, text, dates, enums, records, lists, sets, maps)";

    /** Resources: hashing their fields would be meaningless, and leaving them out silently would hide state. */
    private static final List<Refusal> RESOURCES = List.of(
            new Refusal(Connection.class, "a database connection"),
            new Refusal(DataSource.class, "a data source"),
            new Refusal(Statement.class, "a JDBC statement"),
            new Refusal(ResultSet.class, "a JDBC result set"),
            new Refusal(Thread.class, "a thread"),
            new Refusal(ExecutorService.class, "an executor"),
            new Refusal(InputStream.class, "a stream"),
            new Refusal(OutputStream.class, "a stream"),
            new Refusal(Reader.class, "a reader"),
            new Refusal(Writer.class, "a writer"),
            new Refusal(BaseStream.class, "a stream"),
            new Refusal(Channel.class, "a channel"),
            new Refusal(Socket.class, "a socket"),
            new Refusal(ServerSocket.class, "a socket"),
            new Refusal(DatagramSocket.class, "a socket"),
            new Refusal(ClassLoader.class, "a class loader"));

    /** JDK value types written as their text, under the type name given here. */
    private static final List<Class<?>> TEXT_VALUES = List.of(Instant.class, LocalDate.class, LocalTime.class,
            LocalDateTime.class, OffsetDateTime.class, OffsetTime.class, ZonedDateTime.class, Duration.class,
            Period.class, Year.class, YearMonth.class, MonthDay.class, UUID.class, URI.class);

    private StateJson() {
    }

    /**
     * The canonical JSON of {@code value}'s full state; the path in messages starts at {@code value}.
     *
     * @throws IllegalArgumentException if the value, or anything it holds, cannot be hashed
     */
    public static String of(Object value, StateRules rules) {
        return of(value, rules, "value");
    }

    /**
     * The canonical JSON of {@code value}'s full state; the path in messages starts at {@code path} (e.g.
     * {@code argument.config}).
     *
     * @throws IllegalArgumentException if the value, or anything it holds, cannot be hashed
     */
    public static String of(Object value, StateRules rules, String path) {
        return new Walk(rules, false).text(value, path, 0);
    }

    /**
     * The canonical JSON of the receiver of an instance task: as {@link #of}, except that an object of a class
     * without fields to hash is written as its class name alone ({@code {"$object":"com.x.Job","fields":{}}}),
     * since all objects of such a task class compute the same. Objects it holds follow the rules of
     * {@link #of}. The path in messages starts at {@code receiver}.
     */
    public static String ofReceiver(Object receiver, StateRules rules) {
        return new Walk(rules, true).text(receiver, "receiver", 0);
    }

    private record Refusal(Class<?> type, String what) {
    }

    /** One walk over a value: the rules, and the objects on the current path (to refuse cycles). */
    private static final class Walk {
        private final StateRules rules;
        private final boolean fieldlessRoot;
        private final Map<Object, String> onPath = new IdentityHashMap<>();

        Walk(StateRules rules, boolean fieldlessRoot) {
            this.rules = rules;
            this.fieldlessRoot = fieldlessRoot;
        }

        String text(Object value, String path, int depth) {
            StringBuilder out = new StringBuilder();
            write(value, path, depth, out);
            return out.toString();
        }

        private void write(Object value, String path, int depth, StringBuilder out) {
            if (value == null) {
                out.append("null");
                return;
            }
            if (depth > MAX_DEPTH) {
                throw refused(path, value.getClass().getName(), "it is nested more than " + MAX_DEPTH
                        + " levels deep (a long linked structure?)", "pass a flatter value (a list), or " + WHAT_TO_DO);
            }
            Object token = rules.leafTokens().apply(value);
            if (token != null && token != value) {
                enter(value, path);
                out.append("{\"$token\":");
                write(token, path, depth + 1, out);
                out.append('}');
                leave(value);
                return;
            }
            for (Refusal resource : RESOURCES) {
                if (resource.type().isInstance(value)) {
                    throw refused(path, resource.type().getName(), "it is " + resource.what()
                            + ", a resource rather than a value", WHAT_TO_DO);
                }
            }
            if (writeScalar(value, out) || writeJdkValue(value, path, depth, out)) {
                return;
            }
            enter(value, path);
            writeComposite(value, path, depth, out);
            leave(value);
        }

        private static boolean writeScalar(Object value, StringBuilder out) {
            if (value instanceof String text) {
                quote(text, out);
            } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long
                    || value instanceof Short || value instanceof Byte || value instanceof BigInteger) {
                out.append(value);
            } else if (value instanceof Double number) {
                tag("$double", Double.toHexString(number), out);
            } else if (value instanceof Float number) {
                tag("$float", Float.toHexString(number), out);
            } else if (value instanceof BigDecimal decimal) {
                tag("$decimal", decimal.scale() >= 0 ? decimal.toPlainString() : decimal.toString(), out);
            } else if (value instanceof Character character) {
                tag("$char", character.toString(), out);
            } else if (value instanceof Enum<?> constant) {
                out.append("{\"$enum\":");
                quote(constant.getDeclaringClass().getName(), out);
                out.append(",\"name\":");
                quote(constant.name(), out);
                out.append('}');
            } else {
                return false;
            }
            return true;
        }

        private boolean writeJdkValue(Object value, String path, int depth, StringBuilder out) {
            String type;
            String text;
            if (TEXT_VALUES.contains(value.getClass())) {
                type = value.getClass().getName();
                text = value.toString();
            } else if (value instanceof ZoneId zone) {
                type = ZoneId.class.getName();
                text = zone.getId();
            } else if (value instanceof Path file) {
                type = Path.class.getName();
                String separator = file.getFileSystem().getSeparator();
                text = separator.equals("/") ? file.toString() : file.toString().replace(separator, "/");
            } else if (value instanceof File file) {
                type = File.class.getName();
                text = file.getPath().replace(File.separatorChar, '/');
            } else if (value instanceof URL url) {
                type = URL.class.getName();
                text = url.toExternalForm();
            } else if (value instanceof Class<?> clazz) {
                if (clazz.isHidden()) {
                    throw refused(path, Class.class.getName(), "it is the hidden class " + clazz.getName()
                            + ", whose name changes from one JVM run to the next", WHAT_TO_DO);
                }
                type = Class.class.getName();
                text = clazz.getName();
            } else if (value instanceof Locale locale) {
                type = Locale.class.getName();
                text = locale.toLanguageTag();
            } else if (value instanceof Charset charset) {
                type = Charset.class.getName();
                text = charset.name();
            } else if (value instanceof Currency currency) {
                type = Currency.class.getName();
                text = currency.getCurrencyCode();
            } else if (value instanceof Pattern pattern) {
                out.append("{\"$jdk\":");
                quote(Pattern.class.getName(), out);
                out.append(",\"value\":");
                quote(pattern.pattern(), out);
                out.append(",\"flags\":").append(pattern.flags()).append('}');
                return true;
            } else if (value instanceof Optional<?> optional) {
                out.append("{\"$optional\":");
                write(optional.orElse(null), path + ".get()", depth + 1, out);
                out.append('}');
                return true;
            } else if (value instanceof OptionalInt optional) {
                out.append("{\"$optional\":").append(optional.isPresent() ? optional.getAsInt() : "null").append('}');
                return true;
            } else if (value instanceof OptionalLong optional) {
                out.append("{\"$optional\":").append(optional.isPresent() ? optional.getAsLong() : "null").append('}');
                return true;
            } else if (value instanceof OptionalDouble optional) {
                out.append("{\"$optional\":");
                if (optional.isPresent()) {
                    tag("$double", Double.toHexString(optional.getAsDouble()), out);
                } else {
                    out.append("null");
                }
                out.append('}');
                return true;
            } else {
                return false;
            }
            out.append("{\"$jdk\":");
            quote(type, out);
            out.append(",\"value\":");
            quote(text, out);
            out.append('}');
            return true;
        }

        private void writeComposite(Object value, String path, int depth, StringBuilder out) {
            Class<?> type = value.getClass();
            if (type.isArray()) {
                writeArray(value, path, depth, out);
            } else if (value instanceof Map<?, ?> map) {
                writeMap(map, path, depth, out);
            } else if (value instanceof Set<?> set) {
                List<String> elements = new ArrayList<>();
                for (Object element : set) {
                    elements.add(text(element, path + "[*]", depth + 1));
                }
                elements.sort(Comparator.naturalOrder());
                out.append("{\"$set\":[").append(String.join(",", elements)).append("]}");
            } else if (value instanceof Collection<?> collection) {
                out.append('[');
                int index = 0;
                for (Object element : collection) {
                    if (index > 0) {
                        out.append(',');
                    }
                    write(element, path + "[" + index++ + "]", depth + 1, out);
                }
                out.append(']');
            } else if (value instanceof Map.Entry<?, ?> entry) {
                out.append("{\"$entry\":[");
                write(entry.getKey(), path + ".getKey()", depth + 1, out);
                out.append(',');
                write(entry.getValue(), path + ".getValue()", depth + 1, out);
                out.append("]}");
            } else if (type.isHidden() || type.isSynthetic() || type.getName().contains("$$Lambda")) {
                writeLambda(value, path, depth, out);
            } else if (Proxy.isProxyClass(type)) {
                throw refused(path, type.getName(), "it is a proxy, whose behaviour lives in its invocation handler",
                        WHAT_TO_DO);
            } else if (type != Object.class && isJdk(type)) {
                throw refused(path, type.getName(), "it is a JDK type dag has no rule for, and the fields of JDK "
                        + "classes are not read", WHAT_TO_DO);
            } else {
                writeObject(value, type, path, depth, out);
            }
        }

        private void writeArray(Object array, String path, int depth, StringBuilder out) {
            Class<?> component = array.getClass().getComponentType();
            out.append("{\"$array\":");
            quote(component.getName(), out);
            if (component == byte.class) {
                out.append(",\"base64\":");
                quote(Base64.getEncoder().encodeToString((byte[]) array), out);
            } else if (component == char.class) {
                out.append(",\"text\":");
                quote(new String((char[]) array), out);
            } else {
                out.append(",\"items\":[");
                int length = Array.getLength(array);
                for (int i = 0; i < length; i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    write(Array.get(array, i), path + "[" + i + "]", depth + 1, out);
                }
                out.append(']');
            }
            out.append('}');
        }

        private void writeMap(Map<?, ?> map, String path, int depth, StringBuilder out) {
            List<String[]> entries = new ArrayList<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                entries.add(new String[] {
                        text(entry.getKey(), path + ".keySet()", depth + 1),
                        text(entry.getValue(), path + "[" + label(entry.getKey()) + "]", depth + 1)});
            }
            entries.sort(Comparator.<String[], String>comparing(entry -> entry[0]).thenComparing(entry -> entry[1]));
            out.append("{\"$map\":[");
            for (int i = 0; i < entries.size(); i++) {
                out.append(i > 0 ? ",[" : "[").append(entries.get(i)[0]).append(',').append(entries.get(i)[1])
                        .append(']');
            }
            out.append("]}");
        }

        private void writeLambda(Object lambda, String path, int depth, StringBuilder out) {
            Class<?> type = lambda.getClass();
            String code = rules.lambdaCode().apply(lambda);
            if (code == null && type.isHidden()) {
                throw refused(path, type.getName(), type.getName().contains("$$Lambda")
                        ? "it is a lambda or method reference, and no fingerprint of its code is available"
                        : "it is an instance of a hidden class, whose name changes from one JVM run to the next",
                        WHAT_TO_DO);
            }
            if (code == null) {
                writeObject(lambda, type, path, depth, out);
                return;
            }
            out.append("{\"$lambda\":");
            quote(code, out);
            out.append(",\"captured\":{");
            TreeMap<String, Field> captured = new TreeMap<>();
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    captured.put(field.getName(), field);
                }
            }
            writeFields(lambda, captured, path, depth, out);
            out.append("}}");
        }

        private void writeObject(Object value, Class<?> type, String path, int depth, StringBuilder out) {
            TreeMap<String, Field> fields = stateFields(type, path);
            if (fields.isEmpty() && !type.isRecord() && !(depth == 0 && fieldlessRoot) && !overridesEquality(type)) {
                throw refused(path, type.getName(), "it has no fields to hash and does not override equals or "
                        + "hashCode: its identity is all it has, so no key can tell two of them apart", "give it "
                        + "fields that hold what it stands for, override equals and hashCode if all its instances "
                        + "are interchangeable, or " + WHAT_TO_DO);
            }
            out.append(type.isRecord() ? "{\"$record\":" : "{\"$object\":");
            quote(type.getName(), out);
            out.append(",\"fields\":{");
            writeFields(value, fields, path, depth, out);
            out.append("}}");
        }

        /**
         * The fields that make up the state of a {@code type}, by the name they are written under: non-static,
         * non-transient, not ignored, from the class up to (not including) {@code Object}.
         */
        private TreeMap<String, Field> stateFields(Class<?> type, String path) {
            TreeMap<String, Field> fields = new TreeMap<>();
            for (Class<?> owner = type; owner != null && owner != Object.class; owner = owner.getSuperclass()) {
                if (isJdk(owner)) {
                    if (hasInstanceFields(owner)) {
                        throw refused(path, type.getName(), "it extends " + owner.getName() + ", a JDK class whose "
                                + "fields dag does not read", WHAT_TO_DO);
                    }
                    continue;
                }
                for (Field field : owner.getDeclaredFields()) {
                    int modifiers = field.getModifiers();
                    if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers)
                            || rules.ignores(owner, type, field.getName())) {
                        continue;
                    }
                    String name = fields.containsKey(field.getName()) ? owner.getName() + "." + field.getName()
                            : field.getName();
                    fields.put(name, field);
                }
            }
            return fields;
        }

        private void writeFields(Object owner, TreeMap<String, Field> fields, String path, int depth,
                                 StringBuilder out) {
            boolean first = true;
            for (Map.Entry<String, Field> entry : fields.entrySet()) {
                String fieldPath = path + "." + entry.getValue().getName();
                Object value;
                try {
                    entry.getValue().setAccessible(true);
                    value = entry.getValue().get(owner);
                } catch (InaccessibleObjectException | IllegalAccessException | SecurityException e) {
                    throw refused(fieldPath, entry.getValue().getType().getName(), "its field cannot be read ("
                            + e.getMessage() + ")", "open its package to dag, or " + WHAT_TO_DO);
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(entry.getKey(), out);
                out.append(':');
                write(value, fieldPath, depth + 1, out);
            }
        }

        private void enter(Object value, String path) {
            String earlier = onPath.putIfAbsent(value, path);
            if (earlier != null) {
                throw refused(path, value.getClass().getName(), "it is the value at " + earlier + " again, inside "
                        + "itself (a cycle)", "mark the back reference transient, list it under the task's ignore: "
                        + "in the config, or pass a value without cycles");
            }
        }

        private void leave(Object value) {
            onPath.remove(value);
        }
    }

    private static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    private static boolean hasInstanceFields(Class<?> type) {
        for (Field field : type.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers()) && !Modifier.isTransient(field.getModifiers())) {
                return true;
            }
        }
        return false;
    }

    private static boolean overridesEquality(Class<?> type) {
        try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class
                    || type.getMethod("hashCode").getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("every class has equals and hashCode", e);
        }
    }

    /** A map key as it appears in a path: text quoted, numbers and constants as written, anything else by type. */
    private static String label(Object key) {
        String label;
        if (key instanceof String text) {
            label = '"' + text + '"';
        } else if (key instanceof Enum<?> constant) {
            label = constant.name();
        } else if (key == null || key instanceof Number || key instanceof Boolean || key instanceof Character) {
            label = String.valueOf(key);
        } else {
            label = "a " + key.getClass().getName();
        }
        return label.length() > 60 ? label.substring(0, 57) + "..." : label;
    }

    /** The refusal of the value at {@code path}: where, what type, why, and what to do (a lower-case clause). */
    private static IllegalArgumentException refused(String path, String type, String why, String whatToDo) {
        String where = path.length() <= 200 ? path : path.substring(0, 80) + "..." + path.substring(path.length() - 100);
        return new IllegalArgumentException("cannot hash " + where + " (" + type + "): " + why + ". "
                + Character.toUpperCase(whatToDo.charAt(0)) + whatToDo.substring(1) + ".");
    }

    private static void tag(String tag, String text, StringBuilder out) {
        out.append("{\"").append(tag).append("\":");
        quote(text, out);
        out.append('}');
    }

    /** A JSON string; control characters, DEL and every UTF-16 surrogate escaped, so the text is valid UTF-8. */
    private static void quote(String text, StringBuilder out) {
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
                    if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
                        out.append("\\u").append(HexFormat.of().toHexDigits(c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
