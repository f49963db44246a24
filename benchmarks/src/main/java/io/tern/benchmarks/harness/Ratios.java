package io.tern.benchmarks.harness;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Medians and the {@code RATIO} line format shared by both comparison drivers. */
public final class Ratios {
  private Ratios() {}

  /**
   * Returns the median of the values (the mean of the two middle ones for an even count).
   *
   * @param values at least one value
   * @return the median
   * @throws IllegalArgumentException if {@code values} is empty
   */
  public static double median(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("median of nothing");
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  /**
   * Formats the contract line {@code RATIO <name> <x.xxx>}.
   *
   * @param name the benchmark or scenario name
   * @param ratio above 1 means Tern is better
   * @return the line, without a line terminator
   */
  public static String line(String name, double ratio) {
    return String.format(Locale.ROOT, "RATIO %s %.3f", name, ratio);
  }
}
