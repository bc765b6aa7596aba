package dev.dag.internal.rows.read;

import static dev.dag.testing.DuckDbFiles.connect;
import static dev.dag.testing.DuckDbFiles.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.internal.rows.ValueRefusal;
import dev.dag.internal.store.dialect.Dialect;
import dev.dag.internal.store.dialect.duckdb.DuckDbDialect;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RowReaderTest {
    private static final String ORDERS = "SELECT * FROM orders ORDER BY \"ID\"";
    private static final Dialect DUCKDB = new DuckDbDialect();

    enum Status { OPEN, SHIPPED }

    enum Shouting {
        OPEN, SHIPPED;

        @Override
        public String toString() {
            return name().toLowerCase() + "!";
        }
    }

    record Order(int id, String customer, Integer qty) {
    }

    record StrictOrder(int id, String customer, int qty) {
    }

    record Dated(LocalDate day, LocalDateTime placed) {
    }

    record Typed(long id, BigDecimal amount, Status status, boolean paid, double ratio) {
    }

    record Missing(int id, String region) {
    }

    record Loud(int id, Shouting status) {
    }

    record Small(int qty) {
    }

    record Maybe(Optional<Integer> qty) {
    }

    record Moment(Instant at, OffsetDateTime utc) {
    }

    record Lower(int a) {
    }

    record Ambiguous(int bb) {
    }

    record Stamp(LocalDateTime at) {
    }

    record Day(LocalDate day) {
    }

    @TempDir
    Path dir;

    private Connection connection;

    @BeforeEach
    void createOrders() throws SQLException {
        connection = connect(dir);
        execute(connection,
                "CREATE TABLE orders (\"ID\" INTEGER, \"Customer\" VARCHAR, qty INTEGER, day DATE, "
                        + "placed TIMESTAMP, amount DECIMAL(10, 2), status VARCHAR, paid BOOLEAN)",
                "INSERT INTO orders VALUES (1, 'ada', 3, DATE '2026-01-02', TIMESTAMP '2026-01-02 03:04:05', "
                        + "12.50, 'OPEN', true)",
                "INSERT INTO orders VALUES (2, 'bob', NULL, DATE '2026-02-03', TIMESTAMP '2026-02-03 00:00:00', "
                        + "0.10, 'SHIPPED', false)");
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    private <R> List<R> read(String query, Class<R> type) throws SQLException {
        return RowReader.read(connection, DUCKDB, query, type);
    }

    private ValueRefusal refused(String query, Class<?> type) {
        return assertThrows(ValueRefusal.class, () -> read(query, type));
    }

    @Test
    void recordComponentsAreMatchedToColumnsByNameIgnoringCase() throws SQLException {
        List<Order> orders = read("SELECT qty, \"Customer\", \"ID\" FROM orders ORDER BY 3", Order.class);

        assertEquals(List.of(new Order(1, "ada", 3), new Order(2, "bob", null)), orders);
    }

    @Test
    void aColumnSpelledLikeTheComponentWinsOverOneDifferingInCase() throws SQLException {
        assertEquals(List.of(new Lower(2)), read("SELECT 1 AS \"A\", 2 AS a", Lower.class));
    }

    @Test
    void twoColumnsDifferingFromTheComponentOnlyInCaseAreRefusedNamingBoth() {
        ValueRefusal refusal = refused("SELECT 1 AS \"Bb\", 2 AS \"bB\"", Ambiguous.class);

        assertTrue(refusal.getMessage().contains("'Bb'") && refusal.getMessage().contains("'bB'"),
                refusal.getMessage());
    }

    @Test
    void nullGoesIntoABoxedComponent() throws SQLException {
        List<Order> orders = read(ORDERS, Order.class);

        assertNull(orders.get(1).qty());
    }

    @Test
    void nullGoesIntoAnOptionalComponentAsEmpty() throws SQLException {
        assertEquals(List.of(new Maybe(Optional.of(3)), new Maybe(Optional.empty())), read(ORDERS, Maybe.class));
    }

    @Test
    void nullInAPrimitiveComponentIsRefusedNamingColumnAndRow() {
        ValueRefusal refusal = refused(ORDERS, StrictOrder.class);

        assertEquals(Optional.of("qty"), refusal.column());
        assertEquals(1, refusal.row().orElseThrow());
        assertTrue(refusal.getMessage().contains("boxed"), refusal.getMessage());
    }

    @Test
    void datesAndTimestampsArriveAsJavaTime() throws SQLException {
        List<Dated> rows = read(ORDERS, Dated.class);

        assertEquals(new Dated(LocalDate.of(2026, 1, 2), LocalDateTime.of(2026, 1, 2, 3, 4, 5)), rows.get(0));
    }

    @Test
    void aTimestampInADaylightSavingGapOfTheJvmZoneReadsBackUnshifted() throws SQLException {
        TimeZone zone = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
        try {
            assertEquals(List.of(new Stamp(LocalDateTime.of(2026, 3, 29, 2, 30))),
                    read("SELECT TIMESTAMP '2026-03-29 02:30:00' AS at", Stamp.class));
        } finally {
            TimeZone.setDefault(zone);
        }
    }

    @Test
    void datesOfTheJulianGregorianGapAndBeforeYearOneReadBackUnshifted() throws SQLException {
        assertEquals(List.of(new Day(LocalDate.of(1582, 10, 10)), new Day(LocalDate.of(-4713, 11, 24))),
                read("SELECT * FROM (VALUES (1, DATE '1582-10-10'), (2, DATE '-4713-11-24')) t(n, day) ORDER BY n",
                        Day.class));
    }

    @Test
    void aTimestamptzReadsAsAnInstantOrAnOffsetDateTimeAtUtc() throws SQLException {
        Instant instant = Instant.parse("2026-03-29T01:30:00.123456Z");

        assertEquals(List.of(new Moment(instant, instant.atOffset(ZoneOffset.UTC))),
                read("SELECT TIMESTAMPTZ '2026-03-29 01:30:00.123456+00' AS at, "
                        + "TIMESTAMPTZ '2026-03-29 03:30:00.123456+02' AS utc", Moment.class));
    }

    @Test
    void numbersEnumsAndBooleansAreConvertedToTheComponentTypes() throws SQLException {
        List<Typed> rows = read("SELECT \"ID\" AS id, amount, status, paid, amount / 100 AS ratio FROM orders "
                + "ORDER BY 1", Typed.class);

        Typed first = rows.get(0);
        assertEquals(1L, first.id());
        assertEquals(new BigDecimal("12.50"), first.amount());
        assertEquals(Status.OPEN, first.status());
        assertEquals(true, first.paid());
        assertEquals(0.125, first.ratio());
        assertEquals(Status.SHIPPED, rows.get(1).status());
    }

    @Test
    void anEnumIsReadByConstantNameWhateverItsToStringSays() throws SQLException {
        assertEquals(List.of(new Loud(1, Shouting.OPEN)), read("SELECT 1 AS id, 'OPEN' AS status", Loud.class));
    }

    @Test
    void aNameThatIsNoConstantIsRefusedListingTheConstants() {
        ValueRefusal refusal = refused("SELECT 1 AS id, 'open!' AS status", Loud.class);

        assertTrue(refusal.getMessage().contains("[OPEN, SHIPPED]"), refusal.getMessage());
        assertTrue(refusal.getMessage().contains("\"open!\""), refusal.getMessage());
    }

    @Test
    void aNumberTheComponentCannotHoldIsRefusedNamingColumnRowAndValue() {
        ValueRefusal tooLarge = refused("SELECT 1 AS n, 10000000000 AS qty UNION ALL SELECT 2, 20000000000 ORDER BY n",
                Small.class);
        ValueRefusal fraction = refused("SELECT 2.75 AS qty", Small.class);

        assertEquals("column 'qty', row index 0, value 10000000000: the column holds java.lang.Long values, and this "
                + "one does not fit the component Small.qty (int) exactly. Declare the component with a type that "
                + "holds it (docs/types.md), or cast the column in SQL", tooLarge.getMessage());
        assertTrue(fraction.getMessage().contains("value 2.75"), fraction.getMessage());
    }

    @Test
    void componentWithoutColumnIsRefusedNamingIt() {
        ValueRefusal refusal = refused(ORDERS, Missing.class);

        assertEquals(Optional.of("region"), refusal.column());
        assertTrue(refusal.getMessage().contains("Missing.region"), refusal.getMessage());
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void mapsKeepColumnLabelsAndOrderWithJavaTimeValues() throws SQLException {
        List<Map> rows = read("SELECT \"ID\", \"Customer\", qty, day, placed FROM orders ORDER BY 1", Map.class);

        assertEquals(2, rows.size());
        assertEquals(List.of("ID", "Customer", "qty", "day", "placed"), List.copyOf(rows.get(0).keySet()));
        assertEquals(1, rows.get(0).get("ID"));
        assertEquals("ada", rows.get(0).get("Customer"));
        assertEquals(LocalDate.of(2026, 1, 2), rows.get(0).get("day"));
        assertEquals(LocalDateTime.of(2026, 1, 2, 3, 4, 5), rows.get(0).get("placed"));
        assertTrue(rows.get(1).containsKey("qty"));
        assertNull(rows.get(1).get("qty"));
    }

    @Test
    void emptyResultGivesAnEmptyList() throws SQLException {
        assertEquals(List.of(), read("SELECT * FROM orders WHERE false", Order.class));
    }

    @Test
    void aRowTypeThatIsNeitherARecordNorAMapIsRefused() {
        ValueRefusal refusal = refused(ORDERS, String.class);

        assertTrue(refusal.getMessage().contains("java.lang.String"), refusal.getMessage());
    }
}
