package dev.dag.examples;

import java.math.BigDecimal;

/**
 * One row of the {@code region_revenue} mart, read back after the run.
 *
 * @param region    sales region
 * @param customers customers in the region with at least one order
 * @param orders    shipped orders
 * @param revenue   their revenue
 * @param share     the region's share of total revenue, in percent
 */
public record RegionRevenue(String region, long customers, long orders, BigDecimal revenue, double share) {
}
