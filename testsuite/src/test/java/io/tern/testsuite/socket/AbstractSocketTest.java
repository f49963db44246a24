package io.tern.testsuite.socket;

import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.OpenFileDescriptorCheck;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ServerChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The base of the shared socket tests: one event loop group per test class (its threads started
 * before the first test, so the leak detector attributes their buffers to the class), bootstraps
 * for the transport under test, and cleanup of every channel a test opened. Subclasses are
 * abstract; a transport runs them by subclassing with its {@link TransportUnderTest}, for example
 * as {@code @Nested} classes (see {@code io.tern.testsuite.nio.NioSocketTests}).
 *
 * <p>Waits are bounded ({@link #TIMEOUT_SECONDS}) only to turn a hang into a failure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OpenFileDescriptorCheck.class)
public abstract class AbstractSocketTest {
  /** The hang guard of every wait. */
  protected static final long TIMEOUT_SECONDS = 60;

  /** The transport under test. */
  protected final TransportUnderTest transport;

  /** The group servers and clients run on. */
  protected EventLoopGroup group;

  private final List<Channel> opened = new ArrayList<>();

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected AbstractSocketTest(TransportUnderTest transport) {
    this.transport = transport;
  }

  @BeforeAll
  void startGroup() throws Exception {
    group = transport.newGroup(2);
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
   * Returns a server bootstrap for the transport.
   *
   * @return the bootstrap; the caller adds the child handler
   */
  protected ServerBootstrap serverBootstrap() {
    return new ServerBootstrap().group(group).channelFactory(transport.serverChannelFactory());
  }

  /**
   * Returns a client bootstrap for the transport.
   *
   * @return the bootstrap; the caller adds the handler
   */
  protected Bootstrap clientBootstrap() {
    return new Bootstrap().group(group).channelFactory(transport.clientChannelFactory());
  }

  /**
   * Binds a server, closed after the test.
   *
   * @param b the configured bootstrap
   * @return the bound server channel
   * @throws Exception if binding fails
   */
  protected ServerChannel bind(ServerBootstrap b) throws Exception {
    return track(await(b.bind(transport.newServerAddress())));
  }

  /**
   * Binds a server whose children get {@code childHandler}, closed after the test.
   *
   * @param childHandler the children's handler (shared by all children)
   * @return the bound server channel
   * @throws Exception if binding fails
   */
  protected ServerChannel startServer(ChannelHandler childHandler) throws Exception {
    return bind(serverBootstrap().childHandler(childHandler));
  }

  /**
   * Connects a client to {@code server}, closed after the test.
   *
   * @param b the configured bootstrap
   * @param server the server
   * @return the connected channel
   * @throws Exception if connecting fails
   */
  protected Channel connect(Bootstrap b, Channel server) throws Exception {
    return track(await(b.connect(server.localAddress())));
  }

  /**
   * Connects a client with {@code handler}, closed after the test.
   *
   * @param server the server
   * @param handler the client's handler
   * @return the connected channel
   * @throws Exception if connecting fails
   */
  protected Channel connect(Channel server, ChannelHandler handler) throws Exception {
    return connect(clientBootstrap().handler(handler), server);
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

  /**
   * Waits for a future (bounded) and returns its result.
   *
   * @param <T> the result type
   * @param f the future
   * @return the result
   * @throws Exception the failure, or a timeout
   */
  protected static <T> T await(Future<T> f) throws Exception {
    return f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  /**
   * Waits (bounded) for a future to complete, successfully or not.
   *
   * @param <T> the result type
   * @param f the future
   * @return {@code f}
   * @throws Exception if interrupted or the wait times out
   */
  protected static <T> Future<T> awaitDone(Future<T> f) throws Exception {
    if (!f.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      throw new AssertionError("not completed within " + TIMEOUT_SECONDS + " s: " + f);
    }
    return f;
  }
}
