package dev.dag.it.support;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * Provides one invocation per database kind, each resolving a fresh {@link TestDatabase}, closed afterwards.
 * The test method and its {@code @BeforeEach} methods get the same instance.
 */
final class EachDatabase implements TestTemplateInvocationContextProvider {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getRequiredTestMethod().isAnnotationPresent(OnEachDatabase.class);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return Stream.of(TestDatabase.Kind.values()).map(Invocation::new);
    }

    private record Invocation(TestDatabase.Kind kind) implements TestTemplateInvocationContext {
        @Override
        public String getDisplayName(int index) {
            return kind.name().toLowerCase();
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of(new SkipWithoutServer(kind), new Resolver(kind));
        }
    }

    /** Reports a PostgreSQL invocation as skipped, not failed, when no server is found (outside CI). */
    private record SkipWithoutServer(TestDatabase.Kind kind) implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            String missing = kind == TestDatabase.Kind.POSTGRES ? PostgresLocator.whyUnavailable() : null;
            return missing == null ? ConditionEvaluationResult.enabled("database available")
                    : ConditionEvaluationResult.disabled("PostgreSQL tests SKIPPED: " + missing);
        }
    }

    private record Resolver(TestDatabase.Kind kind) implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == TestDatabase.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getStore(ExtensionContext.Namespace.create(EachDatabase.class, kind))
                    // JUnit closes AutoCloseable values when the invocation's store is closed
                    .getOrComputeIfAbsent("database", key -> TestDatabase.open(kind,
                            context.getRequiredTestMethod().getName()), TestDatabase.class);
        }
    }
}
