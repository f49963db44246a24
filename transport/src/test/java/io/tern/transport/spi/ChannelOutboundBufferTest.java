package io.tern.transport.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.WriteBufferWaterMark;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelOutboundBufferTest {

  /** Records every writability change as the new value. */
  static final class WritabilityRecorder implements ChannelHandler {
    final List<Boolean> changes = new ArrayList<>();

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      changes.add(ctx.channel().isWritable());
      ctx.fireChannelWritabilityChanged();
    }
  }

  private static ByteBuf bytes(int n) {
    return Unpooled.buffer(n).writeZero(n);
  }

  @Test
  void turnsUnwritableAboveTheHighMarkAndWritableBelowTheLowMark() {
    WritabilityRecorder recorder = new WritabilityRecorder();
    EmbeddedChannel ch = new EmbeddedChannel(recorder);
    ch.config().setOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(8, 16));

    ch.write(bytes(10));
    assertThat(ch.isWritable()).isTrue();
    assertThat(ch.bytesBeforeUnwritable()).isEqualTo(6);
    ch.write(bytes(10));
    assertThat(ch.isWritable()).isFalse();
    assertThat(ch.bytesBeforeUnwritable()).isZero();
    assertThat(ch.bytesBeforeWritable()).isEqualTo(12);
    assertThat(recorder.changes).containsExactly(false);

    ch.flush();
    assertThat(ch.isWritable()).isTrue();
    assertThat(recorder.changes).containsExactly(false, true);
    assertThat(ch.finishAndReleaseAll()).isTrue();
  }

  @Test
  void userDefinedBitsMakeTheChannelUnwritableUntilAllAreSet() {
    WritabilityRecorder recorder = new WritabilityRecorder();
    EmbeddedChannel ch = new EmbeddedChannel(recorder);

    ch.userDefinedWritability(3, false);
    ch.userDefinedWritability(5, false);
    assertThat(ch.isWritable()).isFalse();
    assertThat(ch.userDefinedWritability(3)).isFalse();
    ch.userDefinedWritability(3, true);
    assertThat(ch.isWritable()).isFalse();
    ch.userDefinedWritability(5, true);
    assertThat(ch.isWritable()).isTrue();
    assertThat(recorder.changes).containsExactly(false, true);
    ch.finish();
  }

  @Test
  void anIdleChannelHoldsNoBufferAndDropsItOnceWhatWasWrittenLeft() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.config().setOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(8, 16));
    assertThat(ch.outboundBuffer()).isNull();
    assertThat(ch.isWritable()).isTrue();
    assertThat(ch.bytesBeforeUnwritable()).isEqualTo(16);
    assertThat(ch.bytesBeforeWritable()).isZero();
    assertThat(ch.userDefinedWritability(1)).isTrue();

    ch.write(bytes(4));
    assertThat(ch.outboundBuffer()).isNotNull();
    assertThat(ch.bytesBeforeUnwritable()).isEqualTo(12);
    ch.flush();
    assertThat(ch.outboundBuffer()).isNull();
    assertThat(ch.isWritable()).isTrue();

    ch.writeAndFlush(bytes(4)); // made again by the next write, and dropped again
    assertThat(ch.outboundBuffer()).isNull();
    assertThat(ch.outboundMessages()).hasSize(2);
    assertThat(ch.finishAndReleaseAll()).isTrue();
  }

  @Test
  void aUserDefinedBitKeepsTheBufferAndItsBits() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.userDefinedWritability(2, false);
    ch.writeAndFlush(bytes(4));
    assertThat(ch.outboundBuffer()).isNotNull();
    assertThat(ch.userDefinedWritability(2)).isFalse();
    assertThat(ch.isWritable()).isFalse();
    ch.userDefinedWritability(2, true);
    ch.writeAndFlush(bytes(4));
    assertThat(ch.outboundBuffer()).isNotNull();
    assertThat(ch.isWritable()).isTrue();
    assertThat(ch.finishAndReleaseAll()).isTrue();
  }

  @Test
  void aClosedChannelWithoutABufferIsNotWritable() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.close();
    assertThat(ch.outboundBuffer()).isNull();
    assertThat(ch.isWritable()).isFalse();
    assertThat(ch.bytesBeforeUnwritable()).isZero();
    assertThat(ch.userDefinedWritability(1)).isFalse();
    ch.userDefinedWritability(1, false); // no buffer is made for a closed channel
    assertThat(ch.outboundBuffer()).isNull();
  }

  @Test
  void writeAfterCloseFailsItsPromiseAndReleasesTheMessage() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.close();
    ByteBuf buf = bytes(4);

    Future<Void> f = ch.write(buf);

    assertThat(f.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void closeFailsAndReleasesUnflushedWrites() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ByteBuf a = bytes(4);
    ByteBuf b = bytes(4);
    Future<Void> fa = ch.write(a);
    Future<Void> fb = ch.write(b);

    ch.close();

    assertThat(fa.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(fb.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(a.refCnt()).isZero();
    assertThat(b.refCnt()).isZero();
    assertThat(ch.isWritable()).isFalse();
  }

  @Test
  void aWriteCancelledBeforeTheFlushIsReleasedAndNotWritten() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ByteBuf cancelled = bytes(4);
    ByteBuf kept = bytes(2);
    Future<Void> f = ch.write(cancelled);
    ch.write(kept);
    assertThat(f.cancel(false)).isTrue();

    ch.flush();

    assertThat(cancelled.refCnt()).isZero();
    ByteBuf out = ch.readOutbound();
    assertThat(out).isSameAs(kept);
    out.release();
    assertThat(ch.<Object>readOutbound()).isNull();
    ch.finish();
  }

  @Test
  void aListenerThatWritesAgainWhileCloseFailsWritesDoesNotLeak() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ByteBuf again = bytes(3);
    ch.write(bytes(4)).addListener(f -> ch.write(again));

    ch.close();
    ch.runPendingTasks();

    assertThat(again.refCnt()).isZero();
  }
}
