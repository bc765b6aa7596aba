package dev.dag.examples;

import java.math.BigDecimal;

/**
 * One row of the product dimension: the catalogue is small and maintained in code, so it is loaded from
 * records rather than generated in SQL.
 *
 * @param sku      stock-keeping unit, the dimension's primary key (e.g. {@code SKU-007})
 * @param name     product name
 * @param category product category; the marts pivot revenue by it
 * @param price    list price per unit
 */
public record Product(String sku, String name, String category, BigDecimal price) {
}
