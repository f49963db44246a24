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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Exceptions thrown by handlers on a live connection: an inbound one reaches the next handler's
 * {@code exceptionCaught} and the connection keeps working; an outbound one fails its write's
 * promise; one that nobody handles is logged at the tail and closes nothing.
 */
public abstract class SocketExceptionTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketExceptionTest(TransportUnderTest transport) {
    super(transport);
  }

  /** Throws on the first buffer it reads (after releasing it), echoes the rest. */
  static final class FailsOnFirstRead implements ChannelHandler {
    private boolean failed;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (!failed) {
        failed = true;
        ((ByteBuf) msg).release();
        throw new IllegalStateException("first read");
      }
      ctx.writeAndFlush(msg);
    }
  }

  /** Records the exceptions that reach it and keeps the connection open. */
  static final class Recorder implements ChannelHandler {
    final List<String> caught = new CopyOnWriteArrayList<>();
    final Promise<Void> first = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      caught.add(cause.getMessage());
      first.trySuccess(null);
    }
  }

  @Test
  void anInboundExceptionReachesTheNextHandlerAndTheConnectionGoesOn() throws Exception {
    Recorder recorder = new Recorder();
    Channel server =
        bind(
            serverBootstrap()
                .childHandler(
                    new ChannelHandler() {
                      @Override
                      public void handlerAdded(ChannelHandlerContext ctx) {
                        ctx.pipeline().addLast(new FailsOnFirstRead(), recorder);
                        ctx.pipeline().remove(this);
                      }
                    }));
    ByteSink sink = new ByteSink(1);
    Channel client = connect(server, sink);

    await(client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {1})));
    await(recorder.first);
    client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {2}));

    assertThat(await(sink.done())).containsExactly(2);
    assertThat(recorder.caught).containsExactly("first read");
    assertThat(client.isActive()).isTrue();
  }

  @Test
  void anOutboundExceptionFailsTheWriteAndLeavesTheChannelOpen() throws Exception {
    Channel server = startServer(new EchoHandler());
    ByteSink sink = new ByteSink(1);
    Channel client =
        connect(
            server,
            new ChannelHandler() {
              @Override
              public void handlerAdded(ChannelHandlerContext ctx) {
                ctx.pipeline()
                    .addFirst(
                        "refuses-odd",
                        new ChannelHandler() {
                          @Override
                          public void write(
                              ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
                            ByteBuf buf = (ByteBuf) msg;
                            if (buf.getByte(buf.readerIndex()) % 2 != 0) {
                              buf.release();
                              throw new IllegalArgumentException("odd");
                            }
                            ctx.write(msg, promise);
                          }
                        });
                ctx.pipeline().addLast(sink);
              }
            });

    Future<Void> odd = client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {3}));
    assertThat(awaitDone(odd).cause()).isInstanceOf(IllegalArgumentException.class);
    client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {4}));

    assertThat(await(sink.done())).containsExactly(4);
    assertThat(client.isActive()).isTrue();
  }

  @Test
  void anExceptionNobodyHandlesClosesNothing() throws Exception {
    Promise<Channel> accepted = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    Channel server =
        bind(
            serverBootstrap()
                .childHandler(
                    new ChannelHandler() {
                      @Override
                      public void channelActive(ChannelHandlerContext ctx) {
                        accepted.trySuccess(ctx.channel());
                        ctx.fireChannelActive();
                      }

                      @Override
                      public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        // Echoes every byte but zeros, then throws if there was one (the two
                        // writes may arrive in one read).
                        ByteBuf buf = (ByteBuf) msg;
                        ByteBuf out = ctx.alloc().buffer(buf.readableBytes());
                        boolean sawZero = false;
                        while (buf.isReadable()) {
                          byte b = buf.readByte();
                          if (b == 0) {
                            sawZero = true;
                          } else {
                            out.writeByte(b);
                          }
                        }
                        buf.release();
                        ctx.writeAndFlush(out);
                        if (sawZero) {
                          throw new IllegalStateException("unhandled on purpose");
                        }
                      }
                    }));
    ByteSink sink = new ByteSink(1);
    Channel client = connect(server, sink);
    Channel child = await(accepted);

    client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {0}));
    client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {9}));

    assertThat(await(sink.done())).containsExactly(9);
    assertThat(child.isActive()).isTrue();
    assertThat(client.isActive()).isTrue();
  }
}
