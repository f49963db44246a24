package io.tern.codec.http.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WebSocketByteStreamAdapterTest {

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
  }

  @Test
  void binaryPayloadsPassOnAsBytesAndBytesWrittenLeaveAsBinaryFrames() {
    EmbeddedChannel ch = new EmbeddedChannel(new WebSocketByteStreamAdapter());
    ch.writeInbound(
        new BinaryWebSocketFrame(false, 0, ascii("ab")),
        new ContinuationWebSocketFrame(false, 0, Unpooled.buffer(0)),
        new ContinuationWebSocketFrame(true, 0, ascii("cd")),
        "not a frame");
    ByteBuf first = ch.readInbound();
    ByteBuf second = ch.readInbound();
    assertThat(first.toString(StandardCharsets.US_ASCII)).isEqualTo("ab");
    assertThat(second.toString(StandardCharsets.US_ASCII))
        .as("empty frames vanish")
        .isEqualTo("cd");
    first.release();
    second.release();
    Object third = ch.readInbound();
    assertThat(third).isEqualTo("not a frame");

    ch.writeOutbound(ascii("xyz"));
    BinaryWebSocketFrame out = ch.readOutbound();
    assertThat(out.isFinalFragment()).isTrue();
    assertThat(out.text()).isEqualTo("xyz");
    out.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void aTextMessageIsRefusedWithCloseStatus1003AndLaterFramesDropped() {
    EmbeddedChannel ch = new EmbeddedChannel(new WebSocketByteStreamAdapter());
    ch.writeInbound(
        new TextWebSocketFrame(false, 0, ascii("no")),
        new ContinuationWebSocketFrame(true, 0, ascii("text")),
        new BinaryWebSocketFrame(ascii("late")),
        new PingWebSocketFrame(ascii("p")));
    Object in = ch.readInbound();
    assertThat(in).isNull();
    CloseWebSocketFrame close = ch.readOutbound();
    assertThat(close.statusCode()).isEqualTo(1003);
    close.release();
    Object more = ch.readOutbound();
    assertThat(more).as("one close frame only").isNull();
    ch.finishAndReleaseAll();
  }
}
