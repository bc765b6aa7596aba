package dev.dag.internal.cache.code;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parameter names of a task method, for reasons such as {@code constant argument 'minQty' changed}. They come
 * from the class's {@code MethodParameters} attribute ({@code javac -parameters}) when it has one, else from the
 * local variable table of the class file ({@code javac -g}, which Maven's compiler plugin passes by default). The
 * file is read from the class's loader, so names survive a retransformation by a self-attached agent, which drops
 * {@code MethodParameters}. Only when neither exists are they {@code arg0}, {@code arg1}, ..., said once per JVM.
 *
 * <p>Names are for messages only: cache keys use argument positions.
 */
public final class ParameterNames {
    private static final Logger LOG = LoggerFactory.getLogger(ParameterNames.class);
    private static final AtomicBoolean SAID_HOW_TO_GET_NAMES = new AtomicBoolean();

    /** Per class: method name + descriptor → the parameter names its local variable table gives. */
    private static final ClassValue<Map<String, List<String>>> FROM_CLASS_FILE = new ClassValue<>() {
        @Override
        protected Map<String, List<String>> computeValue(Class<?> type) {
            return readLocalVariableTables(type);
        }
    };

    /** Per class: its methods' names as found (asked for by every call of a task). */
    private static final ClassValue<Map<Method, List<String>>> KNOWN = new ClassValue<>() {
        @Override
        protected Map<Method, List<String>> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private ParameterNames() {
    }

    /** The names of {@code method}'s parameters, in order. */
    public static List<String> of(Method method) {
        return KNOWN.get(method.getDeclaringClass()).computeIfAbsent(method, ParameterNames::find);
    }

    private static List<String> find(Method method) {
        Parameter[] parameters = method.getParameters();
        if (Arrays.stream(parameters).allMatch(Parameter::isNamePresent)) {
            return Arrays.stream(parameters).map(Parameter::getName).toList();
        }
        List<String> fromTable = FROM_CLASS_FILE.get(method.getDeclaringClass())
                .get(method.getName() + Type.getMethodDescriptor(method));
        if (fromTable != null && fromTable.size() == parameters.length) {
            return fromTable;
        }
        if (parameters.length > 0 && SAID_HOW_TO_GET_NAMES.compareAndSet(false, true)) {
            LOG.info("The class file of {} keeps no parameter names, so reasons call its arguments arg0, arg1, ...: "
                    + "compile it with debug information (javac -g, the default of Maven's compiler plugin) or with "
                    + "-parameters to see their names.", method.getDeclaringClass().getName());
        }
        return Arrays.stream(parameters).map(Parameter::getName).toList();
    }

    private static Map<String, List<String>> readLocalVariableTables(Class<?> type) {
        byte[] bytes = ClassCode.bytesOf(type);
        if (bytes == null) {
            return Map.of();
        }
        Map<String, List<String>> names = new HashMap<>();
        try {
            new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                                 String[] exceptions) {
                    return new ParameterSlots(access, descriptor, found -> names.put(name + descriptor, found));
                }
            }, ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return Map.of(); // a class file ASM cannot parse: no names from it
        }
        return names;
    }

    /**
     * Collects the local variables whose slots hold the parameters. A slot can be reused by later locals; the
     * parameter is the variable whose range starts at the method's first instruction.
     */
    private static final class ParameterSlots extends MethodVisitor {
        private final Consumer<List<String>> sink;
        private final int[] slots;
        private final String[] names;
        private Label first;

        ParameterSlots(int access, String descriptor, Consumer<List<String>> sink) {
            super(Opcodes.ASM9);
            this.sink = sink;
            Type[] arguments = Type.getArgumentTypes(descriptor);
            this.slots = new int[arguments.length];
            this.names = new String[arguments.length];
            int slot = Modifier.isStatic(access) ? 0 : 1;
            for (int i = 0; i < arguments.length; i++) {
                slots[i] = slot;
                slot += arguments[i].getSize();
            }
        }

        @Override
        public void visitLabel(Label label) {
            if (first == null) {
                first = label;
            }
        }

        @Override
        public void visitLocalVariable(String name, String descriptor, String signature, Label start, Label end,
                                       int index) {
            for (int i = 0; i < slots.length; i++) {
                if (slots[i] == index && (names[i] == null || start == first)) {
                    names[i] = name;
                }
            }
        }

        @Override
        public void visitEnd() {
            if (slots.length > 0 && Arrays.stream(names).allMatch(Objects::nonNull)) {
                sink.accept(List.of(names));
            }
        }
    }
}
