package dev.dag.internal.rows;

import static dev.dag.testing.DuckDbFiles.connect;
import static dev.dag.testing.DuckDbFiles.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RowReaderTest {
    private static final String ORDERS = "SELECT * FROM orders ORDER BY \"ID\"";

    enum Status { OPEN, SHIPPED }

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

    @Test
    void recordComponentsAreMatchedToColumnsByNameIgnoringCase() throws SQLException {
        List<Order> orders = RowReader.read(connection, "SELECT qty, \"Customer\", \"ID\" FROM orders ORDER BY 3",
                Order.class);

        assertEquals(List.of(new Order(1, "ada", 3), new Order(2, "bob", null)), orders);
    }

    @Test
    void nullGoesIntoABoxedComponent() throws SQLException {
        List<Order> orders = RowReader.read(connection, ORDERS, Order.class);

        assertNull(orders.get(1).qty());
    }

    @Test
    void nullInAPrimitiveComponentIsRefusedNamingTheColumn() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RowReader.read(connection, ORDERS, StrictOrder.class));

        assertTrue(error.getMessage().contains("'qty'"), error.getMessage());
        assertTrue(error.getMessage().contains("boxed"), error.getMessage());
    }

    @Test
    void datesAndTimestampsArriveAsJavaTime() throws SQLException {
        List<Dated> rows = RowReader.read(connection, ORDERS, Dated.class);

        assertEquals(new Dated(LocalDate.of(2026, 1, 2), LocalDateTime.of(2026, 1, 2, 3, 4, 5)), rows.get(0));
    }

    @Test
    void numbersEnumsAndBooleansAreConvertedToTheComponentTypes() throws SQLException {
        List<Typed> rows = RowReader.read(connection,
                "SELECT \"ID\" AS id, amount, status, paid, amount / 100 AS ratio FROM orders ORDER BY 1", Typed.class);

        Typed first = rows.get(0);
        assertEquals(1L, first.id());
        assertEquals(0, new BigDecimal("12.50").compareTo(first.amount()), first.amount().toString());
        assertEquals(Status.OPEN, first.status());
        assertEquals(true, first.paid());
        assertEquals(0.125, first.ratio(), 1e-9);
        assertEquals(Status.SHIPPED, rows.get(1).status());
    }

    @Test
    void componentWithoutColumnIsRefusedNamingIt() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RowReader.read(connection, ORDERS, Missing.class));

        assertTrue(error.getMessage().contains("'region'"), error.getMessage());
        assertTrue(error.getMessage().contains("Missing.region"), error.getMessage());
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void mapsKeepColumnLabelsAndOrderWithJavaTimeValues() throws SQLException {
        List<Map> rows = RowReader.read(connection, "SELECT \"ID\", \"Customer\", qty, day FROM orders ORDER BY 1",
                Map.class);

        assertEquals(2, rows.size());
        assertEquals(List.of("ID", "Customer", "qty", "day"), List.copyOf(rows.get(0).keySet()));
        assertEquals(1, rows.get(0).get("ID"));
        assertEquals("ada", rows.get(0).get("Customer"));
        assertEquals(LocalDate.of(2026, 1, 2), rows.get(0).get("day"));
        assertTrue(rows.get(1).containsKey("qty"));
        assertNull(rows.get(1).get("qty"));
    }

    @Test
    void emptyResultGivesAnEmptyList() throws SQLException {
        assertEquals(List.of(), RowReader.read(connection, "SELECT * FROM orders WHERE false", Order.class));
    }
}
