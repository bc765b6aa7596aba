package dev.dag.internal.config;

import java.util.List;
import java.util.Locale;

/**
 * Which names stand for a secret: a field, a map key or a configuration key whose name, in lower case and without
 * {@code _}, {@code -} and {@code .}, contains one of {@link #MARKS} ({@code password}, {@code dbPassword},
 * {@code api_key}, {@code AUTH_TOKEN}, {@code client.secret}). A false alarm costs little: the value still counts in
 * the cache key, only its text is never shown.
 */
public final class SecretNames {
    /** What a secret's name contains. */
    public static final List<String> MARKS = List.of("password", "passwd", "passphrase", "pwd", "secret", "token",
            "apikey", "accesskey", "privatekey", "credential");

    private SecretNames() {
    }

    /** Whether {@code name} names a secret. */
    public static boolean isSecret(String name) {
        if (name == null) {
            return false;
        }
        String plain = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "").replace(".", "");
        return MARKS.stream().anyMatch(plain::contains);
    }
}
