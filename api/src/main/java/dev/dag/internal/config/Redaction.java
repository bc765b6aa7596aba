package dev.dag.internal.config;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes the credentials out of a JDBC URL (or any text that may hold one) before dag prints or stores it: messages,
 * logs, {@code toString}, exceptions of drivers that quote the URL.
 */
public final class Redaction {
    /**
     * {@code password=secret} up to the next separator, and any parameter whose name says secret as
     * {@link SecretNames} has it ({@code pwd}, {@code motherduck_token}, {@code api-key}, {@code clientSecret}).
     */
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)((?<![\\w.-])[\\w.-]*(?:password|passwd|"
            + "passphrase|pwd|secret|token|api[_.-]?key|access[_.-]?key|private[_.-]?key|credential)[\\w.-]*=)"
            + "[^&;\\s]*");
    /** {@code //user:secret@host}. */
    private static final Pattern USER_INFO = Pattern.compile("(//[^/:@\\s]*:)[^/@\\s]*@");
    /** The user info of {@code //user:secret@host}, to move it out of a URL. */
    private static final Pattern CREDENTIALS = Pattern.compile("//([^/:@\\s]*):([^/@\\s]*)@");

    private Redaction() {
    }

    /** {@code url} with every password replaced by {@code ***}. */
    public static String url(String url) {
        if (url == null) {
            return null;
        }
        String redacted = PASSWORD_PARAMETER.matcher(url).replaceAll("$1***");
        return USER_INFO.matcher(redacted).replaceAll("$1***@");
    }

    /** Whether {@code text} holds a password that {@link #url} would hide. */
    public static boolean hasCredentials(String text) {
        // every text of a cache key passes here: most have neither sign, and need no regular expression
        return text != null && (text.indexOf('=') >= 0 || text.indexOf('@') >= 0) && !url(text).equals(text);
    }

    /**
     * A URL's {@code //user:password@} credentials, taken out: the URL without them, and the user and password
     * they gave (null when the URL has none). Drivers that do not read them quote the URL in their errors.
     */
    public static UrlCredentials credentials(String url) {
        Matcher matcher = url == null ? null : CREDENTIALS.matcher(url);
        if (matcher == null || !matcher.find()) {
            return new UrlCredentials(url, null, null);
        }
        return new UrlCredentials(url.substring(0, matcher.start()) + "//" + url.substring(matcher.end()),
                matcher.group(1), matcher.group(2));
    }

    /** A URL without {@code //user:password@}, and what that gave. */
    public record UrlCredentials(String url, String user, String password) {
        @Override
        public String toString() {
            return Redaction.url(url) + (user == null ? "" : " (user " + user + ", password ***)");
        }
    }

    /**
     * {@code error} and its causes, each with its message redacted ({@link #url}, and every one of {@code secrets}
     * replaced by {@code ***}) and its stack trace kept: the exception that holds no password, to keep as the cause
     * of dag's own. The chain is copied only when a message needed it.
     */
    public static Throwable throwable(Throwable error, Collection<String> secrets) {
        List<String> known = secrets.stream().filter(secret -> secret != null && !secret.isEmpty()).toList();
        if (error == null || !anyCredentials(error, known)) {
            return error;
        }
        return copy(error, known);
    }

    private static boolean anyCredentials(Throwable error, List<String> secrets) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            String message = t.getMessage();
            if (message != null && !redacted(message, secrets).equals(message)) {
                return true;
            }
        }
        return false;
    }

    /** {@code message} with every password {@link #url} finds, and each of {@code secrets}, replaced by {@code ***}. */
    public static String text(String message, Collection<String> secrets) {
        return redacted(message, secrets.stream().filter(secret -> secret != null && !secret.isEmpty()).toList());
    }

    private static String redacted(String message, List<String> secrets) {
        String redacted = url(message);
        for (String secret : secrets) {
            redacted = redacted.replace(secret, "***");
        }
        return redacted;
    }

    private static Throwable copy(Throwable error, List<String> secrets) {
        String message = error.getMessage() == null ? null : redacted(error.getMessage(), secrets);
        Throwable copy = new RedactedException(error.getClass().getName() + (message == null ? "" : ": " + message),
                error.getCause() == null ? null : copy(error.getCause(), secrets));
        copy.setStackTrace(error.getStackTrace());
        for (Throwable suppressed : error.getSuppressed()) {
            copy.addSuppressed(throwable(suppressed, secrets));
        }
        return copy;
    }

    /** An exception of a driver or library, shown as it was (class and message) less the password it held. */
    static final class RedactedException extends RuntimeException {
        RedactedException(String text, Throwable cause) {
            super(text, cause);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
