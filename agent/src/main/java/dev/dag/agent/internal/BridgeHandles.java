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

    /** {@code static Object enter(Class, String, Object, Object[])}. */
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

    /** Advice with the four handles bound. */
    static Advice.WithCustomMapping mapping() {
        TypeDescription bridge = new TypeDescription.Latent(BRIDGE, java.lang.reflect.Modifier.PUBLIC
                | java.lang.reflect.Modifier.FINAL, TypeDescription.Generic.OBJECT);
        TypeDescription object = TypeDescription.ForLoadedType.of(Object.class);
        TypeDescription bool = TypeDescription.ForLoadedType.of(boolean.class);
        return Advice.withCustomMapping()
                .bind(Active.class, handle(bridge, "active", bool))
                .bind(Enter.class, handle(bridge, "enter", object, TypeDescription.ForLoadedType.of(Class.class),
                        TypeDescription.ForLoadedType.of(String.class), object,
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
