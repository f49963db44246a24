package io.tern.codec.stomp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StompHeartbeatHandlerTest {

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
  }

  private static StompFrame handshake(StompCommand command, String heartBeat) {
    StompFrame frame = new StompFrame(command);
    frame.headers().add(StompHeaders.VERSION, "1.2");
    if (heartBeat != null) {
      frame.headers().add(StompHeaders.HEART_BEAT, heartBeat);
    }
    return frame;
  }

  /** Reads what was written as text, releasing the buffers. */
  private static String written(EmbeddedChannel ch) {
    StringBuilder out = new StringBuilder();
    ByteBuf buf;
    while ((buf = ch.readOutbound()) != null) {
      out.append(buf.toString(StandardCharsets.US_ASCII));
      buf.release();
    }
    return out.toString();
  }

  private static void dropInbound(EmbeddedChannel ch) {
    Object msg;
    while ((msg = ch.readInbound()) != null) {
      ReferenceCountUtil.release(msg);
    }
  }

  @Test
  void serverNegotiatesSendsAndEnforcesHeartbeats() {
    StompHeartbeatHandler heartbeats = new StompHeartbeatHandler();
    EmbeddedChannel server = new EmbeddedChannel(new StompCodec(), heartbeats);
    // The client can send every 100 ms and wants one every 200 ms.
    server.writeInbound(ascii("CONNECT\naccept-version:1.2\nheart-beat:100,200\n\n\0"));
    dropInbound(server);
    // The server can send every 300 ms and wants one every 50 ms.
    server.writeOutbound(handshake(StompCommand.CONNECTED, "300,50"));
    assertThat(written(server)).startsWith("CONNECTED\n");
    assertThat(heartbeats.sendIntervalMillis()).isEqualTo(300);
    assertThat(heartbeats.receiveTimeoutMillis()).isEqualTo(200); // max(100, 50) × 2

    server.advanceTimeBy(150, TimeUnit.MILLISECONDS);
    server.writeInbound(ascii("\n")); // the client's heart-beat
    server.advanceTimeBy(160, TimeUnit.MILLISECONDS);
    assertThat(written(server)).isEqualTo("\n"); // 310 ms after CONNECTED: one heart-beat
    assertThat(server.isOpen()).isTrue();

    server.advanceTimeBy(100, TimeUnit.MILLISECONDS); // 260 ms of silence
    assertThat(server.isOpen()).isFalse();
    assertThatThrownBy(server::checkException).isInstanceOf(StompHeartbeatTimeoutException.class);
    server.finishAndReleaseAll();
  }

  @Test
  void writesPostponeHeartbeatsAndPartialFramesCountAsLife() {
    StompHeartbeatHandler heartbeats = new StompHeartbeatHandler(1.5);
    EmbeddedChannel client = new EmbeddedChannel(new StompCodec(), heartbeats);
    client.writeOutbound(handshake(StompCommand.CONNECT, "100,100"));
    written(client);
    client.writeInbound(ascii("CONNECTED\nversion:1.2\nheart-beat:100,100\n\n\0"));
    dropInbound(client);
    assertThat(heartbeats.receiveTimeoutMillis()).isEqualTo(150);
    for (int i = 0; i < 5; i++) {
      client.advanceTimeBy(60, TimeUnit.MILLISECONDS);
      StompFrame send = new StompFrame(StompCommand.SEND);
      send.headers().add(StompHeaders.DESTINATION, "/q");
      client.writeOutbound(send);
      client.writeInbound(ascii("MESS")); // part of a frame: still alive
    }
    assertThat(written(client)).doesNotContain("\n\n\n").contains("SEND");
    assertThat(client.isOpen()).isTrue();
    client.advanceTimeBy(100, TimeUnit.MILLISECONDS);
    assertThat(written(client)).isEqualTo("\n");
    client.finishAndReleaseAll();
  }

  @Test
  void nothingIsScheduledWithoutHeartbeatHeaders() {
    StompHeartbeatHandler heartbeats = new StompHeartbeatHandler();
    EmbeddedChannel client = new EmbeddedChannel(new StompCodec(), heartbeats);
    client.writeOutbound(handshake(StompCommand.CONNECT, null));
    client.writeInbound(ascii("CONNECTED\nversion:1.0\n\n\0"));
    dropInbound(client);
    written(client);
    client.advanceTimeBy(1, TimeUnit.HOURS);
    assertThat(client.isOpen()).isTrue();
    assertThat(written(client)).isEmpty();
    assertThat(heartbeats.sendIntervalMillis()).isZero();
    assertThat(heartbeats.receiveTimeoutMillis()).isZero();
    client.finishAndReleaseAll();
  }

  @Test
  void parsesAndNegotiatesHeartbeatHeaders() {
    assertThat(StompHeartbeat.parse("10, 20")).isEqualTo(new StompHeartbeat(10, 20));
    assertThat(StompHeartbeat.parse(null)).isEqualTo(StompHeartbeat.NONE);
    assertThat(new StompHeartbeat(5, 6).toHeader()).isEqualTo("5,6");
    assertThat(StompHeartbeat.interval(100, 200)).isEqualTo(200);
    assertThat(StompHeartbeat.interval(0, 200)).isZero();
    assertThat(StompHeartbeat.interval(100, 0)).isZero();
    for (String bad : new String[] {"", "1", "a,b", "-1,0", "1,2,3"}) {
      assertThatThrownBy(() -> StompHeartbeat.parse(bad))
          .as(bad)
          .isInstanceOf(StompCodecException.class);
    }
  }

  @Test
  void malformedHeartbeatFromPeerIsATypedErrorAndLeaksNothing() {
    EmbeddedChannel server = new EmbeddedChannel(new StompCodec(), new StompHeartbeatHandler());
    assertThatThrownBy(() -> server.writeInbound(ascii("CONNECT\nheart-beat:x\n\n\0")))
        .isInstanceOf(StompCodecException.class);
    server.finishAndReleaseAll();
  }
}
