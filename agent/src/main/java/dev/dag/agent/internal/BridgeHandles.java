package dev.dag.agent.internal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.utility.JavaConstant;

/**
 * Binds the advice parameters annotated {@link Active}, {@link Enter}, {@link Skip} and {@link Exit} to
 * constant method handles on dag-api's bridge class, named by string: the JVM resolves them once per
 * instrumented method, from the task class's own class loader, and the JIT inlines them. The agent
 * therefore never loads or links dag-api itself.
 */
final class BridgeHandles {
    /** The bridge class in dag-api. Its methods' signatures must match the handles below. */
    static final String BRIDGE = "dev.dag.internal.bridge.TaskBridge";

    private BridgeHandles() {
    }

    /** {@code static boolean active()}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Active {
    }

    /** {@code static Object enter(Class, String, String, Object, Object[])}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Enter {
    }

    /** {@code static boolean skip(Object)}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Skip {
    }

    /** {@code static Object exit(Object, Object, Throwable)}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Exit {
    }

    /** The task spec text the bridge receives: "" for annotated methods, the configured spec otherwise. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface TaskSpecText {
    }

    /** {@code static Object openMainRun(String)}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface OpenMainRun {
    }

    /** {@code static void endMainRun(Object, Throwable)}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface EndMainRun {
    }

    /** The agent's options text, for the run around main. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface AgentOptionsText {
    }

    /** Advice for tasks, with the handles and the task's spec text bound. */
    static Advice forTasks(String spec) {
        return mapping().bind(TaskSpecText.class, spec).to(TaskAdvice.class);
    }

    /** Advice for the application's main, with the agent's options bound. */
    static Advice forMain(String options) {
        TypeDescription bridge = bridge();
        TypeDescription object = TypeDescription.ForLoadedType.of(Object.class);
        TypeDescription string = TypeDescription.ForLoadedType.of(String.class);
        return Advice.withCustomMapping()
                .bind(OpenMainRun.class, handle(bridge, "openMainRun", object, string))
                .bind(EndMainRun.class, handle(bridge, "endMainRun", TypeDescription.ForLoadedType.of(void.class), object,
                        TypeDescription.ForLoadedType.of(Throwable.class)))
                .bind(AgentOptionsText.class, options)
                .to(MainAdvice.class);
    }

    private static TypeDescription bridge() {
        return new TypeDescription.Latent(BRIDGE, java.lang.reflect.Modifier.PUBLIC | java.lang.reflect.Modifier.FINAL,
                TypeDescription.Generic.OBJECT);
    }

    /** Advice with the four task handles bound. */
    private static Advice.WithCustomMapping mapping() {
        TypeDescription bridge = bridge();
        TypeDescription object = TypeDescription.ForLoadedType.of(Object.class);
        TypeDescription bool = TypeDescription.ForLoadedType.of(boolean.class);
        return Advice.withCustomMapping()
                .bind(Active.class, handle(bridge, "active", bool))
                .bind(Enter.class, handle(bridge, "enter", object, TypeDescription.ForLoadedType.of(Class.class),
                        TypeDescription.ForLoadedType.of(String.class), TypeDescription.ForLoadedType.of(String.class), object,
                        TypeDescription.ForLoadedType.of(Object[].class)))
                .bind(Skip.class, handle(bridge, "skip", bool, object))
                .bind(Exit.class, handle(bridge, "exit", object, object, object,
                        TypeDescription.ForLoadedType.of(Throwable.class)));
    }

    private static JavaConstant.MethodHandle handle(TypeDescription owner, String name, TypeDescription returns,
                                                    TypeDescription... parameters) {
        return new JavaConstant.MethodHandle(JavaConstant.MethodHandle.HandleType.INVOKE_STATIC, owner, name, returns,
                List.of(parameters));
    }

}
