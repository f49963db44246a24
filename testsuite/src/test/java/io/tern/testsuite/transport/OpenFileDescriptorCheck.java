package io.tern.testsuite.transport;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class that leaves sockets, pipes or event file descriptors open: compares what
 * {@code /proc/self/fd} points to before the class and after it (after its {@code @AfterAll}, which
 * shuts the event loops down). Needs the classes of the JVM to run one at a time (the testsuite
 * module runs its tests sequentially).
 *
 * <p>JUnit calls it; stateless.
 */
public final class OpenFileDescriptorCheck implements BeforeAllCallback, AfterAllCallback {
  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(OpenFileDescriptorCheck.class);
  private static final Path FDS = Path.of("/proc/self/fd");

  static {
    // The JDK keeps one socket open for life once it first closes a socket channel (its
    // pre-close descriptor); open that now so that it never counts as a test's leak.
    try {
      SocketChannel.open().close();
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Creates the extension; JUnit does this. */
  public OpenFileDescriptorCheck() {}

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    context.getStore(NS).put("before", snapshot());
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    @SuppressWarnings("unchecked")
    Map<String, Integer> before = context.getStore(NS).get("before", Map.class);
    if (before == null) {
      return;
    }
    Map<String, Integer> after = snapshot();
    List<String> leaked = new ArrayList<>();
    after.forEach(
        (kind, n) -> {
          int was = before.getOrDefault(kind, 0);
          if (n > was) {
            leaked.add((n - was) + " × " + kind);
          }
        });
    if (!leaked.isEmpty()) {
      throw new AssertionError(
          context.getDisplayName() + " left file descriptors open: " + String.join(", ", leaked));
    }
  }

  /** Counts the descriptors that I/O code opens, by kind (socket, pipe, eventpoll, eventfd). */
  static Map<String, Integer> snapshot() throws IOException {
    Map<String, Integer> counts = new HashMap<>();
    if (!Files.isDirectory(FDS)) {
      return counts; // not Linux: nothing to compare
    }
    try (Stream<Path> fds = Files.list(FDS)) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        String target;
        try {
          target = Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
          continue; // closed meanwhile (the listing's own descriptor, say)
        }
        String kind = kind(target);
        if (kind != null) {
          counts.merge(kind, 1, Integer::sum);
        }
      }
    }
    return counts;
  }

  private static String kind(String target) {
    if (target.startsWith("socket:")) {
      return "socket";
    }
    if (target.startsWith("pipe:")) {
      return "pipe";
    }
    if (target.startsWith("anon_inode:")) {
      return target; // [eventpoll], [eventfd], [io_uring]
    }
    return null;
  }
}
