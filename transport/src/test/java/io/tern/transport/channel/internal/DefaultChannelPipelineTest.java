package io.tern.transport.channel.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.Unpooled;
import io.tern.common.DefaultAttributeMap;
import io.tern.common.concurrent.Future;
import io.tern.transport.EventLoop;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelId;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.embedded.internal.EmbeddedEventLoop;
import java.net.SocketAddress;
import org.junit.jupiter.api.Test;

class DefaultChannelPipelineTest {

  /** A channel with a plain pipeline (no embedded capture at the tail, no transport head). */
  static final class PlainChannel extends DefaultAttributeMap implements Channel {
    final EmbeddedEventLoop loop = new EmbeddedEventLoop();
    final DefaultChannelPipeline pipeline =
        new DefaultChannelPipeline(this, new ChannelHandler() {});
    final ChannelId id = ChannelId.newInstance();

    @Override
    public ChannelId id() {
      return id;
    }

    @Override
    public ChannelPipeline pipeline() {
      return pipeline;
    }

    @Override
    public EventLoop eventLoop() {
      return loop;
    }

    @Override
    public Channel parent() {
      return null;
    }

    @Override
    public ChannelConfig config() {
      throw new UnsupportedOperationException();
    }

    @Override
    public ByteBufAllocator alloc() {
      return ByteBufAllocator.DEFAULT;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public boolean isRegistered() {
      return true;
    }

    @Override
    public boolean isActive() {
      return true;
    }

    @Override
    public SocketAddress localAddress() {
      return null;
    }

    @Override
    public SocketAddress remoteAddress() {
      return null;
    }

    @Override
    public Future<Void> closeFuture() {
      return loop.newPromise();
    }

    @Override
    public boolean isWritable() {
      return true;
    }

    @Override
    public long bytesBeforeUnwritable() {
      return 0;
    }

    @Override
    public long bytesBeforeWritable() {
      return 0;
    }

    @Override
    public boolean userDefinedWritability(int index) {
      return true;
    }

    @Override
    public void userDefinedWritability(int index, boolean writable) {}

    @Override
    public Future<Void> register() {
      return loop.newSucceededFuture(null);
    }
  }

  static class ReadOnly implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.fireChannelRead(msg);
    }
  }

  static final class InheritsRead extends ReadOnly {}

  @Test
  void unhandledMessageAtTheTailIsReleased() {
    PlainChannel ch = new PlainChannel();
    ch.pipeline.addLast("pass", new ReadOnly());
    ByteBuf buf = Unpooled.buffer(8).writeByte(1);

    ch.pipeline.fireChannelRead(buf);

    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void unhandledExceptionAtTheTailIsSwallowedAfterLogging() {
    PlainChannel ch = new PlainChannel();
    ch.pipeline.fireExceptionCaught(new IllegalStateException("logged at WARNING"));
    assertThat(ch.pipeline.names()).isEmpty();
  }

  @Test
  void writeThatReachesAHeadWithoutWriteSupportFailsAndReleases() {
    PlainChannel ch = new PlainChannel();
    ByteBuf buf = Unpooled.buffer(8).writeByte(1);

    Future<Void> f = ch.pipeline.write(buf);

    assertThat(f.cause()).isInstanceOf(UnsupportedOperationException.class);
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void maskHasOnlyTheOverriddenEventsIncludingInheritedOverrides() {
    int mask = HandlerMask.of(ReadOnly.class);
    assertThat(mask).isEqualTo(HandlerMask.READ);
    assertThat(HandlerMask.of(InheritsRead.class)).isEqualTo(HandlerMask.READ);
    assertThat(HandlerMask.of(new ChannelHandler() {}.getClass())).isZero();
  }
}
