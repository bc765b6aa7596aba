package dev.dag.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the test once per supported database (embedded DuckDB, PostgreSQL), each time with a fresh
 * {@link TestDatabase} parameter, closed afterwards. Use instead of {@code @Test}. A {@code @BeforeEach}
 * method may take the same {@code TestDatabase} as parameter. Because the test runs twice, a
 * {@code @BeforeEach} method must reset any static state that task bodies change.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@TestTemplate
@ExtendWith(EachDatabase.class)
public @interface OnEachDatabase {
}
