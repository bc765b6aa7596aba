package dev.dag.it.secrets;

import dev.dag.ConfigContext;
import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.net.PasswordAuthentication;
import java.nio.file.Path;
import java.util.Properties;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * A pipeline that holds a secret (the environment variable {@value #SECRET}) in every place a user can put one:
 * the run's config ({@code password: ${DAG_IT_SECRET}} in {@code dag.yaml}, and in the URL), task arguments
 * (fields, {@code char[]}, {@code Properties}, a {@code PasswordAuthentication}, a JDBC URL, a {@code ConfigContext},
 * a text argument named as a secret, the text and the number a lambda captured: the secret, and the
 * {@linkplain #pin PIN} it makes)
 * and the fields of a task object. Run in a JVM of its own that logs everything: {@code <dag.yaml> <report file>
 * [broken]}; with {@code broken} it then runs on the config {@code broken}, which cannot connect, and prints the
 * exception's stack trace.
 */
public final class SecretPipeline {
    static final String SECRET = "DAG_IT_SECRET";

    // docs:secrets
    /** A login with the secret in a field named as one, in a {@code char[]}, and under another secret name. */
    record Login(String user, String password, char[] pin, String apiKey) {
    }

    @Materialize(version = "1")
    static Table login(Login login) { // keyed by user and by keyed hashes of password, pin and apiKey
        return Table.of("SELECT 1 AS a");
    }

    @Materialize(version = "1")
    static Table source(ConfigContext source) { // keyed by instance, URL without credentials, user, schema prefix
        return Table.of("SELECT 5 AS a");
    }
    // end:secrets

    /** A task object whose field holds a token. */
    public static final class Fetcher {
        private final String endpoint;
        private final String authToken;

        Fetcher(String endpoint, String authToken) {
            this.endpoint = endpoint;
            this.authToken = authToken;
        }

        @Materialize(version = "1")
        public Table fetch() {
            return Table.of("SELECT 6 AS a");
        }
    }

    private SecretPipeline() {
    }

    @Materialize(version = "1")
    static Table jdbcUrl(String url) {
        return Table.of("SELECT 2 AS a");
    }

    @Materialize(version = "1")
    static Table token(String apiToken) { // a text argument named as a secret
        return Table.of("SELECT 7 AS a");
    }

    @Materialize(version = "1")
    static Table signed(Supplier<String> signature) { // a lambda that captured the secret
        return Table.of("SELECT 8 AS a");
    }

    @Materialize(version = "1")
    static Table unlocked(LongPredicate lock) { // a lambda that captured a number: the PIN
        return Table.of("SELECT 9 AS a");
    }

    /** The number a lambda captures in place of the secret text: its hex digits read as a number. */
    static long pin(String secret) {
        return Long.parseLong(secret.substring(2), 16);
    }

    @Materialize(version = "1")
    static Table properties(Properties connection) {
        return Table.of("SELECT 3 AS a");
    }

    @Materialize(version = "1")
    static Table authentication(PasswordAuthentication authentication) {
        return Table.of("SELECT 4 AS a");
    }

    static Flow flow(String secret) {
        Properties connection = new Properties();
        connection.setProperty("user", "etl");
        connection.setProperty("password", secret);
        Flow flow = new Flow("secrets");
        try (flow) {
            try (Stage stage = new Stage("keys")) {
                login(new Login("etl", secret, secret.toCharArray(), secret));
                jdbcUrl("jdbc:postgresql://etl:" + secret + "@db:5432/etl?ssl=true&password=" + secret);
                properties(connection);
                authentication(new PasswordAuthentication("etl", secret.toCharArray()));
                source(ConfigContext.builder().instance("source").url("jdbc:postgresql://etl:" + secret
                        + "@db:5432/crm?password=" + secret).user("etl").password(secret).build());
                new Fetcher("https://api.example.com", secret).fetch();
                token(secret);
                signed(() -> "signed by " + secret);
                long pin = pin(secret);
                unlocked(entered -> entered == pin);
            }
        }
        return flow;
    }

    public static void main(String[] args) {
        Path yaml = Path.of(args[0]);
        String secret = System.getenv(SECRET);
        try (ConfigContext config = ConfigContext.load(yaml, "run")) {
            System.out.println("config " + config);
            Result result = flow(secret).run(RunOptions.of(config));
            result.tasks().forEach(task -> System.out.println("outcome " + task.task() + " " + task.outcome()
                    + " (" + task.reason() + ")"));
            System.out.println(result.summary());
            result.writeReport(Path.of(args[1]));
        }
        if (args.length > 2) {
            try (ConfigContext broken = ConfigContext.load(yaml, "broken")) {
                flow(secret).run(RunOptions.of(broken));
                System.out.println("the broken instance connected");
            } catch (DagException e) {
                e.printStackTrace(System.out);
            }
        }
    }
}
