package io.tern.benchmarks.harness;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Pairs each selected Tern benchmark method with its Netty twin: class {@code X} with {@code
 * XNetty}, same method name. A selected benchmark whose twin is missing is reported as an error,
 * whichever side the selection matched.
 *
 * @param pairs the complete pairs, sorted by Tern benchmark name
 * @param errors one message per benchmark without a twin
 */
public record TwinPairs(List<Pair> pairs, List<String> errors) {
  /** Suffix of a Netty twin's class name. */
  public static final String NETTY_SUFFIX = "Netty";

  /**
   * One Tern benchmark method and its Netty twin.
   *
   * @param tern the Tern benchmark, {@code package.Class.method}
   * @param netty the Netty twin, {@code package.ClassNetty.method}
   */
  public record Pair(String tern, String netty) {
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
   * Pairs the selected benchmarks.
   *
   * @param selected fully qualified benchmark names matched by the user's regular expression
   * @param all every benchmark name in the jar, where the twins are looked up
   * @return the pairs and the errors
   */
  public static TwinPairs of(Collection<String> selected, Collection<String> all) {
    Set<String> known = Set.copyOf(all);
    Set<Pair> pairs = new TreeSet<>((a, b) -> a.tern().compareTo(b.tern()));
    List<String> errors = new ArrayList<>();
    for (String name : new TreeSet<>(selected)) {
      int method = name.lastIndexOf('.');
      String type = name.substring(0, method);
      String methodName = name.substring(method);
      if (type.endsWith(NETTY_SUFFIX)) {
        String tern = type.substring(0, type.length() - NETTY_SUFFIX.length()) + methodName;
        if (known.contains(tern)) {
          pairs.add(new Pair(tern, name));
        } else {
          errors.add("Netty benchmark " + name + " has no Tern twin " + tern);
        }
      } else {
        String netty = type + NETTY_SUFFIX + methodName;
        if (known.contains(netty)) {
          pairs.add(new Pair(name, netty));
        } else {
          errors.add(
              "Tern benchmark "
                  + name
                  + " has no Netty twin "
                  + netty
                  + " (every Tern benchmark needs one, with the same @Param and method names)");
        }
      }
    }
    return new TwinPairs(List.copyOf(pairs), List.copyOf(errors));
  }
}
