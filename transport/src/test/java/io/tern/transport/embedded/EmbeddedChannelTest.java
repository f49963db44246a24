package io.tern.transport.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmbeddedChannelTest {

  @Test
  void writeAfterCloseFailsItsFutureAndReleasesTheMessage() {
    EmbeddedChannel ch = new EmbeddedChannel();
    assertThat(ch.finish()).isFalse();
    assertThat(ch.isOpen()).isFalse();
    assertThat(ch.closeFuture().isSuccess()).isTrue();
    ByteBuf buf = Unpooled.buffer(4).writeByte(7);

    Future<Void> f = ch.writeAndFlush(buf);

    assertThat(f.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void writeOutboundAfterCloseThrowsClosedChannel() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.finish();
    ByteBuf buf = Unpooled.buffer(4).writeByte(7);
    assertThatThrownBy(() -> ch.writeOutbound(buf))
        .isInstanceOf(UncheckedIOException.class)
        .hasCauseInstanceOf(ClosedChannelException.class);
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void closeFailsAndReleasesUnflushedWrites() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ByteBuf buf = Unpooled.buffer(4).writeByte(7);
    Future<Void> f = ch.write(buf);
    assertThat(f.isDone()).isFalse();

    assertThat(ch.finish()).isFalse();

    assertThat(f.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void finishReportsUnreadMessagesAndReleaseAllFreesThem() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ByteBuf in = Unpooled.buffer(4).writeByte(1);
    ByteBuf out = Unpooled.buffer(4).writeByte(2);
    assertThat(ch.writeInbound(in)).isTrue();
    assertThat(ch.writeOutbound(out)).isTrue();

    assertThat(ch.finishAndReleaseAll()).isTrue();

    assertThat(in.refCnt()).isZero();
    assertThat(out.refCnt()).isZero();
  }

  @Test
  void lifecycleEventsFireOnConstructionAndClose() {
    List<String> log = new ArrayList<>();
    ChannelHandler h =
        new ChannelHandler() {
          @Override
          public void channelRegistered(ChannelHandlerContext ctx) {
            log.add("registered");
          }

          @Override
          public void channelActive(ChannelHandlerContext ctx) {
            log.add("active");
          }

          @Override
          public void channelInactive(ChannelHandlerContext ctx) {
            log.add("inactive");
          }

          @Override
          public void channelUnregistered(ChannelHandlerContext ctx) {
            log.add("unregistered");
          }

          @Override
          public void handlerRemoved(ChannelHandlerContext ctx) {
            log.add("removed");
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(h);
    ch.finish();
    assertThat(log).containsExactly("registered", "active", "inactive", "unregistered", "removed");
  }

  @Test
  void tasksSubmittedToTheExecutorRunOnRunPendingTasks() {
    EmbeddedChannel ch = new EmbeddedChannel();
    List<String> log = new ArrayList<>();
    ch.eventLoop().execute(() -> log.add("ran"));
    assertThat(log).isEmpty();
    ch.runPendingTasks();
    assertThat(log).containsExactly("ran");
    ch.finish();
  }

  static final class CountBytes extends SimpleChannelInboundHandler<ByteBuf> {
    int bytes;

    CountBytes(boolean autoRelease) {
      super(ByteBuf.class, autoRelease);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
      bytes += msg.readableBytes();
    }
  }

  @Test
  void simpleInboundHandlerReleasesHandledMessagesAndPassesOthersOn() {
    CountBytes counter = new CountBytes(true);
    EmbeddedChannel ch = new EmbeddedChannel(counter);
    ByteBuf buf = Unpooled.buffer(4).writeByte(1).writeByte(2);

    assertThat(ch.writeInbound(buf, "not a buffer")).isTrue();

    assertThat(counter.bytes).isEqualTo(2);
    assertThat(buf.refCnt()).isZero();
    assertThat((String) ch.readInbound()).isEqualTo("not a buffer");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void simpleInboundHandlerWithoutAutoReleaseLeavesOwnershipToTheHandler() {
    EmbeddedChannel ch = new EmbeddedChannel(new CountBytes(false));
    ByteBuf buf = Unpooled.buffer(4).writeByte(1);

    ch.writeInbound(buf);

    assertThat(buf.refCnt()).isEqualTo(1);
    buf.release();
    ch.finish();
  }

  @Test
  void simpleInboundHandlerReleasesEvenWhenChannelRead0Throws() {
    SimpleChannelInboundHandler<ByteBuf> thrower =
        new SimpleChannelInboundHandler<>(ByteBuf.class) {
          @Override
          protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
            throw new IllegalArgumentException("bad");
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(thrower);
    ByteBuf buf = Unpooled.buffer(4).writeByte(1);

    assertThatThrownBy(() -> ch.writeInbound(buf)).hasMessage("bad");

    assertThat(buf.refCnt()).isZero();
    ch.finish();
  }

  @Test
  void channelInitializerAddsHandlersAndRemovesItself() {
    CountBytes counter = new CountBytes(true);
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ChannelInitializer<EmbeddedChannel>() {
              @Override
              protected void initChannel(EmbeddedChannel c) {
                c.pipeline().addLast("counter", counter);
              }
            });

    assertThat(ch.pipeline().names()).containsExactly("counter");
    ch.writeInbound(Unpooled.buffer(4).writeByte(1));
    assertThat(counter.bytes).isEqualTo(1);
    assertThat(ch.finish()).isFalse();
  }
}
