package dev.dag;

/** A configuration that cannot be used: unknown instance, bad file, unreachable database. */
public class ConfigException extends DagException {
    /** A configuration error with its cause (may be null). */
    public ConfigException(String message, Throwable cause) {
        super(message, null, null, null, cause);
    }
}
