package dev.dag.internal.engine.run;

import dev.dag.Blob;
import dev.dag.CacheValidationMode;
import dev.dag.ConfigContext;
import dev.dag.DefinitionException;
import dev.dag.Table;
import dev.dag.TableRef;
import dev.dag.internal.cache.CacheEntry;
import dev.dag.internal.cache.RerunReason;
import dev.dag.internal.cache.TaskKey;
import dev.dag.internal.cache.code.CodeFingerprint;
import dev.dag.internal.cache.code.CodeFingerprints;
import dev.dag.internal.cache.code.ParameterNames;
import dev.dag.internal.cache.state.StateJson;
import dev.dag.internal.cache.state.StateRules;
import dev.dag.internal.config.Redaction;
import dev.dag.internal.engine.define.Bindings;
import dev.dag.internal.engine.define.FreshnessFailure;
import dev.dag.internal.engine.define.OutputPlaceholder;
import dev.dag.internal.engine.define.Placeholders;
import dev.dag.internal.engine.define.TaskDescriptor;
import dev.dag.internal.engine.define.TaskInvocation;
import dev.dag.internal.engine.values.StoredTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Builds a task's cache key: task name, stage, version, every argument as canonical JSON (an input
 * appears as the cache key of the output it stands for, so a change flows downstream), the receiver of
 * an instance method (its Jackson-visible state), and the source fingerprint.
 */
final class TaskKeyBuilder {
    private final RunLedger ledger;
    private final List<String> projectPackages;
    private final Function<OutputPlaceholder, String> previousKeys;

    /** {@code projectPackages}: package prefixes whose code counts as the project's for AUTO versions. */
    TaskKeyBuilder(RunLedger ledger, List<String> projectPackages) {
        this(ledger, projectPackages, placeholder -> "none");
    }

    /**
     * Keys for a stage whose committed version gives {@code previousKeys}: the key of the previous version of an input
     * of the stage ("none" without one), part of the key of a task that reads previous versions.
     */
    TaskKeyBuilder(RunLedger ledger, List<String> projectPackages, Function<OutputPlaceholder, String> previousKeys) {
        this.ledger = ledger;
        this.projectPackages = projectPackages;
        this.previousKeys = previousKeys;
    }

    /** The key an input enters the task's key with: its own, and for a task reading previous versions theirs too. */
    private String inputKey(TaskInvocation invocation, OutputPlaceholder placeholder) {
        String key = ledger.outputKey(placeholder);
        boolean previous = invocation.descriptor().previousVersions()
                && placeholder.producer().stage() == invocation.stage();
        return previous ? key + RerunReason.PREVIOUS_VERSION + previousKeys.apply(placeholder) : key;
    }

    /** The key of a call whose unnamed tables are named after {@code tableBase}, from its bound arguments. */
    TaskKey build(TaskInvocation invocation, Object[] boundArgs, String tableBase, String runId, int ordinal,
                  CacheEntry previous, CacheValidationMode mode) {
        TaskDescriptor task = invocation.descriptor();
        String freshness = task.hasFreshness() ? freshness(invocation, boundArgs) : null;
        if (mode == CacheValidationMode.IGNORE_FRESH_INPUT && previous != null && task.hasFreshness()) {
            freshness = previous.key().freshness();
        }
        return build(invocation, tableBase, freshness, runId, ordinal);
    }

    /**
     * The key of a call that is not selected to run, without its source fingerprint (the committed entry's is
     * taken, as a selected run takes its inputs from the cache): {@link TaskKey#isCallOf} finds its entry.
     */
    TaskKey buildWithoutFreshness(TaskInvocation invocation, String tableBase, String runId, int ordinal) {
        return build(invocation, tableBase, null, runId, ordinal);
    }

    private TaskKey build(TaskInvocation invocation, String tableBase, String freshness, String runId, int ordinal) {
        TaskDescriptor task = invocation.descriptor();
        StateRules rules = rules(task, placeholder -> inputToken(inputKey(invocation, placeholder)));
        Map<String, String> arguments = arguments(invocation, rules);
        List<String> names = ParameterNames.of(task.method());
        String receiver = receiver(invocation, rules);
        TaskKey.Subject subject = new TaskKey.Subject(task.name(), invocation.stage().name(),
                task.method().getDeclaringClass().getName() + "." + task.key(), tableBase);
        TaskKey.Code code = codeOf(task);
        if (task.version().isEmpty()) {
            return TaskKey.fresh(subject, code, arguments, names, receiver, freshness, runId, ordinal);
        }
        return TaskKey.of(subject, code, arguments, names, receiver, freshness);
    }

    /**
     * The version and the fingerprint of the task's code: the key for {@code AUTO}, and for a manual version
     * the means to notice code that changed under it. A task without a version needs none.
     */
    private TaskKey.Code codeOf(TaskDescriptor task) {
        if (task.version().isEmpty()) {
            return TaskKey.Code.of("");
        }
        CodeFingerprint code = CodeFingerprints.of(task.method(), projectPackages);
        return new TaskKey.Code(task.version(), code.hash(), code.toJson());
    }

    /**
     * Each argument's canonical JSON by position, hashed by {@code rules}.
     *
     * @throws DefinitionException for an argument that cannot be hashed
     */
    static Map<String, String> arguments(TaskInvocation invocation, StateRules rules) {
        List<String> names = ParameterNames.of(invocation.descriptor().method());
        Object[] args = invocation.args();
        Map<String, String> arguments = new TreeMap<>();
        for (int i = 0; i < args.length; i++) {
            String name = names.get(i);
            try {
                arguments.put(TaskKey.position(i), StateJson.of(args[i], rules, name));
            } catch (IllegalArgumentException e) {
                throw new DefinitionException("Argument '" + name + "' of " + invocation + " cannot be part of its "
                        + "cache key: " + e.getMessage(), invocation.taskName(), null, invocation.stage().name());
            }
        }
        return arguments;
    }

