package dev.dag.it.cache.model;

/** One change a user makes to the flow between two runs; {@link #toString()} says it in words. */
sealed interface Edit {
    FlowSpec apply(FlowSpec flow);

    /** Nothing changes (also what a gene becomes when its change is impossible in the flow at hand). */
    record NoOp(String why) implements Edit {
        public FlowSpec apply(FlowSpec flow) {
            return flow;
        }

        @Override
        public String toString() {
            return "no-op" + (why.isEmpty() ? "" : " (" + why + ")");
        }
    }

    record ChangeConstant(String task, int index, Constant from, Constant to) implements Edit {
        public FlowSpec apply(FlowSpec flow) {
            return flow.with(flow.task(task).withConstant(index, to));
        }

        @Override
        public String toString() {
            return task + ": " + (to instanceof Constant.DataFile ? "rewrote " : "constant ") + "c" + index + " "
                    + from.shown() + " -> " + to.shown();
        }
    }

    /** Edits the offset in the SQL of one of the task's tables; {@code bump} also raises a manual version. */
    record ChangeSql(String task, int table, int from, int to, boolean bump) implements Edit {
        public FlowSpec apply(FlowSpec flow) {
            TaskSpec spec = flow.task(task);
            TaskSpec edited = spec.withTable(table, spec.tables().get(table).withOffset(to));
            return flow.with(bump ? edited.withVersion(spec.version() + 1) : edited);
        }

        @Override
        public String toString() {
            return task + ": SQL of table #" + table + " offset " + from + " -> " + to
                    + (bump ? ", version bumped" : "");
        }
    }

    /** Changes the primary key of the returned table (code in the body); {@code bump} also raises a manual version. */
    record ChangePrimaryKey(String task, PrimaryKey from, PrimaryKey to, boolean bump) implements Edit {
        public FlowSpec apply(FlowSpec flow) {
            TaskSpec spec = flow.task(task);
            TaskSpec edited = spec.withPrimaryKey(to);
            return flow.with(bump ? edited.withVersion(spec.version() + 1) : edited);
        }

        @Override
        public String toString() {
            return task + ": primary key " + from.columns() + " -> " + to.columns() + (bump ? ", version bumped" : "");
        }
    }

    record ChangeVersion(String task, int from, int to) implements Edit {
        public FlowSpec apply(FlowSpec flow) {
            return flow.with(flow.task(task).withVersion(to));
        }

        @Override
        public String toString() {
            return task + ": version \"" + from + "\" -> \"" + to + "\"";
        }
    }

    record Rewire(String task, int input, String from, String to) implements Edit {
        public FlowSpec apply(FlowSpec flow) {
            return flow.with(flow.task(task).withInput(input, to));
        }

        @Override
        public String toString() {
            return task + ": input in" + input + " " + from + " -> " + to;
        }
    }

    /** Moves the task to call position {@code position} (among all calls), in stage {@code to}. */
    record Move(String task, int from, int to, int position) implements Edit {
        public FlowSpec apply(FlowSpec flow) {
            return flow.moved(task, to, position);
        }

        @Override
        public String toString() {
            return task + ": moved from stage " + FlowSpec.stageName(from) + " to " + FlowSpec.stageName(to)
                    + " (call #" + position + ")";
        }
    }
}
