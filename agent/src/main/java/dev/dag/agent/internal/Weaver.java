package dev.dag.agent.internal;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.util.List;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.pool.TypePool;

/**
 * Rewrites one class that carries tasks: {@link TaskAdvice} around every task method (annotated, or
 * declared in the config's {@code tasks:}), {@link MainAdvice} around the application's {@code main} when
 * a run is opened there, and {@link CallSiteCapture} everywhere. Built only when the first such class
 * appears, so that an application without tasks never pays for loading ByteBuddy. Adds no member, so
 * that classes already loaded can be retransformed.
 */
final class Weaver {
    private static final String MATERIALIZE = "dev.dag.Materialize";

    private final ByteBuddy byteBuddy = new ByteBuddy()
            .with(TypeValidation.DISABLED)
            .with(Implementation.Context.Disabled.Factory.INSTANCE)
            .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE);
    private final ElementMatcher.Junction<MethodDescription> annotated =
            isAnnotatedWith(named(MATERIALIZE)).and(not(isAbstract()));

    /** The rewritten class file. */
    byte[] weave(ClassLoader loader, String className, byte[] classFile, List<TaskDeclarations.Declaration> declared,
                 String mainOptions) {
        ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(className, classFile),
                ClassFileLocator.ForClassLoader.of(loader));
        TypeDescription type = TypePool.Default.of(locator).describe(className).resolve();
        DynamicType.Builder<?> builder = byteBuddy.redefine(type, locator)
                .visit(BridgeHandles.forTasks("").on(annotated));
        for (TaskDeclarations.Declaration declaration : declared) {
            ElementMatcher.Junction<MethodDescription> method = new ElementMatcher.Junction.AbstractBase<>() {
                @Override
                public boolean matches(MethodDescription target) {
                    return target.isMethod() && !target.isAbstract() && declaration.matchesMethod(target.getName());
                }
            };
            builder = builder.visit(BridgeHandles.forTasks(declaration.spec()).on(method.and(not(annotated))));
        }
        if (mainOptions != null) {
            builder = builder.visit(BridgeHandles.forMain(mainOptions)
                    .on(named("main").and(isStatic()).and(takesArguments(String[].class))));
        }
        return builder.visit(new CallSiteCapture(name -> declared.stream().anyMatch(d -> d.matchesMethod(name))))
                .make().getBytes();
    }
}
