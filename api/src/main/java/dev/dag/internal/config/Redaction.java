package dev.dag.internal.config;

import java.util.regex.Pattern;

/** Takes the credentials out of a JDBC URL before dag prints it (messages, logs, {@code toString}). */
public final class Redaction {
    /** {@code password=secret} (or {@code pwd}, {@code passwd}) up to the next separator. */
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)((?:password|passwd|pwd)=)[^&;]*");
    /** {@code //user:secret@host}. */
    private static final Pattern USER_INFO = Pattern.compile("(//[^/:@]*:)[^/@]*@");

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
}
