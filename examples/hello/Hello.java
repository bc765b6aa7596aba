import dev.dag.ConfigContext;
import dev.dag.Flow;
import dev.dag.Materialize;
import dev.dag.Result;
import dev.dag.RunOptions;
import dev.dag.Stage;
import dev.dag.Table;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

public class Hello {
    public record City(String name, String country, int population) {}

    @Materialize(version = Materialize.AUTO)          // a task returning in-memory records
    static Table cities() {
        return Table.of(List.of(
                new City("Zurich", "CH", 421_878),
                new City("Geneva", "CH", 203_856),
                new City("Lyon", "FR", 522_250))).name("cities").primaryKey("name");
    }

    @Materialize(version = Materialize.AUTO)          // a task returning SQL; minPopulation is a constant
    static Table countries(Table cities, int minPopulation) {
        return Table.of("SELECT country, count(*) AS cities, sum(population) AS population FROM " + cities.ref()
                + " WHERE population >= " + minPopulation + " GROUP BY country ORDER BY country").name("countries");
    }

    public static void main(String[] args) {
        Flow flow = new Flow("hello");
        Table countries;
        try (flow) {                                  // calls are recorded here, not run
            Table cities;
            try (Stage raw = new Stage("raw")) { cities = cities(); }
            try (Stage marts = new Stage("marts")) { countries = countries(cities, 300_000); }
        }
        try (ConfigContext config = ConfigContext.duckdb(Path.of("hello.duckdb"))) {
            Result result = flow.run(RunOptions.of(config));   // runs both stages into ./hello.duckdb
            System.out.println(result.summary());
            System.out.println(result.rows(countries, Map.class));
        }
    }
}
