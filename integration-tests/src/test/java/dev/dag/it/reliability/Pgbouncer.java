package dev.dag.it.reliability;

import dev.dag.ConfigContext;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A pgbouncer in transaction mode in front of the test server, for as long as the test needs it: each transaction
 * of a client may run on another server session. Skips the test when pgbouncer is not installed, except under
 * {@code CI=true}, where that fails.
 */
final class Pgbouncer implements AutoCloseable {
    private static final List<Path> PLACES = List.of(Path.of("/usr/sbin/pgbouncer"), Path.of("/usr/bin/pgbouncer"),
            Path.of("/usr/local/bin/pgbouncer"));
    /** Starts tried: the free port it is given may be taken by another process before it binds it. */
    private static final int ATTEMPTS = 3;
    private static final long START_MILLIS = 20_000;

    private final Process process;
    private final int port;

    private Pgbouncer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts one in front of the server of {@code config}, in {@code folder}, with at most 5 server sessions. */
    static Pgbouncer inFrontOf(ConfigContext config, Path folder) throws IOException, InterruptedException {
        Path binary = PLACES.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (binary == null && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("pgbouncer is not installed, and under CI=true a missing pgbouncer is a "
                    + "failure, not a skip (.ci/run installs it: apt-get install pgbouncer)");
        }
        Assumptions.assumeTrue(binary != null, "SKIPPED LOUDLY: pgbouncer is not installed (apt-get install "
                + "pgbouncer); the transaction-pooler test did not run");
        List<String> failures = new ArrayList<>();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = freePort();
            Process process = start(binary, config, folder, port);
            if (awaitListening(process, port, folder)) {
                return new Pgbouncer(process, port);
            }
            failures.add("port " + port + ": " + read(folder));
        }
        throw new IOException("pgbouncer did not start in " + ATTEMPTS + " attempts:\n" + String.join("\n", failures));
    }

    private static Process start(Path binary, ConfigContext config, Path folder, int port) throws IOException {
        URI server = URI.create(config.url().substring("jdbc:".length()));
        Path ini = folder.resolve("pgbouncer.ini");
        Files.writeString(ini, String.join("\n", "[databases]",
                "test = host=" + server.getHost() + " port=" + server.getPort() + " dbname=" + server.getPath()
                        .substring(1) + " user=" + config.user() + (config.password() == null
                        || config.password().isEmpty() ? "" : " password=" + config.password()),
                "[pgbouncer]", "listen_addr = 127.0.0.1", "listen_port = " + port, "auth_type = any",
                "pool_mode = transaction", "default_pool_size = 5", "max_client_conn = 200", "unix_socket_dir =",
                "ignore_startup_parameters = extra_float_digits,options") + "\n");
        List<String> command = new ArrayList<>(List.of(binary.toString()));
        if ("root".equals(System.getProperty("user.name"))) {
            command.addAll(List.of("-u", "postgres")); // pgbouncer refuses to run as root
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        command.add(ini.toString());
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(folder.resolve("pgbouncer.out").toFile()).start();
    }

    /** {@code config} reached through this pgbouncer (without server-side prepared statements, which it cannot pass on). */
    ConfigContext.Builder instance(ConfigContext config) {
        return ConfigContext.builder().instance(config.instance() + "-pooled")
                .url("jdbc:postgresql://127.0.0.1:" + port + "/test?prepareThreshold=0").user(config.user())
                .password(config.password()).schemaPrefix(config.schemaPrefix()).metadataSchema(config.metadataSchema());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /**
     * Whether pgbouncer listens on {@code port}: it says so in its log (a connection alone could reach another
     * process that took the port first) and the port accepts connections. False when it exited, as it does when the
     * port is taken; a start that takes longer than {@link #START_MILLIS} fails.
     */
    private static boolean awaitListening(Process process, int port, Path folder) throws IOException,
            InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                return false;
            }
            if (read(folder).contains("listening on 127.0.0.1:" + port) && accepts(port)) {
                return true;
            }
            Thread.sleep(50);
        }
        process.destroy();
        throw new IOException("pgbouncer does not listen on " + port + " after " + START_MILLIS + " ms: "
                + read(folder));
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static String read(Path folder) {
        try {
            return Files.readString(folder.resolve("pgbouncer.out"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor(10, TimeUnit.SECONDS);
    }
}
