package dev.dag.it.reliability;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import dev.dag.it.reliability.CrashPipeline.Options;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A database server that accepts connections and never answers: a run on it fails after
 * {@code connect_timeout_seconds} naming the instance, and while it waits, runs on other instances in the same
 * JVM go on (no lock of the JVM is held across a connection attempt).
 */
@Tag("reliability")
class SilentServerIT {
    // long enough for the other instance's whole run on a busy machine: the stalled run must still be waiting when it ends
    private static final int CONNECT_TIMEOUT_SECONDS = 10;

    @Test
    void runOnASilentServerFailsAfterTheConnectTimeoutWhileOtherInstancesRun() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             TestDatabase other = TestDatabase.open(TestDatabase.Kind.DUCKDB, "besideSilent")) {
            List<Socket> accepted = acceptForever(silent);
            ConfigContext stalled = ConfigContext.builder().instance("silent")
                    .url("jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/test")
                    .connectTimeoutSeconds(CONNECT_TIMEOUT_SECONDS).build();
            CompletableFuture<Object> stalledRun = CompletableFuture.supplyAsync(
                    () -> CrashPipeline.run(stalled, Options.generation(1)));
            awaitConnected(accepted);

            assertTrue(CrashPipeline.run(other.config(), Options.generation(1)).successful());
            assertFalse(stalledRun.isDone(), "the other instance's run ended while the silent one still waited");

            ExecutionException failure = assertThrows(ExecutionException.class,
                    () -> stalledRun.get(Duration.ofSeconds(60).toSeconds(), TimeUnit.SECONDS));
            ConfigException refused = assertInstanceOf(ConfigException.class, failure.getCause());
            assertTrue(refused.getMessage().contains("Cannot connect to the table store of instance 'silent'"),
                    refused.getMessage());
            NothingLost.assertIntactAndClean(other);
            stalled.close();
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }

    /** Accepts every connection and holds it open, answering nothing. */
    private static List<Socket> acceptForever(ServerSocket server) {
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    accepted.add(server.accept());
                }
            } catch (IOException closed) {
                // the test is over
            }
        }, "silent-server");
        acceptor.setDaemon(true);
        acceptor.start();
        return accepted;
    }

    private static void awaitConnected(List<Socket> accepted) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (accepted.isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "the run never connected to the silent server");
            Thread.sleep(10);
        }
    }
}
