package dev.dag.it.cache.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The random numbers one edit is made from, and how they become an {@link Edit} of the flow at hand: {@code kind}
 * picks the sort of edit, {@code task} the task (among those it applies to), {@code a} and {@code b} the details,
 * {@code select} whether a selected run comes before the full run after the edit, and of what.
 * Version bumps that come with a body edit go up; a version edit may also go back to an earlier version.
 */
record EditGene(int kind, int task, int a, int b, int select) {
    static final int FIELDS = 5;

    /**
     * Sorts of edits; SQL, constant, rewire and move edits, lambda swaps and file rewrites are twice as likely as
     * the others.
     */
    private enum Sort { SQL, SQL_AGAIN, CONSTANT, CONSTANT_AGAIN, VERSION, PRIMARY_KEY, REWIRE, REWIRE_AGAIN, MOVE,
        MOVE_AGAIN, NO_OP, LAMBDA, LAMBDA_AGAIN, FILE, FILE_AGAIN }

    static EditGene of(List<Integer> n) {
        return new EditGene(n.get(0), n.get(1), n.get(2), n.get(3), n.get(4));
    }

    /**
     * The selected run after the edit, or null: a third of the edits are followed by one, of a random non-empty
     * subset of the stages ({@code withStages}) or of the tasks ({@code withTasks}).
     */
    Selection selection(FlowSpec flow) {
        int sort = select % 6;
        if (sort < 4) {
            return null;
        }
        boolean byStage = sort == 4;
        List<String> all = byStage ? flow.stageNames() : flow.tasks().stream().map(TaskSpec::name).toList();
        int subsets = (1 << all.size()) - 1;
        int bits = 1 + Math.floorMod(select / 6 + 17 * a + 5 * b, subsets);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if ((bits >> i & 1) == 1) {
                names.add(all.get(i));
            }
        }
        return new Selection(byStage, names);
    }

    /**
     * The edit of {@code flow} this gene stands for. An edit impossible in that flow (no constant, no other stage
     * that fits) becomes an SQL edit, so that most steps change something.
     */
    Edit toEdit(FlowSpec flow) {
        if (flow.tasks().isEmpty()) {
            return new Edit.NoOp("no task");
        }
        Edit edit = switch (Sort.values()[kind % Sort.values().length]) {
            case SQL, SQL_AGAIN -> changeSql(flow);
            case CONSTANT, CONSTANT_AGAIN -> changeConstant(flow);
            case VERSION -> changeVersion(flow);
            case PRIMARY_KEY -> changePrimaryKey(flow);
            case REWIRE, REWIRE_AGAIN -> rewire(flow);
            case MOVE, MOVE_AGAIN -> move(flow);
            case NO_OP -> new Edit.NoOp("");
            case LAMBDA, LAMBDA_AGAIN -> changeConstant(flow, Constant.Lambda.class);
            case FILE, FILE_AGAIN -> changeConstant(flow, Constant.DataFile.class);
        };
        return edit == null ? changeSql(flow) : edit;
    }

    private Edit changeSql(FlowSpec flow) {
        TaskSpec spec = pick(flow.tasks());
        int table = a % spec.tables().size();
        int from = spec.tables().get(table).offset();
        return new Edit.ChangeSql(spec.name(), table, from, (from + 1 + (b / 2) % 19) % 20, bumps(spec));
    }

    private Edit changeConstant(FlowSpec flow) {
        return changeConstant(flow, Constant.class);
    }

    /** Changes a constant of kind {@code kind}: swaps a lambda, rewrites a file, or any constant. */
    private Edit changeConstant(FlowSpec flow, Class<? extends Constant> kind) {
        List<TaskSpec> withConstants = flow.tasks().stream()
                .filter(spec -> spec.constants().stream().anyMatch(kind::isInstance)).toList();
        if (withConstants.isEmpty()) {
            return null;
        }
        TaskSpec spec = pick(withConstants);
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < spec.constants().size(); i++) {
            if (kind.isInstance(spec.constants().get(i))) {
                indexes.add(i);
            }
        }
        int index = indexes.get(a % indexes.size());
        Constant from = spec.constants().get(index);
        return new Edit.ChangeConstant(spec.name(), index, from, from.changed(b));
    }

    private Edit changeVersion(FlowSpec flow) {
        List<TaskSpec> versioned = flow.tasks().stream().filter(spec -> spec.kind() == TaskKind.VERSIONED).toList();
        if (versioned.isEmpty()) {
            return null;
        }
        TaskSpec spec = pick(versioned);
        // any other of versions 1 to 4: going back to a version used before must rerun too
        return new Edit.ChangeVersion(spec.name(), spec.version(), 1 + (spec.version() + a % 3) % 4);
    }

    private Edit changePrimaryKey(FlowSpec flow) {
        TaskSpec spec = pick(flow.tasks());
        return new Edit.ChangePrimaryKey(spec.name(), spec.primaryKey(), spec.primaryKey().next(a), bumps(spec));
    }

    private Edit rewire(FlowSpec flow) {
        List<TaskSpec> withInputs = flow.tasks().stream().filter(spec -> !spec.inputs().isEmpty()).toList();
        if (withInputs.isEmpty()) {
            return null;
        }
        TaskSpec spec = pick(withInputs);
        int input = a % spec.inputs().size();
        String from = spec.inputs().get(input);
        List<String> candidates = flow.tasks().subList(0, flow.indexOf(spec.name())).stream().map(TaskSpec::name)
                .filter(name -> !name.equals(from)).toList();
        if (candidates.isEmpty()) {
            return null;
        }
        return new Edit.Rewire(spec.name(), input, from, candidates.get(b % candidates.size()));
    }

    /**
     * Moves a task to another stage between its inputs' last stage and its consumers' first, at a call position
     * after its inputs and before its consumers.
     */
    private Edit move(FlowSpec flow) {
        TaskSpec spec = pick(flow.tasks());
        List<TaskSpec> consumers = flow.tasks().stream().filter(other -> other.inputs().contains(spec.name())).toList();
        int lowest = spec.inputs().stream().mapToInt(input -> flow.task(input).stage()).max().orElse(0);
        int highest = consumers.stream().mapToInt(TaskSpec::stage).min().orElse(flow.stageCount() - 1);
        List<Integer> stages = new ArrayList<>();
        for (int stage = lowest; stage <= highest; stage++) {
            if (stage != spec.stage()) {
                stages.add(stage);
            }
        }
        if (stages.isEmpty()) {
            return null;
        }
        int stage = stages.get(a % stages.size());
        List<TaskSpec> others = new ArrayList<>(flow.tasks());
        others.remove(spec);
        int first = 0;
        while (first < others.size() && others.get(first).stage() < stage) {
            first++;
        }
        int last = first;
        while (last < others.size() && others.get(last).stage() == stage) {
            last++;
        }
        for (int i = 0; i < others.size(); i++) {
            if (spec.inputs().contains(others.get(i).name())) {
                first = Math.max(first, i + 1);
            }
            if (consumers.contains(others.get(i))) {
                last = Math.min(last, i);
            }
        }
        return new Edit.Move(spec.name(), spec.stage(), stage, first + b % (last - first + 1));
    }

    private TaskSpec pick(List<TaskSpec> tasks) {
        return tasks.get(task % tasks.size());
    }

    /** Whether a body edit also bumps the version: only for manual versions, and only every other time. */
    private boolean bumps(TaskSpec spec) {
        return spec.kind() == TaskKind.VERSIONED && b % 2 == 1;
    }
}
