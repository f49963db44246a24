package io.tern.testsuite.transport;

import io.tern.common.concurrent.EventExecutor;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The base of the shared transport tests: one event loop group per test class, its threads started
 * before the first test (so the leak detector attributes their buffers to the class) and shut down
 * after the last, every channel a test {@linkplain #track tracked} closed after it, and {@link
 * OpenFileDescriptorCheck} around the class.
 *
 * <p>Waits are bounded ({@link #TIMEOUT_SECONDS}) only to turn a hang into a failure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OpenFileDescriptorCheck.class)
public abstract class AbstractTransportTest {
  /** The hang guard of every wait. */
  protected static final long TIMEOUT_SECONDS = 60;

  /** The group the test's channels run on. */
  protected EventLoopGroup group;

  private final List<Channel> opened = new ArrayList<>();

  /** Creates the test. */
  protected AbstractTransportTest() {}

  /**
   * Creates the event loop group of the transport under test.
   *
   * @param threads the number of loops
   * @return a new group
   */
  protected abstract EventLoopGroup newGroup(int threads);

  @BeforeAll
  void startGroup() throws Exception {
    group = newGroup(2);
    for (EventExecutor loop : group) {
      loop.submit(() -> {}).sync();
    }
  }

  @AfterAll
  void stopGroup() throws Exception {
    group.shutdownGracefully(0, TIMEOUT_SECONDS, TimeUnit.SECONDS).sync();
  }

  @AfterEach
  void closeOpened() throws Exception {
    for (Channel ch : opened) {
      ch.close().await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
    opened.clear();
  }

  /**
   * Closes {@code ch} after the test.
   *
   * @param <C> the channel type
   * @param ch the channel
   * @return {@code ch}
   */
  protected <C extends Channel> C track(C ch) {
    opened.add(ch);
    return ch;
  }
}
