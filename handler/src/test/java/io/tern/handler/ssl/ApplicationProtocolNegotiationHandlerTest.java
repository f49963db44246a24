package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApplicationProtocolNegotiationHandlerTest {
  /** Marks what it passes on, so the test sees that the configured handler got it. */
  private static final class Tagging implements ChannelHandler {
    private final String protocol;

    Tagging(String protocol) {
      this.protocol = protocol;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf b = (ByteBuf) msg;
      String s = b.toString(StandardCharsets.US_ASCII);
      b.release();
      ctx.fireChannelRead(protocol + ":" + s);
    }
  }

  private final List<String> configured = new ArrayList<>();

  private ApplicationProtocolNegotiationHandler handler() {
    return ApplicationProtocolNegotiationHandler.of(
        "http/1.1",
        (pipeline, protocol) -> {
          configured.add(protocol);
          pipeline.addLast(new Tagging(protocol));
        });
  }

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
  }

  @Test
  void withoutAlpnTheFallbackIsConfiguredAndTheHandlerLeaves() {
    EmbeddedChannel ch = new EmbeddedChannel(handler());
    ch.pipeline().fireUserEventTriggered(SslHandshakeCompletionEvent.SUCCESS);
    assertThat(configured).containsExactly("http/1.1");
    assertThat(ch.pipeline().names())
        .noneMatch(n -> ch.pipeline().get(n) instanceof ApplicationProtocolNegotiationHandler);
    ch.writeInbound(ascii("x"));
    assertThat((String) ch.readInbound()).isEqualTo("http/1.1:x");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void messagesReadBeforeTheHandshakeReachTheConfiguredHandlersInOrder() {
    EmbeddedChannel ch = new EmbeddedChannel(handler());
    ch.writeInbound(ascii("a"));
    ch.writeInbound(ascii("b"));
    Object none = ch.readInbound();
    assertThat(none).isNull();
    ch.pipeline().fireUserEventTriggered(SslHandshakeCompletionEvent.SUCCESS);
    assertThat((String) ch.readInbound()).isEqualTo("http/1.1:a");
    assertThat((String) ch.readInbound()).isEqualTo("http/1.1:b");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void aFailedHandshakeClosesAndReleasesWhatWasHeld() {
    EmbeddedChannel ch = new EmbeddedChannel(handler());
    ByteBuf held = ascii("held");
    ch.writeInbound(held);
    ch.pipeline()
        .fireUserEventTriggered(new SslHandshakeCompletionEvent(new ClosedChannelException()));
    assertThat(configured).isEmpty();
    assertThat(held.refCnt()).isZero();
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void aConfiguratorThatThrowsClosesTheChannel() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            ApplicationProtocolNegotiationHandler.of(
                "http/1.1",
                (pipeline, protocol) -> {
                  throw new IllegalStateException("no handlers for " + protocol);
                }));
    ByteBuf held = ascii("held");
    ch.writeInbound(held);
    ch.pipeline().fireUserEventTriggered(SslHandshakeCompletionEvent.SUCCESS);
    assertThat(held.refCnt()).isZero();
    assertThat(ch.isOpen()).isFalse();
  }
}
