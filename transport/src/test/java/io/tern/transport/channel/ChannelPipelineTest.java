package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.concurrent.Promise;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelPipelineTest {

  /** Records every event it sees under its name, and forwards it. */
  static final class Recorder implements ChannelHandler {
    final String name;
    final List<String> log;

    Recorder(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      log.add(name + ".added");
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
      log.add(name + ".removed");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      log.add(name + ".read(" + msg + ")");
      ctx.fireChannelRead(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      log.add(name + ".event(" + evt + ")");
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      log.add(name + ".write(" + msg + ")");
      ctx.write(msg, promise);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      log.add(name + ".exception(" + cause.getMessage() + ")");
    }
  }

  /** Overrides nothing but channelActive; must not be called for other events. */
  static final class ActiveOnly implements ChannelHandler {
    final List<String> log;

    ActiveOnly(List<String> log) {
      this.log = log;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      log.add("activeOnly.active");
      ctx.fireChannelActive();
    }
  }

  @Test
  void inboundEventsTravelHeadToTailAndOutboundTailToHead() {
    List<String> log = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(new Recorder("a", log), new Recorder("b", log), new Recorder("c", log));
    log.clear();

    assertThat(ch.writeInbound("in")).isTrue();
    assertThat(ch.writeOutbound("out")).isTrue();

    assertThat(log)
        .containsExactly(
            "a.read(in)",
            "b.read(in)",
            "c.read(in)",
            "c.write(out)",
            "b.write(out)",
            "a.write(out)");
    assertThat((String) ch.readInbound()).isEqualTo("in");
    assertThat((String) ch.readOutbound()).isEqualTo("out");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void handlersThatDoNotOverrideAnEventAreSkippedForIt() {
    List<String> log = new ArrayList<>();
    EmbeddedChannel ch = new EmbeddedChannel(new ActiveOnly(log), new Recorder("r", log));
    assertThat(log).containsExactly("r.added", "activeOnly.active");
    log.clear();

    ch.writeInbound("m");
    ch.pipeline().fireUserEventTriggered("e");

    assertThat(log).containsExactly("r.read(m)", "r.event(e)");
    assertThat(ch.releaseInbound()).isTrue();
    ch.finish();
  }

  @Test
  void lifecycleCallbacksFollowAddRemoveAndReplaceOrder() {
    List<String> log = new ArrayList<>();
    EmbeddedChannel ch = new EmbeddedChannel();
    ChannelPipeline p = ch.pipeline();
    Recorder a = new Recorder("a", log);
    Recorder b = new Recorder("b", log);

    p.addLast("a", a).addFirst("b", b).addAfter("b", "c", new Recorder("c", log));
    p.addBefore("a", "d", new Recorder("d", log));
    assertThat(p.names()).containsExactly("b", "c", "d", "a");
    assertThat(p.first()).isSameAs(b);
    assertThat(p.last()).isSameAs(a);
    assertThat(p.get("a")).isSameAs(a);
    assertThat(p.context(a).name()).isEqualTo("a");

    assertThat(p.replace("c", "e", new Recorder("e", log))).isInstanceOf(Recorder.class);
    p.remove(a);
    assertThat(p.remove("d")).isNotNull();
    assertThat(p.names()).containsExactly("b", "e");
    assertThat(log)
        .containsExactly(
            "a.added",
            "b.added",
            "c.added",
            "d.added",
            "e.added",
            "c.removed",
            "a.removed",
            "d.removed");
    assertThat(p.context(a)).isNull();

    ch.finish();
    assertThat(log).endsWith("e.removed", "b.removed");
  }

  @Test
  void duplicateNameIsRejectedAndGeneratedNamesAreUnique() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ChannelPipeline p = ch.pipeline();
    List<String> log = new ArrayList<>();
    p.addLast("x", new Recorder("x", log));
    assertThatThrownBy(() -> p.addLast("x", new Recorder("y", log)))
        .isInstanceOf(IllegalArgumentException.class);
    p.addLast(new Recorder("1", log), new Recorder("2", log));
    assertThat(p.names()).containsExactly("x", "Recorder#0", "Recorder#1");
    ch.finish();
  }

  @Test
  void handlerRemovingItselfInChannelReadIsSkippedByTheNextEvent() {
    List<String> log = new ArrayList<>();
    ChannelHandler once =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            log.add("once.read(" + msg + ")");
            ctx.pipeline().remove(this);
            ctx.fireChannelRead(msg); // still reaches the rest after removal
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(once, new Recorder("r", log));
    log.clear();

    ch.writeInbound("1", "2");

    assertThat(log).containsExactly("once.read(1)", "r.read(1)", "r.read(2)");
    assertThat(ch.pipeline().names()).containsExactly("Recorder#0");
    ch.finishAndReleaseAll();
  }

  @Test
  void exceptionFromCallbackReachesExceptionCaughtOfNextHandler() {
    List<String> log = new ArrayList<>();
    ChannelHandler thrower =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            throw new IllegalStateException("boom " + msg);
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(thrower, new Recorder("r", log));
    log.clear();

    ch.writeInbound("m");

    assertThat(log).containsExactly("r.exception(boom m)");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void exceptionReachingTheTailIsRethrownByEmbeddedChannel() {
    ChannelHandler thrower =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            throw new IllegalStateException("boom");
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(thrower);
    assertThatThrownBy(() -> ch.writeInbound("m")).hasMessage("boom");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void failingHandlerAddedRemovesTheHandlerAndReportsIt() {
    List<String> log = new ArrayList<>();
    ChannelHandler bad =
        new ChannelHandler() {
          @Override
          public void handlerAdded(ChannelHandlerContext ctx) {
            throw new IllegalStateException("no");
          }

          @Override
          public void handlerRemoved(ChannelHandlerContext ctx) {
            log.add("bad.removed");
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.pipeline().addLast("bad", bad);
    assertThat(ch.pipeline().names()).isEmpty();
    assertThat(log).containsExactly("bad.removed");
    assertThatThrownBy(ch::checkException)
        .isInstanceOf(ChannelPipelineException.class)
        .hasRootCauseMessage("no");
    ch.finish();
  }
}
