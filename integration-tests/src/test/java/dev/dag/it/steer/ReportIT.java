package dev.dag.it.steer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dag.DagException;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Plan;
import dev.dag.Result;
import dev.dag.Stage;
import dev.dag.Table;
import dev.dag.it.support.OldFormats;
import dev.dag.it.support.OnEachDatabase;
import dev.dag.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code result.writeReport}: one self-contained HTML file, loaded in a real headless browser (Chromium) that must run
 * its script without an error and show one graph node per task; the screenshots stay in {@code target/} as build
 * artifacts.
 */
class ReportIT {
    private static final Path TARGET = Path.of("target");
    private static final Pattern NODE = Pattern.compile("<g class=\"task o-([A-Z_]+)[^\"]*\" data-task-id=\"([^\"]+)\"");
    private static final Pattern EDGE = Pattern.compile("<path class=\"edge[^\"]*\" data-from=");

    @Materialize(version = "1")
    static Table broken(Table orders) {
        throw new IllegalStateException("broken on purpose <script>alert(1)</script>");
    }

    /** Loads the report in Chromium and checks that its script ran without error; returns the DOM. */
    private static String loadedWithoutErrors(Path report) {
        HeadlessChromium.Load load = HeadlessChromium.dumpDom(report);
        assertTrue(load.dom().contains("data-dag-report=\"ready\""), () -> "the page's script ran to its end:\n"
                + load.dom() + "\n" + load.log());
        assertFalse(load.dom().contains("data-dag-report-error=\""), () -> "a script error marked the page:\n" + load.dom());
        assertEquals(List.of(), load.consoleErrors(), "console errors");
        return load.dom();
    }

    private static List<String> nodes(String dom) {
        Matcher matcher = NODE.matcher(dom);
        List<String> nodes = new java.util.ArrayList<>();
        while (matcher.find()) {
            nodes.add(matcher.group(2) + " " + matcher.group(1));
        }
        return nodes;
    }

    private static long edges(String dom) {
        return EDGE.matcher(dom).results().count();
    }

    @Test
    void theBrowserCheckSeesAScriptError() throws IOException {
        Path page = TARGET.resolve("page-with-a-script-error.html");
        Files.writeString(page, "<!DOCTYPE html><html><head><script>window.onerror = function (m) { "
                + "document.documentElement.setAttribute('data-dag-report-error', String(m)); };</script></head>"
                + "<body data-dag-report=\"loading\"><script>notDefined(); "
                + "document.body.setAttribute('data-dag-report', 'ready');</script></body></html>");

        HeadlessChromium.Load load = HeadlessChromium.dumpDom(page);

        assertTrue(load.dom().contains("data-dag-report-error=\""), load.dom());
        assertFalse(load.dom().contains("data-dag-report=\"ready\""), load.dom());
        assertFalse(load.consoleErrors().isEmpty(), () -> "the log names the error:\n" + load.log());
    }

    @OnEachDatabase
    void aRunReportShowsEveryTaskAsANodeInABrowser(TestDatabase db) throws IOException {
        db.run(ShopFlow.define(100));
        Result result = db.run(ShopFlow.define(8));
        Path report = TARGET.resolve("report-" + db.kind().name().toLowerCase() + ".html");

        result.writeReport(report);

        String dom = loadedWithoutErrors(report);
        assertEquals(List.of("raw.orders CACHE_VALID", "raw.customers CACHE_VALID", "clean.cleanOrders RAN",
                "marts.productRevenue RAN", "marts.regionOrders RAN", "marts.customerCount CACHE_VALID"), nodes(dom));
        assertEquals(6, edges(dom), "orders and customers into cleanOrders, cleanOrders into productRevenue and "
                + "regionOrders, customers into regionOrders and customerCount");
        assertTrue(dom.contains("WHERE o.quantity &lt;= 8"), "the SQL of the tables is in the page");
        assertTrue(dom.contains("ShopFlow.java:"), "the call sites are in the page");
        assertTrue(dom.contains(result.runId()));
        Path png = TARGET.resolve("report-" + db.kind().name().toLowerCase() + ".png");
        HeadlessChromium.screenshot(report, png, 1400, 900);
        assertTrue(Files.size(png) > 10_000, "a screenshot with content: " + Files.size(png) + " bytes");
    }

    @OnEachDatabase
    void theReportNeedsNothingFromTheNetwork(TestDatabase db) throws IOException {
        Path report = TARGET.resolve("report-offline-" + db.kind().name().toLowerCase() + ".html");

        db.run(ShopFlow.define(100)).writeReport(report);

        String html = Files.readString(report);
        assertTrue(html.contains("Content-Security-Policy\" content=\"default-src 'none'"), "every fetch is forbidden");
        for (String reference : List.of("http:", "https:", " src=", " href=", "@import", "url(http")) {
            assertFalse(html.contains(reference), "no reference to anything outside the file: " + reference);
        }
    }

    @OnEachDatabase
    void aFailedRunsReportShowsTheFailureEscaped(TestDatabase db) {
        Flow flow = new Flow("failing");
        try (flow) {
            Table orders;
            try (Stage raw = new Stage("raw")) {
                orders = ShopFlow.orders();
            }
            try (Stage marts = new Stage("marts")) {
                broken(orders);
                ShopFlow.productRevenue(orders);
            }
        }
        DagException failure = assertThrows(DagException.class, () -> db.run(flow));
        Path report = TARGET.resolve("report-failed-" + db.kind().name().toLowerCase() + ".html");

        failure.result().orElseThrow().writeReport(report);

        String dom = loadedWithoutErrors(report);
        assertEquals(List.of("raw.orders RAN", "marts.broken FAILED", "marts.productRevenue SKIPPED"), nodes(dom));
        assertTrue(dom.contains("broken on purpose &lt;script&gt;alert(1)&lt;/script&gt;"), "the failure, escaped");
        assertTrue(dom.contains("status s-failed"));
    }

    @OnEachDatabase
    void aMetadataSchemaWithoutReportsKeepsThemAfterItsUpgrade(TestDatabase db) {
        db.run(ShopFlow.define(100));
        // as a dag that kept no reports left its metadata: format 1, no table of reports
        OldFormats.downgrade(db, 1);
        db.config().close();

        Result result = db.run(ShopFlow.define(8));

        assertEquals(List.of(List.of(result.runId())), db.rows("SELECT run_id FROM "
                + db.table(db.config().metadataSchema(), "runs") + " WHERE report IS NOT NULL"));
    }

    @OnEachDatabase
    void aPlanReportColoursTasksByDecision(TestDatabase db) {
        db.run(ShopFlow.define(100));
        Plan plan = ShopFlow.define(8).plan(db.options());
        Path report = TARGET.resolve("plan-" + db.kind().name().toLowerCase() + ".html");

        plan.writeReport(report);

        String dom = loadedWithoutErrors(report);
        assertEquals(List.of("raw.orders CACHE_VALID", "raw.customers CACHE_VALID", "clean.cleanOrders RUN",
                "marts.productRevenue RUN", "marts.regionOrders RUN", "marts.customerCount CACHE_VALID"), nodes(dom));
        assertTrue(dom.contains("status s-planned"));
    }
}
