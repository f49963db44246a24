package io.tern.examples;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Dispatches {@code ./run-example NAME [options]} to the named example's {@code main}.
 *
 * <p>Each example is a few dozen lines and accepts {@code --port N}; once transports exist, also
 * {@code --transport nio|epoll|io_uring}.
 */
public final class Examples {
  /** What an example does when run. */
  @FunctionalInterface
  interface Main {
    void run(String[] args) throws Exception;
  }

  private record Entry(String description, Main main) {}

  private static final Map<String, Entry> EXAMPLES = new TreeMap<>();

  static {
    EXAMPLES.put("hello", new Entry("prints what Tern runs on (a smoke demo)", HelloExample::main));
  }

  private Examples() {}

  /**
   * Runs the example named by the first argument with the remaining arguments.
   *
   * @param args the example name followed by its options
   * @throws Exception whatever the example throws
   */
  public static void main(String[] args) throws Exception {
    String name = args.length == 0 ? "list" : args[0];
    Entry entry = EXAMPLES.get(name);
    if (entry == null) {
      if (!name.equals("list")) {
        System.err.println("No example named '" + name + "'.");
      }
      System.err.println("Usage: ./run-example NAME [--port N] [options]; examples:");
      EXAMPLES.forEach((n, e) -> System.err.printf("  %-16s %s%n", n, e.description()));
      if (!name.equals("list")) {
        System.exit(2);
      }
      return;
    }
    entry.main().run(Arrays.copyOfRange(args, 1, args.length));
  }
}
