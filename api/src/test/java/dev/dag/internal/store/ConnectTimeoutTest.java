package dev.dag.internal.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.ConfigContext;
import dev.dag.ConfigException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server that accepts connections but never answers fails a run after the connect timeout, and only its own. */
class ConnectTimeoutTest {
    private ServerSocket silent;
    private final List<Socket> accepted = new ArrayList<>();
    /** Counted down once a client connected: from then on, it waits for an answer that never comes. */
    private final CountDownLatch connected = new CountDownLatch(1);

    @BeforeEach
    void startASilentServer() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    accepted.add(silent.accept()); // held open, never answered
                    connected.countDown();
                }
            } catch (IOException closed) {
                // the test is over
            }
        }, "silent-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void stopIt() throws IOException {
        silent.close();
        for (Socket socket : accepted) {
            socket.close();
        }
    }

    private ConfigContext silentInstance(int seconds) {
        return ConfigContext.builder().instance("silent").connectTimeoutSeconds(seconds)
                .url("jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/test").build();
    }

    @Test
    void aServerThatNeverAnswersFailsTheOpenWithAClearError() {
        ConfigContext config = silentInstance(1);

        ConfigException error = assertThrows(ConfigException.class, () -> Databases.of(config));

        assertTrue(error.getMessage().contains("Cannot connect to the table store of instance 'silent'"),
                error.getMessage());
        config.close();
    }

    @Test
    void aSilentInstanceDoesNotStallRunsOnOtherInstances(@TempDir Path folder) throws Exception {
        ConfigContext stalled = silentInstance(6);
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread waiting = new Thread(() -> {
            try {
                Databases.of(stalled);
            } catch (Throwable e) {
                outcome.set(e);
            }
        }, "opens-the-silent-instance");
        waiting.start();
        assertTrue(connected.await(30, TimeUnit.SECONDS), "the silent instance's open reached its server: "
                + outcome.get()); // a fixed pause could end before the open began, and prove nothing

        try (ConfigContext other = ConfigContext.duckdb(folder.resolve("other.duckdb"))) {
            assertNotNull(Databases.of(other));
            assertTrue(waiting.isAlive(), "the other instance opened while the silent one was still waiting");
        }
        waiting.join();
        assertInstanceOf(ConfigException.class, outcome.get());
        assertFalse(waiting.isAlive());
        stalled.close();
    }
}
