package dev.dag.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the test once per supported database (embedded DuckDB, PostgreSQL), each time with a fresh
 * {@link TestDatabase} parameter. Use instead of {@code @Test}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@TestTemplate
@ExtendWith(EachDatabase.class)
public @interface OnEachDatabase {
}
