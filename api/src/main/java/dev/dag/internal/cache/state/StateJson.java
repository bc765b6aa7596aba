package dev.dag.internal.cache.state;

/**
 * The canonical JSON of a value's full state, for the cache keys of task arguments and receivers: the same text
 * for equal states on every JVM run and machine, different text for different states, and a refusal (never a
 * silent omission) for what cannot be hashed. Unlike {@link dev.dag.internal.cache.CanonicalJson} it does not
 * ask Jackson what a value is: it reads every field itself, so private state without getters, captured values of
 * lambdas and the type of a value are all part of the key.
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
 *     {@code {"$array":"byte","base64":"..."}}, {@code char[]} (Java's type for a password) as
 *     {@code {"$array":"char","secret":digest}}.</li>
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
 * <li>Secrets as {@code {"$secret":digest}}, the keyed hash ({@link StateRules#secrets()}) of their canonical
 *     text, never the text itself: the value of a field or map key whose name says secret ({@code password},
 *     {@code apiKey}, {@code token}, ...: see {@link dev.dag.internal.config.SecretNames}), a {@code char[]}, the
 *     password of a {@code java.net.PasswordAuthentication}; a text, URL or URI holding credentials
 *     ({@code password=}, {@code //user:password@}) is written redacted with the hash of the whole beside it
 *     ({@link Secrets}).</li>
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
 *
 * <p>Where each rule lives: {@link StateWalk} tries the rules in order ({@link Scalars} and {@link Numbers},
 * {@link JdkValues}, {@link Containers}, {@link Lambdas}, {@link RecordsAndObjects} with {@link StateFields});
 * {@link JsonWriter} writes the text, {@link Location} and {@link Ancestors} track where the walk is, and
 * {@link Refusals} words every refusal.
 */
public final class StateJson {
    /** Values nested deeper than this are refused rather than risking a {@code StackOverflowError}. */
    public static final int MAX_DEPTH = 256;

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
     * {@code argument.config}). A text whose path names a secret ({@code apiToken}) is written as one
     * ({@link Secrets}).
     *
     * @throws IllegalArgumentException if the value, or anything it holds, cannot be hashed
     */
    public static String of(Object value, StateRules rules, String path) {
        StateWalk walk = new StateWalk(rules, false);
        Location root = Location.root(path);
        // a text argument named as a secret (String apiToken) is one; other values show their secrets by name
        return value instanceof CharSequence && Secrets.named(path) ? walk.secretText(value, root)
                : walk.text(value, root);
    }

    /**
     * The canonical JSON of the receiver of an instance task: as {@link #of}, except that an object of a class
     * without fields to hash is written as its class name alone ({@code {"$object":"com.x.Job","fields":{}}}),
     * since all objects of such a task class compute the same. Objects it holds follow the rules of
     * {@link #of}. The path in messages starts at {@code receiver}.
     *
     * @throws IllegalArgumentException if the receiver, or anything it holds, cannot be hashed
     */
    public static String ofReceiver(Object receiver, StateRules rules) {
        return new StateWalk(rules, true).text(receiver, Location.root("receiver"));
    }
}
