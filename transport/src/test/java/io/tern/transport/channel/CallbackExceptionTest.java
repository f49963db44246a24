package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.embedded.EmbeddedChannel;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** An exception thrown by any callback ends up where the pipeline's rules say, leaking nothing. */
class CallbackExceptionTest {

  /** Throws from every inbound callback (after releasing what it was given). */
  static final class ThrowsInbound implements ChannelHandler {
    @Override
    public void channelRegistered(ChannelHandlerContext ctx) {
      throw new IllegalStateException("registered");
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      throw new IllegalStateException("active");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      io.tern.common.ReferenceCountUtil.release(msg);
      throw new IllegalStateException("read");
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      throw new IllegalStateException("readComplete");
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      throw new IllegalStateException("userEvent");
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      throw new IllegalStateException("writability");
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      throw new IllegalStateException("inactive");
    }

    @Override
    public void channelUnregistered(ChannelHandlerContext ctx) {
      throw new IllegalStateException("unregistered");
    }
  }

  /** Collects the messages of the exceptions that reach it. */
  static final class Catcher implements ChannelHandler {
    final List<String> caught = new ArrayList<>();

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      caught.add(cause.getMessage());
    }
  }

  @Test
  void everyInboundCallbacksExceptionReachesTheNextHandlersExceptionCaught() {
    Catcher catcher = new Catcher();
    EmbeddedChannel ch = new EmbeddedChannel(new ThrowsInbound(), catcher);

    ch.writeInbound(Unpooled.buffer(1).writeByte(1));
    ch.pipeline().fireUserEventTriggered("evt");
    ch.userDefinedWritability(1, false);
    ch.finish();

    assertThat(catcher.caught)
        .containsExactly(
            "registered",
            "active",
            "read",
            "readComplete",
            "userEvent",
            "writability",
            "inactive",
            "unregistered");
  }

  /** Throws from one outbound operation, chosen by name, releasing a written message first. */
  static final class ThrowsOutbound implements ChannelHandler {
    private final String op;

    ThrowsOutbound(String op) {
      this.op = op;
    }

    private void maybeThrow(String name) {
      if (op.equals(name)) {
        throw new IllegalStateException(name);
      }
    }

    @Override
    public void bind(ChannelHandlerContext ctx, SocketAddress a, Promise<Void> p) {
      maybeThrow("bind");
      ctx.bind(a, p);
    }

    @Override
    public void connect(
        ChannelHandlerContext ctx, SocketAddress r, SocketAddress l, Promise<Void> p) {
      maybeThrow("connect");
      ctx.connect(r, l, p);
    }

    @Override
    public void disconnect(ChannelHandlerContext ctx, Promise<Void> p) {
      maybeThrow("disconnect");
      ctx.disconnect(p);
    }

    @Override
    public void close(ChannelHandlerContext ctx, Promise<Void> p) {
      maybeThrow("close");
      ctx.close(p);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> p) {
      if (op.equals("write")) {
        io.tern.common.ReferenceCountUtil.release(msg); // the handler owned it when it threw
      }
      maybeThrow("write");
      ctx.write(msg, p);
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
      maybeThrow("read");
      ctx.read();
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
      maybeThrow("flush");
      ctx.flush();
    }
  }

  private static Future<Void> failingOp(String op, Consumer<EmbeddedChannel> also) {
    EmbeddedChannel ch = new EmbeddedChannel(new ThrowsOutbound(op));
    Future<Void> f =
        switch (op) {
          case "bind" -> ch.bind(new InetSocketAddress(0));
          case "connect" -> ch.connect(new InetSocketAddress(0));
          case "disconnect" -> ch.disconnect();
          case "close" -> ch.close();
          case "write" -> ch.write(Unpooled.buffer(1).writeByte(1));
          default -> throw new IllegalArgumentException(op);
        };
    also.accept(ch);
    return f;
  }

  @Test
  void anOutboundOperationsExceptionFailsItsPromise() {
    for (String op : List.of("bind", "connect", "disconnect", "close", "write")) {
      List<EmbeddedChannel> channels = new ArrayList<>();
      Future<Void> f = failingOp(op, channels::add);
      assertThat(f.cause()).as(op).isInstanceOf(IllegalStateException.class).hasMessage(op);
      EmbeddedChannel ch = channels.get(0);
      ch.pipeline().remove(ch.pipeline().first()); // so that finishing can close
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void aReadOrFlushExceptionGoesToTheNextHandlersExceptionCaught() {
    for (String op : List.of("read", "flush")) {
      Catcher catcher = new Catcher();
      EmbeddedChannel ch = new EmbeddedChannel(new ThrowsOutbound(op), catcher);
      if (op.equals("read")) {
        ch.read();
      } else {
        ch.flush();
      }
      assertThat(catcher.caught).as(op).contains(op);
      ch.finish();
    }
  }

  @Test
  void anExceptionFromExceptionCaughtIsLoggedNotPropagated() {
    List<String> seen = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ChannelHandler() {
              @Override
              public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                throw new IllegalStateException("from exceptionCaught");
              }
            },
            new ChannelHandler() {
              @Override
              public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                seen.add(cause.getMessage());
              }
            });

    ch.pipeline().fireExceptionCaught(new IllegalArgumentException("original"));

    assertThat(seen).isEmpty();
    ch.checkException(); // nothing reached the tail
    ch.finish();
  }

  @Test
  void aHandlerRemovedThatThrowsIsReportedAndTheHandlerIsGone() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ChannelHandler() {
              @Override
              public void handlerRemoved(ChannelHandlerContext ctx) {
                throw new IllegalStateException("removed");
              }
            });
    String name = ch.pipeline().names().get(0);

    ch.pipeline().remove(name);

    assertThat(ch.pipeline().names()).isEmpty();
    assertThatThrownBy(ch::checkException)
        .isInstanceOf(ChannelPipelineException.class)
        .hasRootCauseMessage("removed");
    ch.finish();
  }

  @Test
  void aThrowingHandlerLeaksNothingItWasGiven() {
    EmbeddedChannel ch = new EmbeddedChannel(new ThrowsInbound(), new Catcher());
    ByteBuf in = Unpooled.buffer(4).writeInt(1);

    ch.writeInbound(in);

    assertThat(in.refCnt()).isZero();
    ch.finish();
  }
}
