package io.tern.codec.stomp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.EncoderException;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StompCodecTest {

  private static String encode(StompVersion version, StompFrame frame) {
    StompCodec codec = new StompCodec();
    codec.version(version);
    EmbeddedChannel ch = new EmbeddedChannel(codec);
    ch.writeOutbound(frame);
    ByteBuf out = ch.readOutbound();
    String text = out.toString(StandardCharsets.UTF_8);
    out.release();
    assertThat(ch.finish()).isFalse();
    assertReleased(frame);
    return text;
  }

  /** A frame with a body was released; the shared empty buffer has no count to drop. */
  private static void assertReleased(StompFrame frame) {
    if (frame.content() != Unpooled.EMPTY_BUFFER) {
      assertThat(frame.refCnt()).isZero();
    }
  }

  private static ByteBuf utf8(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  @Test
  void decodesFrameWithContentLengthAndBinaryBodyHoldingNul() {
    String wire = "MESSAGE\ndestination:/q\ncontent-length:5\n\na\0b\0c\0";
    assertThat(StompFeeding.feed(null, wire))
        .containsExactly("MESSAGE|destination=/q|content-length=5|<a\0b\0c>");
  }

  @Test
  void decodesNulTerminatedBodyAndSkipsHeartbeatsBetweenFrames() {
    String wire = "\n\r\nSEND\ndestination:/q\n\nhello\0\n\nRECEIPT\nreceipt-id:7\n\n\0\r\n";
    assertThat(StompFeeding.feed(null, wire))
        .containsExactly("SEND|destination=/q|<hello>", "RECEIPT|receipt-id=7|<>");
  }

  @Test
  void decodesTheSameFramesHoweverTheBytesAreSplit() {
    String wire =
        "CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0"
            + "MESSAGE\r\nsubscription:s\\c1\r\ncontent-length:3\r\n\r\nabc\0\n"
            + "ERROR\nmessage:bad\n\nline one\nline two\0";
    byte[] bytes = wire.getBytes(StandardCharsets.UTF_8);
    List<String> whole =
        StompFeeding.feed(StompDecoderConfig.DEFAULT, null, bytes, new int[] {bytes.length});
    assertThat(whole)
        .containsExactly(
            "CONNECTED|version=1.2|heart-beat=0,0|<>",
            "MESSAGE|subscription=s:1|content-length=3|<abc>",
            "ERROR|message=bad|<line one\nline two>");
    assertThat(
            StompFeeding.feed(
                StompDecoderConfig.DEFAULT, null, bytes, StompFeeding.ones(bytes.length)))
        .isEqualTo(whole);
  }

  @Test
  void unescapesPerVersion() {
    String wire = "MESSAGE\na\\cb:x\\\\y\\nz\\cw\n\n\0";
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_2, wire))
        .containsExactly("MESSAGE|a:b=x\\y\nz:w|<>");
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_1, wire))
        .containsExactly("MESSAGE|a:b=x\\y\nz:w|<>");
    // 1.0 has no escaping: the backslashes are data, the first colon splits
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_0, wire))
        .containsExactly("MESSAGE|a\\cb=x\\\\y\\nz\\cw|<>");
  }

  @Test
  void carriageReturnEscapeIsOnlyStomp12() {
    String wire = "MESSAGE\nk:a\\rb\n\n\0";
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_2, wire))
        .containsExactly("MESSAGE|k=a\rb|<>");
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_1, wire))
        .containsExactly("!StompCodecException");
  }

  @Test
  void crBeforeLfEndsTheLineOnlyInStomp12() {
    String wire = "SEND\r\nk:v\r\n\r\n\0";
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_2, wire)).containsExactly("SEND|k=v|<>");
    // In 1.1 the CR belongs to the command line: no such command.
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_1, wire))
        .containsExactly("!StompCodecException");
  }

  @Test
  void connectFramesAreNeverUnescaped() {
    String wire = "CONNECT\nlogin:a\\b\npasscode:p:q\n\n\0";
    assertThat(StompFeeding.feed(StompVersion.STOMP_1_2, wire))
        .containsExactly("CONNECT|login=a\\b|passcode=p:q|<>");
  }

  @Test
  void repeatedHeadersAreKeptAndTheFirstWins() {
    List<String> events = StompFeeding.feed(null, "MESSAGE\nfoo:1\nfoo:2\n\n\0");
    assertThat(events).containsExactly("MESSAGE|foo=1|foo=2|<>");
    StompHeaders headers = new StompHeaders().add("foo", "1").add("foo", "2");
    assertThat(headers.get("foo")).isEqualTo("1");
    assertThat(headers.getAll("foo")).containsExactly("1", "2");
    headers.set("foo", "3");
    assertThat(headers.getAll("foo")).containsExactly("3");
  }

  @Test
  void rejectsMalformedInputWithTypedErrorsAndDiscardsTheRest() {
    for (String wire :
        List.of(
            "HELLO\n\n\0",
            "SEND\nno-colon\n\n\0",
            "SEND\n:empty-name\n\n\0",
            "SEND\nk:bad\\x\n\n\0",
            "SEND\nk:trailing\\\n\n\0",
            "SEND\ncontent-length:abc\n\n\0",
            "SEND\ncontent-length:-1\n\n\0",
            "SEND\ncontent-length:2\n\nabc\0")) {
      assertThat(StompFeeding.feed(null, wire + "SEND\n\n\0"))
          .as(wire)
          .containsExactly("!StompCodecException");
    }
  }

  @Test
  void enforcesLineHeaderAndFrameLimitsBeforeWaitingForTheBytes() {
    StompDecoderConfig small = new StompDecoderConfig(16, 2, 64);
    byte[] longLine = "SEND\nk:0123456789abcdefghij".getBytes(StandardCharsets.US_ASCII);
    assertThat(StompFeeding.feed(small, null, longLine, new int[] {longLine.length}))
        .containsExactly("!TooLongFrameException");
    byte[] headers = "SEND\na:1\nb:2\nc:3\n\n\0".getBytes(StandardCharsets.US_ASCII);
    assertThat(StompFeeding.feed(small, null, headers, new int[] {headers.length}))
        .containsExactly("!TooLongFrameException");
    byte[] announced = "SEND\ncontent-length:100\n\n".getBytes(StandardCharsets.US_ASCII);
    assertThat(StompFeeding.feed(small, null, announced, new int[] {announced.length}))
        .containsExactly("!TooLongFrameException");
    byte[] unterminated = ("SEND\n\n" + "x".repeat(80)).getBytes(StandardCharsets.US_ASCII);
    assertThat(StompFeeding.feed(small, null, unterminated, new int[] {unterminated.length}))
        .containsExactly("!TooLongFrameException");
    byte[] fits = ("SEND\n\n" + "x".repeat(50) + "\0").getBytes(StandardCharsets.US_ASCII);
    assertThat(StompFeeding.feed(small, null, fits, StompFeeding.ones(fits.length))).hasSize(1);
  }

  @Test
  void encodesHeadersEscapedPerVersionAndAddsContentLength() {
    StompFrame frame = new StompFrame(StompCommand.SEND, utf8("hi"));
    frame.headers().add("destination", "/q").add("a:b", "x\\y\nz:w\r");
    assertThat(encode(StompVersion.STOMP_1_2, frame))
        .isEqualTo("SEND\ndestination:/q\na\\cb:x\\\\y\\nz\\cw\\r\ncontent-length:2\n\nhi\0");
    StompFrame v11 = new StompFrame(StompCommand.SEND, utf8(""));
    v11.headers().add("k", "a\rb:c");
    assertThat(encode(StompVersion.STOMP_1_1, v11)).isEqualTo("SEND\nk:a\rb\\cc\n\n\0");
    StompFrame v10 = new StompFrame(StompCommand.SEND);
    v10.headers().add("k", "a\\b:c");
    assertThat(encode(StompVersion.STOMP_1_0, v10)).isEqualTo("SEND\nk:a\\b:c\n\n\0");
  }

  @Test
  void refusesHeadersTheVersionCannotCarryAndWrongContentLength() {
    StompCodec codec = new StompCodec();
    codec.version(StompVersion.STOMP_1_0);
    EmbeddedChannel ch = new EmbeddedChannel(codec);
    StompFrame lf = new StompFrame(StompCommand.SEND);
    lf.headers().add("k", "a\nb");
    assertThatThrownBy(() -> ch.writeOutbound(lf)).isInstanceOf(EncoderException.class);
    StompFrame connect = new StompFrame(StompCommand.CONNECT);
    connect.headers().add("login", "a\nb");
    assertThatThrownBy(() -> ch.writeOutbound(connect)).isInstanceOf(EncoderException.class);
    StompFrame length = new StompFrame(StompCommand.SEND, utf8("abc"));
    length.headers().add(StompHeaders.CONTENT_LENGTH, "2");
    assertThatThrownBy(() -> ch.writeOutbound(length)).isInstanceOf(EncoderException.class);
    assertReleased(lf);
    assertReleased(length);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void connectedFrameSwitchesTheVersionBothWays() {
    // client side: the server's CONNECTED says 1.0, so later frames are not unescaped
    String wire = "CONNECTED\nversion:1.0\n\n\0MESSAGE\nk:a\\nb\n\n\0";
    assertThat(StompFeeding.feed(null, wire))
        .containsExactly("CONNECTED|version=1.0|<>", "MESSAGE|k=a\\nb|<>");
    // no version header: 1.0
    StompCodec codec = new StompCodec();
    EmbeddedChannel server = new EmbeddedChannel(codec);
    server.writeOutbound(new StompFrame(StompCommand.CONNECTED));
    assertThat(codec.version()).isEqualTo(StompVersion.STOMP_1_0);
    StompFrame connected = new StompFrame(StompCommand.CONNECTED);
    connected.headers().add(StompHeaders.VERSION, "1.1");
    server.writeOutbound(connected);
    assertThat(codec.version()).isEqualTo(StompVersion.STOMP_1_1);
    server.finishAndReleaseAll();
    assertThat(StompFeeding.feed(null, "CONNECTED\nversion:9.9\n\n\0"))
        .containsExactly("!StompCodecException");
  }

  @Test
  void randomFramesRoundTripInEveryVersion() {
    Random random = new Random(42);
    String alphabet = "ab:\\\n\ré€ -";
    for (StompVersion version : StompVersion.values()) {
      for (int n = 0; n < 200; n++) {
        StompHeaders headers = new StompHeaders();
        int count = random.nextInt(5);
        for (int i = 0; i < count; i++) {
          headers.add(
              random(random, version.escapes() ? alphabet : "abé€ -", 1),
              random(random, version.escapes() ? alphabet : "ab:é€\\ -", 0));
        }
        byte[] body = new byte[random.nextInt(40)];
        random.nextBytes(body);
        StompFrame frame =
            new StompFrame(StompCommand.MESSAGE, headers, Unpooled.wrappedBuffer(body));
        String expected =
            StompFeeding.describe(frame).replace("|<", "|content-length=" + body.length + "|<");
        if (body.length == 0) {
          expected = StompFeeding.describe(frame);
        }
        StompCodec encoder = new StompCodec();
        encoder.version(version);
        EmbeddedChannel ch = new EmbeddedChannel(encoder);
        ch.writeOutbound(frame);
        ByteBuf wire = ch.readOutbound();
        byte[] bytes = new byte[wire.readableBytes()];
        wire.readBytes(bytes);
        wire.release();
        ch.finish();
        List<String> decoded =
            StompFeeding.feed(StompDecoderConfig.DEFAULT, version, bytes, new int[] {bytes.length});
        assertThat(decoded).as(version + " " + headers).containsExactly(expected);
      }
    }
  }

  private static String random(Random random, String alphabet, int min) {
    int length = min + random.nextInt(6);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      out.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return out.toString();
  }

  @Test
  void versionNegotiationPicksTheHighestShared() {
    var all = java.util.EnumSet.allOf(StompVersion.class);
    assertThat(StompVersion.negotiate("1.0,1.1,1.2", all)).isEqualTo(StompVersion.STOMP_1_2);
    assertThat(StompVersion.negotiate("1.1, 1.0", all)).isEqualTo(StompVersion.STOMP_1_1);
    assertThat(StompVersion.negotiate(null, all)).isEqualTo(StompVersion.STOMP_1_0);
    assertThat(StompVersion.negotiate("2.0", all)).isNull();
    assertThat(
            StompVersion.negotiate(
                "1.2", java.util.EnumSet.of(StompVersion.STOMP_1_0, StompVersion.STOMP_1_1)))
        .isNull();
  }
}
