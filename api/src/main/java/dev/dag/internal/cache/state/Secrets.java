package dev.dag.internal.cache.state;

import dev.dag.internal.config.Redaction;
import dev.dag.internal.config.SecretNames;
import java.net.PasswordAuthentication;

/**
 * Secrets, which count in a key without their text ever being written: {@code {"$secret":digest}}, the keyed hash
 * ({@link StateRules#secrets()}) of the value's canonical text. A secret is the value of a field or of a map key
 * (a {@code Properties} entry too) whose name {@link SecretNames} calls secret, a {@code char[]} (Java's type for
 * a password), the password of a {@code PasswordAuthentication}, and the credentials in a URL or a JDBC URL text
 * ({@code password=...}, {@code //user:password@}), which is written redacted beside the hash of the whole:
 * {@code {"$credentials":"jdbc:postgresql://h/db?password=***","secret":digest}}.
 */
final class Secrets {
    private Secrets() {
    }

    /** Whether the value of the field or map key {@code name} is a secret. */
    static boolean named(Object name) {
        return name instanceof CharSequence text && SecretNames.isSecret(text.toString());
    }

    /** {@code {"$secret":digest}} of {@code value}, found at {@code at}. */
    static void write(Object value, Location at, StateWalk walk, JsonWriter out) {
        if (value == null) {
            out.raw("null"); // an unset password is no secret, and stays apart from an empty one
            return;
        }
        out.tagged("$secret", walk.rules().secrets().of(walk.text(value, at)));
    }

    /** Writes {@code text} if it holds credentials (redacted, beside the hash of the whole); false otherwise. */
    static boolean writeCredentials(String text, StateWalk walk, JsonWriter out) {
        if (!Redaction.hasCredentials(text)) {
            return false;
        }
        out.open("$credentials").string(Redaction.url(text)).member("secret")
                .string(walk.rules().secrets().of(text)).close();
        return true;
    }

    /** {@code {"$jdk":"java.net.PasswordAuthentication","user":...,"password":{"$secret":...}}}. */
    static void writePasswordAuthentication(PasswordAuthentication login, StateWalk walk, JsonWriter out) {
        out.open("$jdk").string(PasswordAuthentication.class.getName()).member("user").string(login.getUserName())
                .member("password").tagged("$secret", walk.rules().secrets().of(new String(login.getPassword())))
                .close();
    }

    /** {@code {"$array":"char","secret":digest}}: a {@code char[]} is how Java holds a password. */
    static void writeChars(char[] chars, StateWalk walk, JsonWriter out) {
        out.open("$array").string(char.class.getName()).member("secret")
                .string(walk.rules().secrets().of(new String(chars))).close();
    }
}
