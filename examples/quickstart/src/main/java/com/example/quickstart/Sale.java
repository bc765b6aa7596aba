package com.example.quickstart;

import java.math.BigDecimal;

/** One sale as the shop's system delivers it. */
public record Sale(String region, String product, int quantity, BigDecimal price) {
}
