package io.tern.benchmarks.harness;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Pairs each selected Tern benchmark method with its Netty twin: class {@code X} with {@code
 * XNetty}, same method name. A selected benchmark whose twin is missing is an error, whichever side
 * the selection matched, unless its class is {@link TernOnly}; so is a pair whose twins differ in
 * mode, time unit or parameters (other than the twin's {@link NettyConfiguration}s), since their
 * rows could not be matched or would not measure the same work.
 *
 * @param pairs the complete pairs, sorted by Tern benchmark name
 * @param ternOnly the selected {@link TernOnly} benchmarks, sorted
 * @param errors one message per benchmark without a twin or pair that does not match
 */
public record TwinPairs(List<Pair> pairs, List<String> ternOnly, List<String> errors) {
  /** Suffix of a Netty twin's class name. */
  public static final String NETTY_SUFFIX = "Netty";

  /**
   * One Tern benchmark method and its Netty twin.
   *
   * @param tern the Tern benchmark, {@code package.Class.method}
   * @param netty the Netty twin, {@code package.ClassNetty.method}
   * @param nettyConfigurations the twin's {@link NettyConfiguration} parameters
   */
  public record Pair(String tern, String netty, Set<String> nettyConfigurations) {
    /** Copies the set. */
    public Pair {
      nettyConfigurations = Set.copyOf(nettyConfigurations);
    }

    /**
     * A pair without Netty configurations.
     *
     * @param tern the Tern benchmark
     * @param netty the Netty twin
     */
    public Pair(String tern, String netty) {
      this(tern, netty, Set.of());
    }

    /**
     * Returns {@code Class.method} of the Tern side, the name printed on {@code RATIO} lines.
     *
     * @return the short name
     */
    public String shortName() {
      return shortName(tern);
    }

    static String shortName(String benchmark) {
      int method = benchmark.lastIndexOf('.');
      int type = benchmark.lastIndexOf('.', method - 1);
      return benchmark.substring(type + 1);
    }
  }

  /**
   * Pairs the selected benchmarks, by name only (every benchmark taken to have no parameters).
   *
   * @param selected fully qualified benchmark names matched by the user's regular expression
   * @param all every benchmark name in the jar, where the twins are looked up
   * @return the pairs and the errors
   */
  public static TwinPairs of(Collection<String> selected, Collection<String> all) {
    Map<String, BenchmarkInfo> infos = new HashMap<>();
    for (String name : all) {
      infos.put(name, BenchmarkInfo.of(name, Map.of()));
    }
    return of(selected, infos);
  }

  /**
   * Pairs the selected benchmarks and checks that each pair's twins match.
   *
   * @param selected fully qualified benchmark names matched by the user's regular expression
   * @param all every benchmark in the jar by name, where the twins are looked up
   * @return the pairs, the Tern-only benchmarks and the errors
   */
  public static TwinPairs of(Collection<String> selected, Map<String, BenchmarkInfo> all) {
    Set<Pair> pairs = new TreeSet<>((a, b) -> a.tern().compareTo(b.tern()));
    Set<String> ternOnly = new TreeSet<>();
    List<String> errors = new ArrayList<>();
    for (String name : new TreeSet<>(selected)) {
      int method = name.lastIndexOf('.');
      String type = name.substring(0, method);
      String methodName = name.substring(method);
      BenchmarkInfo info = all.get(name);
      if (info != null && info.ternOnly()) {
        ternOnly.add(name);
      } else if (type.endsWith(NETTY_SUFFIX)) {
        String tern = type.substring(0, type.length() - NETTY_SUFFIX.length()) + methodName;
        if (all.containsKey(tern)) {
          pairs.add(new Pair(tern, name, all.get(name).nettyConfigurations()));
        } else {
          errors.add("Netty benchmark " + name + " has no Tern twin " + tern);
        }
      } else {
        String netty = type + NETTY_SUFFIX + methodName;
        if (all.containsKey(netty)) {
          pairs.add(new Pair(name, netty, all.get(netty).nettyConfigurations()));
        } else {
          errors.add(
              "Tern benchmark "
                  + name
                  + " has no Netty twin "
                  + netty
                  + " (every Tern benchmark needs one, with the same @Param and method names,"
                  + " or its class is @TernOnly)");
        }
      }
    }
    for (Pair pair : pairs) {
      mismatch(all.get(pair.tern()), all.get(pair.netty())).ifPresent(errors::add);
    }
    return new TwinPairs(List.copyOf(pairs), List.copyOf(ternOnly), List.copyOf(errors));
  }

  /** Returns why two twins cannot be compared, if they cannot. */
  static Optional<String> mismatch(BenchmarkInfo tern, BenchmarkInfo netty) {
    String pair = tern.name() + " and " + netty.name();
    if (!tern.nettyConfigurations().isEmpty()) {
      return Optional.of(
          tern.name()
              + " marks "
              + tern.nettyConfigurations()
              + " @NettyConfiguration: only a"
              + " Netty twin may");
    }
    if (tern.mode() != netty.mode()) {
      return Optional.of(
          pair + " run in different modes (" + tern.mode() + ", " + netty.mode() + ")");
    }
    if (!Objects.equals(tern.timeUnit(), netty.timeUnit())) {
      return Optional.of(
          pair
              + " report in different time units ("
              + tern.timeUnit()
              + ", "
              + netty.timeUnit()
              + ")");
    }
    if (!tern.sharedParams().equals(netty.sharedParams())) {
      return Optional.of(
          pair
              + " declare different parameters "
              + tern.sharedParams()
              + " and "
              + netty.sharedParams()
              + " (a parameter only Netty has must be a @NettyConfiguration)");
    }
    return Optional.empty();
  }
}
