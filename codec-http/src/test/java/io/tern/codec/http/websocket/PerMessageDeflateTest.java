package io.tern.codec.http.websocket;

import static io.tern.codec.http.websocket.WebSocketProtocolViolationTest.bytes;
import static io.tern.codec.http.websocket.WebSocketProtocolViolationTest.concat;
import static io.tern.codec.http.websocket.WebSocketProtocolViolationTest.frame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

/**
 * permessage-deflate (RFC 7692) on a server pipeline: negotiation in the handshake, inflation of
 * what the client sends (the RFC's own examples among it), compression of what the application
 * writes, the RSV rules, and the limit on inflated messages.
 */
class PerMessageDeflateTest {
  private static final String KEY = "dGhlIHNhbXBsZSBub25jZQ==";

  private static EmbeddedChannel server(
      PerMessageDeflateConfig deflate, WebSocketDecoderConfig decoder, String... offers) {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new HttpServerCodec(),
            new HttpObjectAggregator(8192),
            new WebSocketServerProtocolHandler(
                WebSocketServerProtocolConfig.builder("/")
                    .perMessageDeflate(deflate)
                    .decoderConfig(decoder)
                    .build()));
    StringBuilder req =
        new StringBuilder("GET / HTTP/1.1\r\nHost: example.org\r\n")
            .append("Upgrade: websocket\r\nConnection: Upgrade\r\n")
            .append("Sec-WebSocket-Key: " + KEY + "\r\nSec-WebSocket-Version: 13\r\n");
    for (String offer : offers) {
      req.append("Sec-WebSocket-Extensions: ").append(offer).append("\r\n");
    }
    ch.writeInbound(Unpooled.copiedBuffer(req.append("\r\n"), StandardCharsets.US_ASCII));
    return ch;
  }

  private static EmbeddedChannel server(String... offers) {
    return server(PerMessageDeflateConfig.defaults(), WebSocketDecoderConfig.forServer(), offers);
  }

  private static byte[] outbound(EmbeddedChannel ch) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      byte[] a = new byte[b.readableBytes()];
      b.readBytes(a);
      b.release();
      out.writeBytes(a);
    }
    return out.toByteArray();
  }

  private static String response(EmbeddedChannel ch) {
    return new String(outbound(ch), StandardCharsets.ISO_8859_1);
  }

  /** Raw deflate with a sync flush and the tail removed, as a peer compresses one message. */
  static byte[] compress(Deflater deflater, byte[] data) {
    deflater.setInput(data);
    byte[] buf = new byte[data.length + 64];
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int n;
    while ((n = deflater.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH)) > 0) {
      out.write(buf, 0, n);
      if (n < buf.length) {
        break;
      }
    }
    byte[] a = out.toByteArray();
    // An empty flush right after another emits nothing: the message is then the byte 00.
    return a.length == 0 ? new byte[1] : Arrays.copyOf(a, a.length - 4);
  }

  static byte[] compress(byte[] data) {
    Deflater d = new Deflater(6, true);
    try {
      return compress(d, data);
    } finally {
      d.end();
    }
  }

  static byte[] inflate(Inflater inflater, byte[] message) throws DataFormatException {
    inflater.setInput(concat(message, bytes(0, 0, 0xFF, 0xFF)));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    int n;
    while ((n = inflater.inflate(buf)) > 0) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  /** A frame a server sent: its first byte and its (unmasked) payload. */
  static final class Wire {
    private final int b0;
    private final byte[] payload;

    Wire(int b0, byte[] payload) {
      this.b0 = b0;
      this.payload = payload;
    }

    int b0() {
      return b0;
    }

    byte[] payload() {
      return payload;
    }
  }

  static List<Wire> serverFrames(byte[] wire) {
    List<Wire> frames = new ArrayList<>();
    int i = 0;
    while (i < wire.length) {
      int b0 = wire[i] & 0xFF;
      int len = wire[i + 1] & 0x7F;
      i += 2;
      if (len == 126) {
        len = ((wire[i] & 0xFF) << 8) | (wire[i + 1] & 0xFF);
        i += 2;
      } else if (len == 127) {
        len = (int) java.nio.ByteBuffer.wrap(wire, i, 8).getLong();
        i += 8;
      }
      frames.add(new Wire(b0, Arrays.copyOfRange(wire, i, i + len)));
      i += len;
    }
    return frames;
  }

  private static String text(byte[] a) {
    return new String(a, StandardCharsets.UTF_8);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void serverAcceptsTheOfferAndInflatesACompressedMessage() {
    EmbeddedChannel ch = server("permessage-deflate; client_max_window_bits");
    assertThat(response(ch))
        .startsWith("HTTP/1.1 101")
        .containsIgnoringCase("sec-websocket-extensions: permessage-deflate\r\n");
    ch.writeInbound(Unpooled.wrappedBuffer(frame(0xC1, compress(utf8("Hello, deflate!")))));
    TextWebSocketFrame text = ch.readInbound();
    assertThat(text.text()).isEqualTo("Hello, deflate!");
    assertThat(text.rsv()).isZero();
    text.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void theRfcExamplesInflateIncludingSharedWindowStoredBlockAndFinalBlock() {
    EmbeddedChannel ch = server("permessage-deflate");
    response(ch);
    byte[] hello = bytes(0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00);
    ch.writeInbound(
        Unpooled.wrappedBuffer(
            concat(
                // 7.2.3.1: one compressed message
                frame(0xC1, hello),
                // 7.2.3.2: the same text again, referring back into the previous message
                frame(0xC1, bytes(0xf2, 0x00, 0x11, 0x00, 0x00)),
                // 7.2.3.1 fragmented: the same stream cut in two frames
                frame(0x41, bytes(0xf2, 0x48, 0xcd)),
                frame(0x80, bytes(0xc9, 0xc9, 0x07, 0x00)),
                // 7.2.3.3: a block with no compression
                frame(
                    0xC1, bytes(0x00, 0x05, 0x00, 0xfa, 0xff, 0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x00)),
                // 7.2.3.4: a final block (BFINAL), after which a new stream starts
                frame(0xC1, bytes(0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00, 0x00)),
                frame(0xC1, hello))));
    StringBuilder all = new StringBuilder();
    WebSocketFrame f;
    while ((f = ch.readInbound()) != null) {
      all.append(f.text()).append(f.isFinalFragment() ? "|" : "");
      f.release();
    }
    assertThat(all).hasToString("Hello|Hello|Hello|Hello|Hello|Hello|");
    ch.finishAndReleaseAll();
  }

  @Test
  void serverCompressesWhatTheApplicationWritesAndKeepsTheWindowAcrossMessages() throws Exception {
    EmbeddedChannel ch = server("permessage-deflate");
    response(ch);
    String message = "the quick brown fox jumps over the lazy dog, ".repeat(20);
    ch.writeOutbound(new TextWebSocketFrame(message));
    ch.writeOutbound(new TextWebSocketFrame(message));
    List<Wire> frames = serverFrames(outbound(ch));
    assertThat(frames).hasSize(2);
    assertThat(frames.get(0).b0()).as("FIN, RSV1, text").isEqualTo(0xC1);
    assertThat(frames.get(0).payload().length).isLessThan(message.length() / 4);
    assertThat(frames.get(1).payload().length)
        .as("the second message refers back to the first")
        .isLessThan(frames.get(0).payload().length);
    Inflater inflater = new Inflater(true);
    assertThat(text(inflate(inflater, frames.get(0).payload()))).isEqualTo(message);
    assertThat(text(inflate(inflater, frames.get(1).payload()))).isEqualTo(message);
    inflater.end();
    ch.finishAndReleaseAll();
  }

  @Test
  void emptyMessagesAndAnEmptyLastFrameStayValidDeflate() throws Exception {
    EmbeddedChannel ch = server("permessage-deflate");
    response(ch);
    ch.writeOutbound(
        new TextWebSocketFrame(""),
        new TextWebSocketFrame(""),
        new TextWebSocketFrame(false, 0, Unpooled.copiedBuffer("abc", StandardCharsets.UTF_8)),
        new ContinuationWebSocketFrame(true, 0, Unpooled.buffer(0)),
        new TextWebSocketFrame("after"));
    List<Wire> frames = serverFrames(outbound(ch));
    assertThat(frames).extracting(Wire::b0).containsExactly(0xC1, 0xC1, 0x41, 0x80, 0xC1);
    Inflater inflater = new Inflater(true);
    assertThat(text(inflate(inflater, frames.get(0).payload()))).isEmpty();
    assertThat(frames.get(1).payload()).as("nothing to flush: the byte 00").containsExactly(0);
    assertThat(text(inflate(inflater, frames.get(1).payload()))).isEmpty();
    byte[] fragmented = concat(frames.get(2).payload(), frames.get(3).payload());
    assertThat(text(inflate(inflater, fragmented))).isEqualTo("abc");
    assertThat(text(inflate(inflater, frames.get(4).payload()))).isEqualTo("after");
    inflater.end();
    ch.finishAndReleaseAll();
  }

  @Test
  void aFragmentedMessageHasRsv1OnItsFirstFrameOnly() throws Exception {
    EmbeddedChannel ch = server("permessage-deflate");
    response(ch);
    ch.writeOutbound(
        new BinaryWebSocketFrame(false, 0, Unpooled.wrappedBuffer(new byte[3000])),
        new ContinuationWebSocketFrame(false, 0, Unpooled.wrappedBuffer(new byte[3000])),
        new ContinuationWebSocketFrame(true, 0, Unpooled.wrappedBuffer(new byte[3000])));
    List<Wire> frames = serverFrames(outbound(ch));
    assertThat(frames).extracting(Wire::b0).containsExactly(0x42, 0x00, 0x80);
    byte[] all = concat(frames.get(0).payload(), frames.get(1).payload(), frames.get(2).payload());
    Inflater inflater = new Inflater(true);
    assertThat(inflate(inflater, all)).isEqualTo(new byte[9000]);
    inflater.end();
    ch.finishAndReleaseAll();
  }

  @Test
  void serverNoContextTakeoverIsAnnouncedAndEveryMessageStandsAlone() {
    EmbeddedChannel ch =
        server(
            PerMessageDeflateConfig.defaults().withServerNoContextTakeover(true),
            WebSocketDecoderConfig.forServer(),
            "permessage-deflate");
    assertThat(response(ch))
        .containsIgnoringCase(
            "sec-websocket-extensions: permessage-deflate; server_no_context_takeover");
    String message = "abcabcabcabc".repeat(30);
    ch.writeOutbound(new TextWebSocketFrame(message), new TextWebSocketFrame(message));
    List<Wire> frames = serverFrames(outbound(ch));
    assertThat(frames.get(1).payload()).isEqualTo(frames.get(0).payload());
    ch.finishAndReleaseAll();
  }

  @Test
  void aSmallerServerWindowIsHonouredByCompressingOnlyMessagesThatFitIt() throws Exception {
    EmbeddedChannel ch = server("permessage-deflate; server_max_window_bits=9");
    assertThat(response(ch))
        .containsIgnoringCase(
            "sec-websocket-extensions: permessage-deflate; server_max_window_bits=9");
    byte[] small = new byte[512];
    byte[] large = new byte[513];
    ch.writeOutbound(
        new BinaryWebSocketFrame(Unpooled.wrappedBuffer(small)),
        new BinaryWebSocketFrame(Unpooled.wrappedBuffer(large)),
        new BinaryWebSocketFrame(false, 0, Unpooled.wrappedBuffer(small.clone())),
        new ContinuationWebSocketFrame(true, 0, Unpooled.wrappedBuffer(small.clone())),
        new BinaryWebSocketFrame(Unpooled.wrappedBuffer(small.clone())));
    List<Wire> frames = serverFrames(outbound(ch));
    assertThat(frames).extracting(Wire::b0).containsExactly(0xC2, 0x82, 0x02, 0x80, 0xC2);
    assertThat(frames.get(1).payload()).as("sent as it is").isEqualTo(large);
    // Each compressed message is a stream of its own: it inflates without the previous one.
    assertThat(inflate(new Inflater(true), frames.get(4).payload())).isEqualTo(small);
    assertThat(frames.get(4).payload()).isEqualTo(frames.get(0).payload());
    ch.finishAndReleaseAll();
  }

  @Test
  void anUnacceptableOfferIsSkippedForTheNextOne() {
    EmbeddedChannel ch =
        server(
            "permessage-deflate; server_max_window_bits=16, permessage-deflate; foo",
            "x-webkit-deflate-frame, permessage-deflate; client_no_context_takeover");
    assertThat(response(ch))
        .containsIgnoringCase("sec-websocket-extensions: permessage-deflate\r\n");
    ch.finishAndReleaseAll();
  }

  @Test
  void withoutAnAcceptedOfferRsv1RemainsAProtocolError() {
    EmbeddedChannel ch = server("permessage-deflate; server_max_window_bits=07");
    assertThat(response(ch)).doesNotContainIgnoringCase("sec-websocket-extensions");
    assertClosedWith(ch, frame(0xC1, compress(utf8("x"))), 1002);
  }

  private static void assertClosedWith(EmbeddedChannel ch, byte[] wire, int code) {
    catchThrowableOfType(
        CorruptedWebSocketFrameException.class,
        () -> ch.writeInbound(Unpooled.wrappedBuffer(wire)));
    List<Wire> sent = serverFrames(outbound(ch));
    assertThat(sent).isNotEmpty();
    Wire close = sent.get(sent.size() - 1);
    assertThat(close.b0()).isEqualTo(0x88);
    assertThat(((close.payload()[0] & 0xFF) << 8) | (close.payload()[1] & 0xFF)).isEqualTo(code);
    assertThat(ch.isOpen()).isFalse();
    Object leftover;
    while ((leftover = ch.readInbound()) != null) {
      io.tern.common.ReferenceCountUtil.release(leftover);
    }
    ch.finishAndReleaseAll();
  }

  @Test
  void rsv2AndRsv1OutOfPlaceAreProtocolErrorsWithTheExtension() {
    byte[] x = compress(utf8("x"));
    EmbeddedChannel a = server("permessage-deflate");
    response(a);
    assertClosedWith(a, frame(0xA1, utf8("x")), 1002);
    EmbeddedChannel b = server("permessage-deflate");
    response(b);
    assertClosedWith(b, concat(frame(0x41, x), frame(0xC0, bytes(0x00))), 1002);
    EmbeddedChannel c = server("permessage-deflate");
    response(c);
    assertClosedWith(c, frame(0xC9, utf8("ping")), 1002);
  }

  @Test
  void aMessageInflatingBeyondTheLimitIsClosedWith1009WhileInflating() {
    EmbeddedChannel ch =
        server(
            PerMessageDeflateConfig.defaults(),
            WebSocketDecoderConfig.forServer()
                .withMaxFramePayloadLength(65536)
                .withMaxMessagePayloadLength(65536),
            "permessage-deflate");
    response(ch);
    // 16 MiB of zeros deflate to about 16 KiB: a frame well within the frame limit.
    byte[] bomb = compress(new byte[16 << 20]);
    assertThat(bomb.length).isLessThan(65536);
    assertClosedWith(ch, frame(0xC2, bomb), 1009);
  }

  @Test
  void aMessageExactlyAtTheLimitPasses() {
    EmbeddedChannel ch =
        server(
            PerMessageDeflateConfig.defaults(),
            WebSocketDecoderConfig.forServer()
                .withMaxFramePayloadLength(4096)
                .withMaxMessagePayloadLength(4096),
            "permessage-deflate");
    response(ch);
    ch.writeInbound(Unpooled.wrappedBuffer(frame(0xC2, compress(new byte[4096]))));
    BinaryWebSocketFrame f = ch.readInbound();
    assertThat(f.content().readableBytes()).isEqualTo(4096);
    f.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void dataThatIsNotDeflateOrTextThatIsNotUtf8IsClosedWith1007() {
    EmbeddedChannel a = server("permessage-deflate");
    response(a);
    assertClosedWith(a, frame(0xC2, bytes(0xFF, 0xFF, 0xFF)), 1007);
    EmbeddedChannel b = server("permessage-deflate");
    response(b);
    assertClosedWith(b, frame(0xC1, compress(bytes('a', 0xFF, 'b'))), 1007);
    EmbeddedChannel c = server("permessage-deflate");
    response(c);
    assertClosedWith(c, frame(0xC1, compress(bytes('a', 0xE2, 0x82))), 1007);
  }

  @Test
  void randomMessagesRoundTripThroughTheInflaterInRandomFragments() {
    Random random = new Random(7692);
    Deflater peer = new Deflater(6, true);
    EmbeddedChannel ch =
        server(
            PerMessageDeflateConfig.defaults(),
            WebSocketDecoderConfig.forServer().withMaxFramePayloadLength(1 << 20),
            "permessage-deflate");
    response(ch);
    for (int m = 0; m < 50; m++) {
      byte[] data = new byte[random.nextInt(20_000)];
      for (int i = 0; i < data.length; i++) {
        data[i] = (byte) ('a' + random.nextInt(random.nextBoolean() ? 3 : 26));
      }
      byte[] wire = compress(peer, data);
      int cut = wire.length == 0 ? 0 : random.nextInt(wire.length);
      ch.writeInbound(
          Unpooled.wrappedBuffer(
              concat(
                  frame(0x41, Arrays.copyOfRange(wire, 0, cut)),
                  frame(0x80, Arrays.copyOfRange(wire, cut, wire.length)))));
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      WebSocketFrame f;
      while ((f = ch.readInbound()) != null) {
        got.writeBytes(WebSocketFrameCodecTest.payload(f));
        f.release();
      }
      assertThat(got.toByteArray()).as("message %d", m).isEqualTo(data);
    }
    peer.end();
    ch.finishAndReleaseAll();
  }
}
