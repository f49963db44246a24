package io.tern.testsuite.socket;

import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.AbstractTransportTest;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ServerChannel;
import java.util.concurrent.TimeUnit;

/**
 * The base of the shared socket tests: bootstraps for the transport under test on top of {@link
 * AbstractTransportTest}'s event loop group and cleanup. Subclasses are abstract; a transport runs
 * them by subclassing with its {@link TransportUnderTest}, for example as {@code @Nested} classes
 * (see {@code io.tern.testsuite.nio.NioSocketTests}).
 *
 * <p>Waits are bounded ({@link #TIMEOUT_SECONDS}) only to turn a hang into a failure.
 */
public abstract class AbstractSocketTest extends AbstractTransportTest {
  /** The transport under test. */
  protected final TransportUnderTest transport;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected AbstractSocketTest(TransportUnderTest transport) {
    this.transport = transport;
  }

  @Override
  protected EventLoopGroup newGroup(int threads) {
    return transport.newGroup(threads);
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
