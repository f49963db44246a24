package io.tern.handler.flush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class FlushConsolidationHandlerTest {

  /** Counts the flushes that reach the transport. */
  static final class FlushCounter implements ChannelHandler {
    int flushes;

    @Override
    public void flush(ChannelHandlerContext ctx) {
      flushes++;
      ctx.flush();
    }
  }

  /** Answers every read with a write and a flush, as a naive request handler does. */
  static final class EchoAndFlush implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.writeAndFlush(msg);
    }
  }

  private final FlushCounter counter = new FlushCounter();

  @Test
  void flushesDuringAReadBurstBecomeOneAtReadComplete() {
    EmbeddedChannel ch =
        new EmbeddedChannel(counter, new FlushConsolidationHandler(), new EchoAndFlush());

    ch.writeInbound("a", "b", "c");

    assertThat(counter.flushes).isEqualTo(1);
    assertThat((String) ch.readOutbound()).isEqualTo("a");
    assertThat((String) ch.readOutbound()).isEqualTo("b");
    assertThat((String) ch.readOutbound()).isEqualTo("c");
    ch.finish();
  }

  @Test
  void flushesAnywayAfterTheLimitWithinABurst() {
    EmbeddedChannel ch =
        new EmbeddedChannel(counter, new FlushConsolidationHandler(2), new EchoAndFlush());

    ch.writeInbound("1", "2", "3", "4", "5");

    assertThat(counter.flushes).isEqualTo(3); // after 2, after 4, at read complete
    assertThat(ch.finishAndReleaseAll()).isTrue();
  }

  @Test
  void flushesOutsideReadsPassStraightThroughByDefault() {
    EmbeddedChannel ch = new EmbeddedChannel(counter, new FlushConsolidationHandler());

    ch.writeAndFlush("a");
    ch.writeAndFlush("b");

    assertThat(counter.flushes).isEqualTo(2);
    ch.finishAndReleaseAll();
  }

  @Test
  void flushesOutsideReadsCanBeConsolidatedIntoALaterTask() {
    EmbeddedChannel ch = new EmbeddedChannel(counter, new FlushConsolidationHandler(256, true));

    ch.writeAndFlush("a");
    ch.writeAndFlush("b");
    ch.writeAndFlush("c");
    assertThat(counter.flushes).isZero();
    Object none = ch.readOutbound();
    assertThat(none).isNull();

    ch.runPendingTasks();

    assertThat(counter.flushes).isEqualTo(1);
    assertThat((String) ch.readOutbound()).isEqualTo("a");
    ch.finishAndReleaseAll();
  }

  @Test
  void closeFlushesWhatWasHeldBack() {
    ChannelHandler answerThenClose =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush("bye");
            ctx.close();
          }
        };
    EmbeddedChannel ch =
        new EmbeddedChannel(counter, new FlushConsolidationHandler(), answerThenClose);

    ch.writeInbound("quit");

    assertThat(ch.isOpen()).isFalse();
    assertThat((String) ch.readOutbound()).isEqualTo("bye");
    assertThat(counter.flushes).isEqualTo(1);
  }

  @Test
  void exceptionFlushesWhatWasHeldBack() {
    ChannelHandler answerThenFail =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush("error page");
            throw new IllegalStateException("bad request");
          }
        };
    EmbeddedChannel ch =
        new EmbeddedChannel(counter, new FlushConsolidationHandler(), answerThenFail);

    assertThatThrownBy(() -> ch.writeInbound("x")).hasMessage("bad request");

    assertThat((String) ch.readOutbound()).isEqualTo("error page");
    ch.finish();
  }

  @Test
  void removalFlushesWhatWasHeldBack() {
    FlushConsolidationHandler handler = new FlushConsolidationHandler(256, true);
    EmbeddedChannel ch = new EmbeddedChannel(counter, handler);
    ch.writeAndFlush("held");

    ch.pipeline().remove(handler);

    assertThat((String) ch.readOutbound()).isEqualTo("held");
    ch.finish();
  }

  @Test
  void rejectsALimitBelowOne() {
    assertThatThrownBy(() -> new FlushConsolidationHandler(0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
