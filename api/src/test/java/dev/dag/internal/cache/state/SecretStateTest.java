package dev.dag.internal.cache.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.config.SecretDigest;
import java.net.PasswordAuthentication;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * A secret in a task's argument or object counts in its key (a change reruns the task) but its text is never
 * written: only a hash under a key that is not stored with the metadata.
 */
class SecretStateTest {
    private static final String SECRET = "hunter2-x7Q";
    private static final StateRules RULES = new StateRules(value -> null, value -> null, Map.of(),
            SecretDigest.withKey("test key"));

    record Login(String user, String password) {
    }

    record Client(String name, String apiKey, String authToken, String clientSecret, char[] pin) {
    }

    static final class Source {
        private final String url;
        private final Properties properties;

        Source(String url, Properties properties) {
            this.url = url;
            this.properties = properties;
        }
    }

    private static String of(Object value) {
        return StateJson.of(value, RULES);
    }

    private static void assertHidden(Object holding) {
        String json = of(holding);
        assertFalse(json.contains(SECRET), json);
        assertFalse(json.contains("hunter2"), json);
    }

    @Test
    void fieldsNamedAsSecretsAreWrittenAsTheirKeyedHash() {
        assertHidden(new Login("etl", SECRET));
        assertHidden(new Client("c", SECRET, SECRET, SECRET, null));
        assertEquals("{\"$record\":\"" + Login.class.getName() + "\",\"fields\":{\"password\":{\"$secret\":\""
                + SecretDigest.withKey("test key").of("\"" + SECRET + "\"") + "\"},\"user\":\"etl\"}}",
                of(new Login("etl", SECRET)));
    }

    @Test
    void aChangedSecretChangesTheKeyAndAnUnchangedOneKeepsIt() {
        assertNotEquals(of(new Login("etl", SECRET)), of(new Login("etl", SECRET + "!")));
        assertEquals(of(new Login("etl", SECRET)), of(new Login("etl", SECRET)));
        assertNotEquals(of(new Login("etl", null)), of(new Login("etl", "")));
    }

    @Test
    void theHashDependsOnTheKeySoItCannotBeCheckedAgainstGuessesWithoutIt() {
        StateRules otherKey = new StateRules(value -> null, value -> null, Map.of(), SecretDigest.withKey("other"));
        assertNotEquals(of(new Login("etl", SECRET)), StateJson.of(new Login("etl", SECRET), otherKey));
    }

    @Test
    void charArraysArePasswordsWhereverTheyAre() {
        assertHidden(new Client("c", null, null, null, SECRET.toCharArray()));
        assertHidden(List.of(SECRET.toCharArray()));
        assertNotEquals(of(SECRET.toCharArray()), of((SECRET + "!").toCharArray()));
    }

    @Test
    void mapAndPropertiesEntriesNamedAsSecretsAreHashed() {
        Properties properties = new Properties();
        properties.setProperty("user", "etl");
        properties.setProperty("db.password", SECRET);
        assertHidden(properties);
        assertHidden(Map.of("API_TOKEN", SECRET));
        assertTrue(of(properties).contains("\"etl\""), "the user is no secret: " + of(properties));
    }

    @Test
    void credentialsInUrlsAreRedactedAndHashed() {
        String inQuery = "jdbc:postgresql://db:5432/etl?user=etl&password=" + SECRET;
        String inUserInfo = "jdbc:postgresql://etl:" + SECRET + "@db:5432/etl";
        assertHidden(inQuery);
        assertHidden(inUserInfo);
        assertHidden(URI.create("https://etl:" + SECRET + "@api.example.com/v1"));
        assertHidden(new Source(inQuery, new Properties()));
        assertTrue(of(inQuery).contains("password=***"), of(inQuery));
        assertNotEquals(of(inQuery), of(inQuery + "9"));
        assertEquals("\"jdbc:duckdb:/data/dag.duckdb\"", of("jdbc:duckdb:/data/dag.duckdb"));
    }

    @Test
    void aPasswordAuthenticationKeepsItsUserAndHashesItsPassword() {
        PasswordAuthentication login = new PasswordAuthentication("etl", SECRET.toCharArray());
        assertHidden(login);
        assertTrue(of(login).contains("\"etl\""), of(login));
        assertNotEquals(of(login), of(new PasswordAuthentication("etl", "other".toCharArray())));
    }
}
