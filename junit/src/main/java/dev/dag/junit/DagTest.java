package dev.dag.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test class of dag pipelines: attaches the dag agent (no {@code -javaagent} needed) and gives
 * the class a fresh instance, injected as a {@link DagInstance} parameter; closed and deleted afterwards.
 *
 * <pre>{@code
 * @DagTest
 * class OrdersFlowTest {
 *     @Test
 *     void rerunIsCacheValid(DagInstance dag) {
 *         Flow flow = OrdersFlow.define();
 *         dag.run(flow);
 *         DagAssertions.assertThat(dag.run(flow)).ranNothing();
 *     }
 * }
 * }</pre>
 *
 * By default the instance is a temporary DuckDB file. With {@link #config()} and {@link #instance()} it is
 * that instance of a {@code dag.yaml} (e.g. a shared PostgreSQL), under a schema prefix of its own whose
 * schemas are dropped afterwards.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(DagExtension.class)
public @interface DagTest {
    /** A {@code dag.yaml} to take the instance from; empty (default) for a temporary DuckDB file. */
    String config() default "";

    /** The instance of {@link #config()} (default {@code default}). */
    String instance() default "default";
}
