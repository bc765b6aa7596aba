package dev.dag.internal.engine.define;

import dev.dag.Blob;
import dev.dag.RawSql;
import dev.dag.DefinitionException;
import dev.dag.Materialize;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.engine.values.ReturnShape;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What dag knows about one {@link Materialize} method: its name, version, laziness, input type and
 * the shape of its return value. Built once per method and checked when the method is first used as
 * a task, so that a bad declaration fails at definition time.
 */
public final class TaskDescriptor {
    private final Method method;
    private final String name;
    private final String version;
    private final boolean lazy;
    private final Class<?> inputType;
    private final ReturnShape shape;
    private final boolean previousVersions;
    private final int nout;
    private final String key;
    private final FreshnessSource freshness;
    private final boolean hasFreshness;
    private final Set<String> ignoredFields;
    private final String stage;

    private TaskDescriptor(Method method, TaskSpec spec) {
        this.method = method;
        this.name = spec.name();
        this.version = spec.version();
        this.lazy = spec.lazy();
        this.inputType = spec.inputType();
        this.nout = spec.nout();
        this.shape = spec.sql() ? sqlShape(method) : shapeOf(method, nout);
        this.key = keyOf(method);
        this.freshness = spec.freshness();
        this.hasFreshness = spec.hasFreshness();
        this.ignoredFields = spec.ignoredFields();
        this.stage = spec.stage();
        this.previousVersions = spec.previousVersions();
        checkInputType();
        method.setAccessible(true);
    }

    /**
     * Describes an annotated method.
     *
     * @throws DefinitionException if the method is not annotated or declares what dag cannot run
     */
    static TaskDescriptor of(Method method) {
        Materialize annotation = method.getAnnotation(Materialize.class);
        if (annotation == null) {
            throw new DefinitionException("Method " + method + " is not annotated with @Materialize.");
        }
        return new TaskDescriptor(method, TaskSpec.of(method, annotation));
    }

    /** Describes a method declared a task by the agent's configuration. */
    static TaskDescriptor configured(Method method, String spec) {
        return new TaskDescriptor(method, TaskSpec.parse(method, spec));
    }

    private static ReturnShape sqlShape(Method method) {
        if (method.getReturnType() != String.class) {
            throw unsupported(method, "is declared an SQL task (sql: true) but returns "
                    + method.getReturnType().getName() + "; SQL tasks return the query text as a String");
        }
        return ReturnShape.SQL;
    }

    /** The JVM name and descriptor of a method, as the agent passes it: {@code clean(Ldev/dag/Table;I)Ldev/dag/Table;}. */
    static String keyOf(Method method) {
        return method.getName() + MethodType.methodType(method.getReturnType(), method.getParameterTypes())
                .toMethodDescriptorString();
    }

    private static ReturnShape shapeOf(Method method, int nout) {
        Class<?> type = method.getReturnType();
        if (type == void.class) {
            return ReturnShape.VOID;
        }
        if (type == Table.class) {
            return ReturnShape.TABLE;
        }
        if (type == Blob.class) {
            return ReturnShape.BLOB;
        }
        if (type == RawSql.class) {
            return ReturnShape.RAW_SQL;
        }
        if (type.isRecord() && componentsAreOutputs(type)) {
            return ReturnShape.RECORD;
        }
        if (type == List.class && listOfTables(method.getGenericReturnType())) {
            if (nout < 0) {
                throw unsupported(method, "returns List<Table> but does not declare how many: set "
                        + "@Materialize(nout = n)");
            }
            return ReturnShape.LIST;
        }
        throw unsupported(method, "returns " + method.getGenericReturnType().getTypeName()
                + ", which dag cannot store. Return Table, Blob, a record whose components are Table or Blob, "
                + "List<Table> with @Materialize(nout = n), RawSql, or void");
    }

    private static boolean componentsAreOutputs(Class<?> recordType) {
        for (RecordComponent component : recordType.getRecordComponents()) {
            if (component.getType() != Table.class && component.getType() != Blob.class) {
                return false;
            }
        }
        return recordType.getRecordComponents().length > 0;
    }

    private static boolean listOfTables(Type type) {
        return type instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[0] == Table.class;
    }

    private static DefinitionException unsupported(Method method, String problem) {
        String task = method.getName();
        return new DefinitionException("Task '" + task + "' (" + method.getDeclaringClass().getName() + "."
                + method.getName() + ") " + problem + ".", task, null, null);
    }

    private void checkInputType() {
        if (inputType != TableRef.class && inputType != Map.class && !inputType.isRecord()) {
            throw new DefinitionException("Task '" + name + "' declares inputType = " + inputType.getName()
                    + ", which dag cannot hand to a task. Use TableRef.class (a reference), a record class "
                    + "(rows as List<R>) or Map.class (rows as maps).", name, null, null);
        }
    }

    /** The method itself (made accessible). */
    public Method method() {
        return method;
    }

    /** The task name: {@code @Materialize(name)} or the method name. */
    public String name() {
        return name;
    }

    /** The declared version ("" when none). */
    public String version() {
        return version;
    }

    /** Whether the task is lazy. */
    public boolean lazy() {
        return lazy;
    }

    /** What input tables hand the body through {@code obj()}. */
    public Class<?> inputType() {
        return inputType;
    }

    /** The JVM name and descriptor, see {@link #keyOf(Method)}. */
    public String key() {
        return key;
    }

    /** The stage named on the annotation for eager runs ("" when none). */
    public String stage() {
        return stage;
    }

    /** Whether the task declares a source fingerprint. */
    public boolean hasFreshness() {
        return hasFreshness;
    }

    /** Where the task's source fingerprint comes from ({@link FreshnessSource#NONE} when none). */
    public FreshnessSource freshness() {
        return freshness;
    }

    /** Fields of the task's object that its cache key leaves out (from the {@code tasks:} entry). */
    public Set<String> ignoredFields() {
        return ignoredFields;
    }

    /** Whether the body may read the previous version of its inputs of its own stage (their keys join its key). */
    public boolean previousVersions() {
        return previousVersions;
    }

    public ReturnShape shape() {
        return shape;
    }

    /** Declared number of tables of a {@code List<Table>} task. */
    public int nout() {
        return nout;
    }

    /** The paths of the task's outputs, in order (see {@link ReturnShape}). */
    public List<String> outputPaths() {
        return shape.paths(method.getReturnType(), nout);
    }

    /** Whether the output at {@code path} is a {@link Table} or a {@link Blob}. */
    public Class<?> outputType(String path) {
        return shape.typeAt(method.getReturnType(), path);
    }

    /** The outputs inside what the body returned, by path; {@code problem} makes the error for a misfit. */
    public Map<String, Object> splitOutputs(Object returned, Function<String, RuntimeException> problem) {
        return shape.split(returned, method.getReturnType(), nout, problem);
    }

    /** A value of the declared return type holding the outputs of a call that ran, by path. */
    public Object joinOutputs(Map<String, Object> outputs) {
        return shape.join(method.getReturnType(), nout, outputs);
    }

    /** A value of the declared return type whose output at each path is {@code output.apply(path)}. */
    public Object joinOutputs(Function<String, Object> output) {
        return shape.join(method.getReturnType(), nout, output);
    }

    @Override
    public String toString() {
        return "task '" + name + "' (" + method.getDeclaringClass().getSimpleName() + "." + method.getName() + ")";
    }
}
