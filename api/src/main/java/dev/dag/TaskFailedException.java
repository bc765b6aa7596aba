package dev.dag;

/**
 * A task body threw. The task's own exception is the cause; the top frame is the task's line that
 * threw, followed by the caller of {@link Flow#run()}.
 */
public class TaskFailedException extends DagException {
    /** A failure of the given task in the given stage. */
    public TaskFailedException(String message, String task, String stage, Throwable cause) {
        super(message, task, null, stage, cause);
    }
}
