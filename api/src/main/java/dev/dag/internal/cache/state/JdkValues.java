package dev.dag.internal.cache.state;

import dev.dag.internal.config.Redaction;
import java.io.File;
import java.net.PasswordAuthentication;
import java.net.URI;
import java.net.URL;
import java.nio.charset.Charset;
import java.nio.file.Path;
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
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * JDK value types, whose fields are not read: written as {@code {"$jdk":type,"value":text}} by a text the JDK
 * specifies (ISO dates with their zone, paths with {@code /} on every platform, the external form of a URL), a
 * {@code Pattern} with its flags, and optionals as {@code {"$optional":value}} ({@code null} when empty).
 */
final class JdkValues {
    /** Types whose {@code toString} is their ISO or standard text; all final, so the type named is the runtime one. */
    private static final List<Class<?>> BY_TO_STRING = List.of(Instant.class, LocalDate.class, LocalTime.class,
            LocalDateTime.class, OffsetDateTime.class, OffsetTime.class, ZonedDateTime.class, Duration.class,
            Period.class, Year.class, YearMonth.class, MonthDay.class, UUID.class, URI.class);

    private static final List<TextRule> TEXT_RULES = Stream.concat(
            BY_TO_STRING.stream().map(type -> new TextRule(type, Object::toString)),
            Stream.of(rule(ZoneId.class, ZoneId::getId),
                    rule(Path.class, JdkValues::slashed),
                    rule(File.class, file -> file.getPath().replace(File.separatorChar, '/')),
                    rule(URL.class, URL::toExternalForm), // never URL.equals, which resolves host names
                    new TextRule(Class.class, type -> ((Class<?>) type).getName()),
                    rule(Locale.class, Locale::toLanguageTag),
                    rule(Charset.class, Charset::name),
                    rule(Currency.class, Currency::getCurrencyCode))).toList();

    /** Values of {@code type} (named as such, whatever the implementation class) are written as {@code text}. */
    private record TextRule(Class<?> type, Function<Object, String> text) {
    }

    private JdkValues() {
    }

    /** Writes {@code value} if it is a JDK value type; false for any other value. */
    static boolean write(Object value, Location at, StateWalk walk, JsonWriter out) {
        if (value instanceof Class<?> type && type.isHidden()) {
            throw Refusals.hiddenClassName(at, type);
        }
        for (TextRule rule : TEXT_RULES) {
            if (rule.type().isInstance(value)) {
                String text = rule.text().apply(value);
                if (Redaction.hasCredentials(text)) { // a URL with a password: the text redacted, its hash beside
                    openJdk(rule.type(), Redaction.url(text), out).member("secret")
                            .string(walk.rules().secrets().of(text)).close();
                } else {
                    openJdk(rule.type(), text, out).close();
                }
                return true;
            }
        }
        if (value instanceof PasswordAuthentication login) {
            Secrets.writePasswordAuthentication(login, walk, out);
            return true;
        }
        if (value instanceof Pattern pattern) {
            openJdk(Pattern.class, pattern.pattern(), out).member("flags").raw(String.valueOf(pattern.flags()))
                    .close();
        } else if (value instanceof Optional<?> optional) {
            out.open("$optional");
            walk.write(optional.orElse(null), at.child(".get()"), out);
            out.close();
        } else if (value instanceof OptionalInt optional) {
            writeOptional(optional.isPresent() ? optional.getAsInt() : null, out);
        } else if (value instanceof OptionalLong optional) {
            writeOptional(optional.isPresent() ? optional.getAsLong() : null, out);
        } else if (value instanceof OptionalDouble optional) {
            writeOptional(optional.isPresent() ? optional.getAsDouble() : null, out);
        } else {
            return false;
        }
        return true;
    }

    private static <T> TextRule rule(Class<T> type, Function<T, String> text) {
        return new TextRule(type, value -> text.apply(type.cast(value)));
    }

    /** {@code {"$jdk":type,"value":text}, open for further members. */
    private static JsonWriter openJdk(Class<?> type, String text, JsonWriter out) {
        return out.open("$jdk").string(type.getName()).member("value").string(text);
    }

    /** An optional of a primitive: its number written as that number, or {@code null} when empty. */
    private static void writeOptional(Number number, JsonWriter out) {
        out.open("$optional");
        if (number == null) {
            out.raw("null");
        } else {
            Numbers.write(number, out);
        }
        out.close();
    }

    /** The path's text with {@code /} as separator, the same on every platform. */
    private static String slashed(Path path) {
        String separator = path.getFileSystem().getSeparator();
        return separator.equals("/") ? path.toString() : path.toString().replace(separator, "/");
    }
}
