package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInputShutdownEvent;
import io.tern.transport.channel.ChannelInputShutdownReadComplete;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ChannelOutputShutdownEvent;
import io.tern.transport.channel.ChannelOutputShutdownException;
import io.tern.transport.channel.DuplexChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Shutting one direction down: the peer sees the end of the stream and may keep writing. */
public abstract class SocketHalfCloseTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketHalfCloseTest(TransportUnderTest transport) {
    super(transport);
  }

  /** Counts what it reads; at the end of input answers with the count; closes after. */
  static final class CountThenAnswer implements ChannelHandler {
    final List<String> events = new CopyOnWriteArrayList<>();
    int bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      bytes += buf.readableBytes();
      buf.release();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt == ChannelInputShutdownEvent.INSTANCE) {
        events.add("input shutdown after " + bytes);
        DuplexChannel ch = (DuplexChannel) ctx.channel();
        events.add(
            "input shut down: " + ch.isInputShutdown() + ", output: " + ch.isOutputShutdown());
        ctx.writeAndFlush(Unpooled.copiedBuffer("got " + bytes, StandardCharsets.US_ASCII));
      } else if (evt == ChannelInputShutdownReadComplete.INSTANCE) {
        events.add("read complete");
        ctx.close();
      }
      ctx.fireUserEventTriggered(evt);
    }
  }

  @Test
  void aHalfClosedChannelStillWritesItsAnswer() throws Exception {
    CountThenAnswer server = new CountThenAnswer();
    Channel serverChannel =
        bind(
            serverBootstrap()
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childHandler(server));
    byte[] request = SocketEchoTest.randomBytes(100_000, 3);
    String expected = "got " + request.length;
    ByteSink answer = new ByteSink(expected.length());
    DuplexChannel client = (DuplexChannel) connect(serverChannel, answer);

    await(client.writeAndFlush(Unpooled.wrappedBuffer(request)));
    await(client.shutdownOutput());
    assertThat(client.isOutputShutdown()).isTrue();

    assertThat(new String(await(answer.done()), StandardCharsets.US_ASCII)).isEqualTo(expected);
    await(client.closeFuture()); // the server closed after answering: the client sees the end
    assertThat(server.events)
        .containsExactly(
            "input shutdown after " + request.length,
            "input shut down: true, output: false",
            "read complete");
  }

  @Test
  void theEndOfInputClosesTheChannelWithoutHalfClosure() throws Exception {
    Promise<Channel> accepted = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    Channel serverChannel =
        bind(
            serverBootstrap()
                .childHandler(
                    new ChannelHandler() {
                      @Override
                      public void channelActive(ChannelHandlerContext ctx) {
                        accepted.trySuccess(ctx.channel());
                      }
                    }));
    DuplexChannel client = (DuplexChannel) connect(serverChannel, new ChannelHandler() {});
    Channel child = await(accepted);

    await(client.shutdownOutput());

    await(child.closeFuture());
    assertThat(child.isOpen()).isFalse();
    await(client.closeFuture()); // the child's close reached the client
  }

  @Test
  void shuttingOutputDownFailsQueuedAndLaterWritesAndFiresAnEvent() throws Exception {
    Channel serverChannel =
        bind(
            serverBootstrap() // keeps the connection after our end of stream
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childHandler(new ChannelHandler() {}));
    Promise<Object> event = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    DuplexChannel client =
        (DuplexChannel)
            connect(
                serverChannel,
                new ChannelHandler() {
                  @Override
                  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                    if (evt == ChannelOutputShutdownEvent.INSTANCE) {
                      event.trySuccess(evt);
                    }
                  }
                });
    ByteBuf queued = Unpooled.buffer(4).writeInt(1);
    Future<Void> queuedWrite = client.write(queued);

    await(client.shutdownOutput());
    ByteBuf later = Unpooled.buffer(4).writeInt(2);
    Future<Void> laterWrite = client.writeAndFlush(later);

    assertThat(awaitDone(queuedWrite).cause()).isInstanceOf(ChannelOutputShutdownException.class);
    assertThat(awaitDone(laterWrite).cause()).isInstanceOf(ChannelOutputShutdownException.class);
    assertThat(queued.refCnt()).isZero();
    assertThat(later.refCnt()).isZero();
    assertThat(await(event)).isSameAs(ChannelOutputShutdownEvent.INSTANCE);
  }
}