    /**
     * How arguments and the receiver are hashed: by their full state, with every table and blob replaced by
     * a token that names its content ({@code inputs} gives the token of another task's output), and lambdas by the
     * fingerprint of their code.
     */
    static StateRules rules(TaskDescriptor task, Function<OutputPlaceholder, Object> inputs) {
        Map<String, Set<String>> ignored = task.ignoredFields().isEmpty() ? Map.of()
                : Map.of(task.method().getDeclaringClass().getName(), task.ignoredFields());
        return new StateRules(value -> token(value, inputs), TaskKeyBuilder::lambdaCode, ignored);
    }

    /** The fingerprint of the code a lambda or method reference runs, or null when {@code value} is not one. */
    private static String lambdaCode(Object value) {
        CodeFingerprint code = CodeFingerprints.ofLambda(value);
        return code == null ? null : code.hash();
    }

    /** The token standing for a table, blob or placeholder; null for any other value (hashed by its state). */
    private static Object token(Object value, Function<OutputPlaceholder, Object> inputs) {
        OutputPlaceholder placeholder = Placeholders.of(value);
        if (placeholder != null) {
            return inputs.apply(placeholder);
        }
        if (value instanceof Table table) {
            return tableToken(table);
        }
        if (value instanceof Blob blob && Bindings.cacheKey(blob) != null) {
            return inputToken(Bindings.cacheKey(blob));
        }
        if (value instanceof ConfigContext config) {
            return configToken(config);
        }
        if (value instanceof Blob blob) {
            Map<String, Object> token = new TreeMap<>();
            token.put("$blob", blob.name() == null ? "" : blob.name());
            token.put("value", blob.obj());
            return token;
        }
        return null;
    }

    /**
     * A configuration passed to a task (to read from another database) stands for the data it reaches: instance,
     * URL and user, schema prefix and metadata schema. Never its password (nor one in its URL), which changes who
     * may read, not what is read; the pool size and timeouts change neither.
     */
    private static Map<String, String> configToken(ConfigContext config) {
        Redaction.UrlCredentials url = Redaction.credentials(config.url());
        String user = config.user() != null ? config.user() : url.user();
        Map<String, String> token = new TreeMap<>();
        token.put("$config", config.instance());
        token.put("url", Redaction.url(url.url()));
        token.put("user", user == null ? "" : user);
        token.put("schemaPrefix", config.schemaPrefix());
        token.put("metadataSchema", config.metadataSchema());
        return token;
    }

    /**
     * An input (another task's output) stands in the key for its content's cache key, the same whether it
     * was passed as a placeholder (flow) or as a stored table (eager run).
     */
    private static Map<String, String> inputToken(String key) {
        return Map.of("$input", key == null ? "" : key);
    }

    /**
     * A table passed as a constant: a stored table (eager runs) by its content key; a table value by what
     * it would store.
     */
    private static Object tableToken(Table table) {
        Map<String, Object> token = new TreeMap<>();
        StoredTable stored = Bindings.stored(table);
        if (stored != null) {
            return inputToken(stored.cacheKey());
        }
        token.put("$table", table.name() == null ? "" : table.name());
        token.put("obj", table.obj() instanceof TableRef ref ? ref.toString() : table.obj());
        token.put("primaryKey", table.primaryKey());
        token.put("indexes", table.indexes());
        if (!table.decimals().isEmpty()) { // a declared scale changes what is stored; absent, older keys stay
            token.put("decimals", table.decimals().toString());
        }
        if (!table.nonNullable().isEmpty() || table.nullable().isPresent()) {
            token.put("nonNullable", table.nonNullable());
            token.put("nullable", table.nullable().map(List::toString).orElse(""));
        }
        return token;
    }

    /**
     * The receiver's fields (private ones included; mark a field {@code transient} to leave it out, or list it
     * under the task's {@code ignore:} in the configuration): an instance task's SQL usually depends on them.
     */
    static String receiver(TaskInvocation invocation, StateRules rules) {
        Object self = invocation.self();
        if (self == null) {
            return "";
        }
        try {
            return StateJson.ofReceiver(self, rules);
        } catch (IllegalArgumentException e) {
            throw new DefinitionException("The object of instance task " + invocation + " cannot be part of its cache "
                    + "key: " + e.getMessage() + " (its fields decide what the task computes, so dag hashes them)",
                    invocation.taskName(), null, invocation.stage().name());
        }
    }

    private static String freshness(TaskInvocation invocation, Object[] boundArgs) {
        Object fingerprint;
        try {
            fingerprint = invocation.descriptor().freshness().fingerprint(boundArgs);
        } catch (Exception e) {
            throw FreshnessFailure.of(invocation, e);
        }
        try {
            return StateJson.of(fingerprint, StateRules.plain(), "fingerprint");
        } catch (IllegalArgumentException e) {
            throw new DefinitionException("The source fingerprint of " + invocation + " cannot be part of its cache "
                    + "key: " + e.getMessage() + ". Return a value Jackson can serialize (a number, a string, a "
                    + "record or a map of them).", invocation.taskName(), null, invocation.stage().name());
        }
    }
}
