package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ServerChannel;
import java.nio.channels.ClosedChannelException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Closing: pending and later writes fail and release, events come in order, nothing leaks. */
public abstract class SocketCloseTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketCloseTest(TransportUnderTest transport) {
    super(transport);
  }

  /** Records the life-cycle events of its channel. */
  static final class LifecycleRecorder implements ChannelHandler {
    final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      events.add("added");
    }

    @Override
    public void channelRegistered(ChannelHandlerContext ctx) {
      events.add("registered");
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      events.add("active");
      ctx.channel().closeFuture().addListener(f -> events.add("closeFuture"));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      events.add("inactive");
    }

    @Override
    public void channelUnregistered(ChannelHandlerContext ctx) {
      events.add("unregistered");
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
      events.add("removed");
    }
  }

  @Test
  void lifeCycleEventsArriveInOrderAndTheCloseFutureLast() throws Exception {
    Channel server = startServer(new EchoHandler());
    LifecycleRecorder recorder = new LifecycleRecorder();
    Channel client = connect(server, recorder);

    await(client.close());

    assertThat(recorder.events)
        .containsExactly(
            "added", "registered", "active", "inactive", "unregistered", "removed", "closeFuture");
    assertThat(client.isOpen()).isFalse();
    assertThat(client.isActive()).isFalse();
    assertThat(client.isRegistered()).isFalse();
    assertThat(client.pipeline().names()).isEmpty();
  }

  @Test
  void closeFailsUnflushedWritesAndReleasesThem() throws Exception {
    Channel server = startServer(new EchoHandler());
    Channel client = connect(server, new ChannelHandler() {});
    ByteBuf pending = Unpooled.buffer(8).writeLong(1);
    Future<Void> write = client.write(pending);

    await(client.close());

    assertThat(awaitDone(write).cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(pending.refCnt()).isZero();
  }

  @Test
  void closeDuringAFlushedWriteThePeerDoesNotReadCompletesItAndReleasesIt() throws Exception {
    Promise<Channel> accepted = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    ServerChannel server =
        bind(
            serverBootstrap()
                .childOption(ChannelOption.AUTO_READ, false) // never reads
                .childOption(ChannelOption.SO_RCVBUF, 8 * 1024)
                .childHandler(
                    new ChannelHandler() {
                      @Override
                      public void channelActive(ChannelHandlerContext ctx) {
                        accepted.trySuccess(ctx.channel());
                      }
                    }));
    Channel client =
        connect(
            clientBootstrap()
                .option(ChannelOption.SO_SNDBUF, 8 * 1024)
                .handler(new ChannelHandler() {}),
            server);
    ByteBuf big = client.alloc().directBuffer(8 * 1024 * 1024).writeZero(8 * 1024 * 1024);
    Future<Void> write = client.writeAndFlush(big);

    await(client.close());
    await(await(accepted).close()); // a local peer owns what it received until it closes

    // Fails with ClosedChannelException where the socket could not take it all.
    if (!awaitDone(write).isSuccess()) {
      assertThat(write.cause()).isInstanceOf(ClosedChannelException.class);
    }
    // A zero-copy send (io_uring SEND_ZC) lends its buffer to the kernel until the kernel's
    // notification, which may come after both closes: wait for the release on the loop that
    // handles that notification (a hang guard bounds the wait, it asserts no time).
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (await(client.eventLoop().submit(big::refCnt)) != 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(big.refCnt()).isZero();
  }

  /**
   * Closes its connection on the first bytes that begin with {@link #REFUSED} (a protocol error,
   * the peer still sending) and echoes any other; shared by all children.
   */
  private static final class RefusingEcho implements ChannelHandler {
    static final byte REFUSED = (byte) 0xEE;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      if (buf.isReadable() && buf.getByte(buf.readerIndex()) == REFUSED) {
        buf.release();
        ctx.close();
        return;
      }
      ctx.write(buf);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /** Fails {@code sink} when the connection ends before it is complete. */
  private static ChannelHandler failingOnClose(ByteSink sink) {
    return new ChannelHandler() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        sink.channelRead(ctx, msg);
      }

      @Override
      public void channelInactive(ChannelHandlerContext ctx) {
        sink.done().tryFailure(new AssertionError("closed after " + sink.count() + " bytes"));
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        sink.done().tryFailure(cause);
      }
    };
  }

  /**
   * A server that closes a connection on its first bytes while the peer goes on sending (a
   * WebSocket server failing a connection on a protocol error, say): bytes that connection had in
   * flight are dropped with it, and each next connection (which the kernel likely gives the same
   * descriptor number) gets exactly its own bytes, in order. Over io_uring the receives that
   * completed after the close were once dropped without giving their provided buffers back, so the
   * buffer ring's bookkeeping fell behind the kernel's: later connections read bytes of the closed
   * one, or nothing once the ring ran dry.
   */
  @Test
  void bytesOfAConnectionTheServerClosedWhileThePeerSentNeverReachTheNextConnection()
      throws Exception {
    Channel server = startServer(new RefusingEcho());
    byte[] expected = new byte[3000];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = (byte) (i % 127);
    }
    byte[] flood = new byte[512 * 1024];
    Arrays.fill(flood, RefusingEcho.REFUSED);
    for (int round = 0; round < 16; round++) {
      Channel refused =
          connect(
              server,
              new ChannelHandler() {
                @Override
                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                  ctx.close(); // the server's reset
                }
              });
      refused.writeAndFlush(Unpooled.wrappedBuffer(flood));
      await(refused.closeFuture());

      ByteSink sink = new ByteSink(expected.length);
      Channel next = connect(server, failingOnClose(sink));
      next.writeAndFlush(Unpooled.wrappedBuffer(expected));

      assertThat(await(sink.done())).as("round %d", round).isEqualTo(expected);
      await(next.close());
    }
  }

  @Test
  void writeAfterCloseFailsItsPromiseAndReleasesTheMessage() throws Exception {
    Channel server = startServer(new EchoHandler());
    Channel client = connect(server, new ChannelHandler() {});
    await(client.close());
    ByteBuf late = Unpooled.buffer(4).writeInt(7);

    Future<Void> write = client.writeAndFlush(late);

    assertThat(awaitDone(write).cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(late.refCnt()).isZero();
  }

  @Test
  void closingTheServerLeavesAcceptedConnectionsWorking() throws Exception {
    Promise<Channel> accepted = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EchoHandler echo = new EchoHandler();
    Channel server =
        startServer(
            new ChannelHandler() {
              @Override
              public void channelActive(ChannelHandlerContext ctx) {
                accepted.trySuccess(ctx.channel());
              }

              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                echo.channelRead(ctx, msg);
              }

              @Override
              public void channelReadComplete(ChannelHandlerContext ctx) {
                echo.channelReadComplete(ctx);
              }
            });
    ByteSink sink = new ByteSink(2);
    Channel client = connect(server, sink);
    // A connection still in the listen queue is reset when the listener closes: close only
    // after the server has taken it.
    await(accepted);

    await(server.close());
    client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {4, 2}));

    assertThat(await(sink.done())).containsExactly(4, 2);
    assertThat(client.isActive()).isTrue();
  }

  @Test
  void shuttingTheGroupDownClosesEveryChannelThroughTheUsualEvents() throws Exception {
    EventLoopGroup own = transport.newGroup(1);
    Promise<Channel> accepted = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    LifecycleRecorder childEvents = new LifecycleRecorder();
    Channel server =
        await(
            serverBootstrap()
                .group(own)
                .childHandler(
                    new ChannelHandler() {
                      @Override
                      public void channelActive(ChannelHandlerContext ctx) {
                        accepted.trySuccess(ctx.channel());
                        ctx.pipeline().addLast(childEvents);
                        ctx.fireChannelActive();
                      }
                    })
                .bind(transport.newServerAddress()));
    LifecycleRecorder clientEvents = new LifecycleRecorder();
    Channel client =
        await(clientBootstrap().group(own).handler(clientEvents).connect(server.localAddress()));
    Channel child = await(accepted);
    ByteBuf unflushed = Unpooled.buffer(4).writeInt(1);
    Future<Void> write = client.write(unflushed);

    own.shutdownGracefully(0, TIMEOUT_SECONDS, TimeUnit.SECONDS).sync();

    for (Channel ch : List.of(server, client, child)) {
      assertThat(ch.closeFuture().isDone()).as("%s closed", ch).isTrue();
    }
    assertThat(clientEvents.events).containsSubsequence("inactive", "unregistered", "removed");
    assertThat(write.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(unflushed.refCnt()).isZero();
  }
}
