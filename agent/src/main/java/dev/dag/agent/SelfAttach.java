package dev.dag.agent;

import java.lang.instrument.Instrumentation;
import net.bytebuddy.agent.ByteBuddyAgent;

/** Gets an {@link Instrumentation} for the running JVM through ByteBuddy's attach helper. */
final class SelfAttach {
    private SelfAttach() {
    }

    static Instrumentation instrumentation() {
        try {
            return ByteBuddyAgent.install();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("dag could not attach its agent to this JVM (" + e.getMessage()
                    + "). Start the JVM with -javaagent:/path/to/dag-agent.jar instead, or run it on a JDK "
                    + "(not a JRE) with -Djdk.attach.allowAttachSelf=true.", e);
        }
    }
}
