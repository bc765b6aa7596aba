package dev.dag.junit;

import dev.dag.ConfigContext;
import dev.dag.agent.DagAgent;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** The extension behind {@link DagTest}: one agent per JVM, one fresh instance per test class. */
final class DagExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(DagExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        DagAgent.install();
        DagTest settings = context.getRequiredTestClass().getAnnotation(DagTest.class);
        DagInstance instance = settings == null || settings.config().isEmpty() ? DagInstance.temporaryDuckDb()
                : DagInstance.isolated(ConfigContext.load(Path.of(settings.config()), settings.instance()));
        context.getStore(NAMESPACE).put(DagInstance.class, instance);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        DagInstance instance = context.getStore(NAMESPACE).remove(DagInstance.class, DagInstance.class);
        if (instance != null) {
            instance.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == DagInstance.class || type == ConfigContext.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        DagInstance instance = context.getStore(NAMESPACE).get(DagInstance.class, DagInstance.class);
        return parameter.getParameter().getType() == ConfigContext.class ? instance.config() : instance;
    }
}
