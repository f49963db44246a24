package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import org.junit.jupiter.api.Test;

/** With auto-read off a channel reads only when asked: back-pressure from the application. */
public abstract class SocketAutoReadTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketAutoReadTest(TransportUnderTest transport) {
    super(transport);
  }

  /** Asks for one read at a time and counts what each brings. */
  @SuppressWarnings("NonAtomicVolatileUpdate") // one writer: the channel's event loop
  static final class OneReadAtATime implements ChannelHandler {
    final Promise<Void> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    final int expected;
    volatile int requested;
    volatile int reads;
    volatile int batches;
    volatile int bytes;

    OneReadAtATime(int expected) {
      this.expected = expected;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      requested++;
      ctx.read();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      reads++;
      bytes += ((ByteBuf) msg).readableBytes();
      ((ByteBuf) msg).release();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      batches++;
      if (bytes == expected) {
        done.trySuccess(null);
      } else {
        requested++;
        ctx.read();
      }
    }
  }

  @Test
  void eachReadRequestDeliversOneBuffer() throws Exception {
    int size = 256 * 1024;
    OneReadAtATime server = new OneReadAtATime(size);
    Channel serverChannel =
        bind(serverBootstrap().childOption(ChannelOption.AUTO_READ, false).childHandler(server));
    Channel client = connect(serverChannel, new ChannelHandler() {});

    SocketEchoTest.writeInChunks(client, SocketEchoTest.randomBytes(size, 4), 5);

    await(server.done);
    assertThat(server.bytes).isEqualTo(size);
    assertThat(server.reads).isEqualTo(server.batches);
    assertThat(server.reads).isLessThanOrEqualTo(server.requested);
  }

  @Test
  void nothingIsReadUntilAutoReadTurnsOn() throws Exception {
    Promise<Channel> accepted = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    ByteSink sink = new ByteSink(32 * 1024);
    Channel serverChannel =
        bind(
            serverBootstrap()
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(
                    new ChannelHandler() {
                      @Override
                      public void channelActive(ChannelHandlerContext ctx) {
                        ctx.pipeline().addLast(sink);
                        accepted.trySuccess(ctx.channel());
                      }
                    }));
    Channel client = connect(serverChannel, new ChannelHandler() {});
    Channel child = await(accepted);
    byte[] data = SocketEchoTest.randomBytes(32 * 1024, 6);

    await(client.writeAndFlush(Unpooled.wrappedBuffer(data)));
    assertThat(sink.count()).isZero(); // nobody asked for a read
    child.config().autoRead(true);

    assertThat(await(sink.done())).isEqualTo(data);
  }
}
