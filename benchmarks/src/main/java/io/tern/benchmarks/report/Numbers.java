package io.tern.benchmarks.report;

import java.util.Locale;

/** How the results page writes numbers: three significant digits at most, thousands separated. */
final class Numbers {
  private Numbers() {}

  /** A measured value: {@code 123,456}, {@code 12.3}, {@code 1.23}, {@code 0.0123}. */
  static String value(double v) {
    if (Double.isNaN(v)) {
      return "–";
    }
    double abs = Math.abs(v);
    if (abs >= 1000) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (abs >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (abs >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (abs >= 1) {
      return String.format(Locale.ROOT, "%.2f", v);
    }
    return String.format(Locale.ROOT, "%.3g", v);
  }

  /** A ratio, always three decimals: {@code 1.234}; bold when Tern is ahead. */
  static String ratio(double r) {
    if (Double.isNaN(r)) {
      return "–";
    }
    String text = String.format(Locale.ROOT, "%.3f", r);
    return r >= 1 ? "**" + text + "**" : text;
  }

  /** Parses a results-file number; empty means not measured. */
  static double parse(String text) {
    return text == null || text.isBlank() ? Double.NaN : Double.parseDouble(text);
  }
}
