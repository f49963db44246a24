package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.WriteBufferWaterMark;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Queued bytes above the high water mark make a channel unwritable until they drain. */
public abstract class SocketWritabilityTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketWritabilityTest(TransportUnderTest transport) {
    super(transport);
  }

  /** Records writability changes; completes {@code writableAgain} on the first change to true. */
  static final class WritabilityRecorder implements ChannelHandler {
    final List<Boolean> changes = new CopyOnWriteArrayList<>();
    final Promise<Void> writableAgain = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      boolean writable = ctx.channel().isWritable();
      changes.add(writable);
      if (writable) {
        writableAgain.trySuccess(null);
      }
      ctx.fireChannelWritabilityChanged();
    }
  }

  @Test
  void queuedBytesAboveTheHighMarkMakeTheChannelUnwritableUntilTheyDrain() throws Exception {
    Promise<Channel> accepted = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    int size = 2 * 1024 * 1024;
    ByteSink sink = new ByteSink(size);
    Channel server =
        bind(
            serverBootstrap()
                .childOption(ChannelOption.AUTO_READ, false)
                .childOption(ChannelOption.SO_RCVBUF, 16 * 1024)
                .childHandler(
                    new ChannelHandler() {
                      @Override
                      public void channelActive(ChannelHandlerContext ctx) {
                        ctx.pipeline().addLast(sink);
                        accepted.trySuccess(ctx.channel());
                      }
                    }));
    WritabilityRecorder recorder = new WritabilityRecorder();
    Channel client =
        connect(
            clientBootstrap()
                .option(
                    ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(8192, 32768))
                .option(ChannelOption.SO_SNDBUF, 16 * 1024)
                .handler(recorder),
            server);
    Channel child = await(accepted);
    byte[] data = SocketEchoTest.randomBytes(size, 7);

    Promise<Boolean> writableAfterQueueing = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    client
        .eventLoop()
        .execute(
            () -> {
              for (int off = 0; off < size; off += 16 * 1024) {
                client.write(Unpooled.wrappedBuffer(data, off, 16 * 1024));
              }
              writableAfterQueueing.trySuccess(client.isWritable());
              client.flush();
            });
    assertThat(await(writableAfterQueueing)).isFalse();
    child.config().autoRead(true); // the slow reader starts reading

    assertThat(await(sink.done())).isEqualTo(data);
    await(recorder.writableAgain);
    assertThat(client.isWritable()).isTrue();
    assertThat(recorder.changes).startsWith(false, true);
    for (int i = 0; i < recorder.changes.size(); i++) {
      assertThat(recorder.changes.get(i)).isEqualTo(i % 2 == 1); // strictly alternating
    }
  }

  @Test
  void aUserDefinedBitTurnsWritabilityOffAndOn() throws Exception {
    Channel server = startServer(new EchoHandler());
    WritabilityRecorder recorder = new WritabilityRecorder();
    Channel client = connect(server, recorder);

    Promise<Boolean> writableWhileOff = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    client
        .eventLoop()
        .execute(
            () -> { // on the loop, so each change fires at once and sees its own state
              client.userDefinedWritability(7, false);
              writableWhileOff.trySuccess(client.isWritable());
              client.userDefinedWritability(7, true);
            });

    assertThat(await(writableWhileOff)).isFalse();
    await(recorder.writableAgain);
    assertThat(client.isWritable()).isTrue();
    assertThat(recorder.changes).containsExactly(false, true);
  }
}
