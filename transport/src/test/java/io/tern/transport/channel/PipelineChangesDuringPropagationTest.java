package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Handlers added, removed or replaced while an event travels through the pipeline. */
class PipelineChangesDuringPropagationTest {

  /** Records reads under its name and forwards them. */
  static class Named implements ChannelHandler {
    final String name;
    final List<String> log;

    Named(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
      log.add(name + ":" + msg);
      ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      log.add(name + ".write:" + msg);
      ctx.write(msg, promise);
    }
  }

  @Test
  void aHandlerAddedAfterTheCurrentOneSeesTheEventInFlight() {
    List<String> log = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Named("a", log) {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                ctx.pipeline().addAfter(ctx.name(), "added", new Named("added", log));
                super.channelRead(ctx, msg);
              }
            },
            new Named("b", log));

    ch.writeInbound("m");

    assertThat(log).containsExactly("a:m", "added:m", "b:m");
    assertThat(ch.<String>readInbound()).isEqualTo("m");
    ch.finish();
  }

  @Test
  void aHandlerRemovedAheadOfTheEventInFlightIsSkipped() {
    List<String> log = new ArrayList<>();
    Named b = new Named("b", log);
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Named("a", log) {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                ctx.pipeline().remove(b);
                super.channelRead(ctx, msg);
              }
            },
            b,
            new Named("c", log));

    ch.writeInbound("m");

    assertThat(log).containsExactly("a:m", "c:m");
    ch.finishAndReleaseAll();
  }

  @Test
  void aHandlerReplacingItselfPassesTheEventInFlightThroughItsReplacement() {
    List<String> log = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Named("old", log) {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                log.add("old:" + msg);
                ctx.pipeline().replace(this, "new", new Named("new", log));
                ctx.fireChannelRead(msg); // the removed context now leads to its replacement
              }
            },
            new Named("next", log));

    ch.writeInbound("1");
    ch.writeInbound("2");

    assertThat(log).containsExactly("old:1", "new:1", "next:1", "new:2", "next:2");
    assertThat(ch.pipeline().names()).containsExactly("new", "Named#0");
    ch.finishAndReleaseAll();
  }

  @Test
  void aWriteInFlightSurvivesTheRemovalOfTheHandlerThatForwardsIt() {
    List<String> log = new ArrayList<>();
    Named outer = new Named("outer", log);
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Named("inner", log),
            new Named("remover", log) {
              @Override
              public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
                ctx.pipeline().remove(this);
                super.write(ctx, msg, promise);
              }
            },
            outer);
    ByteBuf first = Unpooled.buffer(1).writeByte(1);
    ByteBuf second = Unpooled.buffer(1).writeByte(2);

    ch.writeOutbound(first);
    ch.writeOutbound(second);

    assertThat(log)
        .containsExactly(
            "outer.write:" + first,
            "remover.write:" + first,
            "inner.write:" + first,
            "outer.write:" + second,
            "inner.write:" + second);
    assertThat(ch.finishAndReleaseAll()).isTrue();
  }
}
