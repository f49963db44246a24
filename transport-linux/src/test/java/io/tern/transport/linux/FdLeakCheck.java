package io.tern.transport.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class that leaves open descriptors of the kinds the native transports create
 * (sockets, pipes, eventfd, timerfd, epoll, io_uring): it lists {@code /proc/self/fd} before and
 * after the class. Other descriptors (jars the JVM opens lazily, logs) are ignored. Test classes in
 * this module run one at a time (see the pom), so the count is exact.
 */
// Public for the tests of the epoll and io_uring packages; JUnit and testsuite types are not
// exported by a module, which is fine for test code.
@SuppressWarnings("exports")
public final class FdLeakCheck implements BeforeAllCallback, AfterAllCallback {
  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(FdLeakCheck.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    context.getStore(NS).put("fds", openDescriptors());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    @SuppressWarnings("unchecked")
    Map<Integer, String> before = (Map<Integer, String>) context.getStore(NS).get("fds");
    Map<Integer, String> after = openDescriptors();
    after.entrySet().removeIf(e -> e.getValue().equals(before.get(e.getKey())));
    assertThat(after).as("descriptors left open by " + context.getDisplayName()).isEmpty();
  }

  /** Open descriptors of the kinds the transports create, by number. */
  static Map<Integer, String> openDescriptors() {
    Map<Integer, String> fds = new TreeMap<>();
    try (Stream<Path> list = Files.list(Path.of("/proc/self/fd"))) {
      list.forEach(
          p -> {
            try {
              String target = Files.readSymbolicLink(p).toString();
              if (isTransportKind(target)) {
                fds.put(Integer.parseInt(p.getFileName().toString()), target);
              }
            } catch (IOException | NumberFormatException e) {
              // closed while listing (the directory stream's own fd): not ours
            }
          });
    } catch (IOException e) {
      throw new IllegalStateException("cannot list /proc/self/fd", e);
    }
    return fds;
  }

  private static boolean isTransportKind(String target) {
    return target.startsWith("socket:")
        || target.startsWith("pipe:")
        || target.equals("anon_inode:[eventfd]")
        || target.equals("anon_inode:[timerfd]")
        || target.equals("anon_inode:[eventpoll]")
        || target.equals("anon_inode:[io_uring]");
  }
}
