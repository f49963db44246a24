package io.tern.codec.smtp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.EncoderException;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

@SuppressWarnings("StringConcatToTextBlock") // CR LF line ends read better spelled out
class SmtpCodecTest {

  private static String written(EmbeddedChannel ch) {
    StringBuilder out = new StringBuilder();
    ByteBuf buf;
    while ((buf = ch.readOutbound()) != null) {
      out.append(buf.toString(StandardCharsets.UTF_8));
      buf.release();
    }
    return out.toString();
  }

  private static ByteBuf utf8(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  @Test
  void writesPipelinedCommandsAsLines() {
    EmbeddedChannel ch = new EmbeddedChannel(new SmtpRequestEncoder());
    ch.write(SmtpRequests.ehlo("client.example"));
    ch.write(SmtpRequests.mail("a@example.org", "BODY=8BITMIME", "SIZE=42"));
    ch.write(SmtpRequests.rcpt("b@example.org"));
    ch.write(SmtpRequests.authPlain("user", "pass"));
    ch.write(SmtpRequests.authResponse("user"));
    ch.writeAndFlush(SmtpRequests.data());
    assertThat(written(ch))
        .isEqualTo(
            "EHLO client.example\r\n"
                + "MAIL FROM:<a@example.org> BODY=8BITMIME SIZE=42\r\n"
                + "RCPT TO:<b@example.org>\r\n"
                + "AUTH PLAIN AHVzZXIAcGFzcw==\r\n"
                + "dXNlcg==\r\n"
                + "DATA\r\n");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void dotStuffsBodyLinesAcrossPiecesAndEndsTheBody() {
    EmbeddedChannel ch = new EmbeddedChannel(new SmtpRequestEncoder());
    ch.write(SmtpRequests.data());
    ch.write(SmtpContent.of(utf8(".first\r\nsecond\r")));
    ch.write(SmtpContent.of(utf8("\n")));
    ch.write(SmtpContent.of(utf8(".")));
    ch.write(SmtpContent.last(utf8("third\r\n..\r\nend")));
    ch.writeAndFlush(SmtpRequests.quit());
    assertThat(written(ch))
        .isEqualTo("DATA\r\n..first\r\nsecond\r\n..third\r\n...\r\nend\r\n.\r\nQUIT\r\n");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void dotStuffsTheSameWhateverMemoryHoldsTheBodyAndWhereverItIsSplit() {
    String body = ".a\r\nb.\r\n\r\n.\r\n..c\r\nd";
    String expected = "DATA\r\n..a\r\nb.\r\n\r\n..\r\n...c\r\nd\r\n.\r\n";
    byte[] bytes = body.getBytes(StandardCharsets.US_ASCII);
    for (String memory : List.of("heap", "direct", "composite")) {
      for (int split = 0; split <= bytes.length; split++) {
        EmbeddedChannel ch = new EmbeddedChannel(new SmtpRequestEncoder());
        ch.write(SmtpRequests.data());
        ch.write(SmtpContent.of(piece(memory, Arrays.copyOfRange(bytes, 0, split))));
        ch.writeAndFlush(
            SmtpContent.last(piece(memory, Arrays.copyOfRange(bytes, split, bytes.length))));
        assertThat(written(ch)).as("%s, split at %d", memory, split).isEqualTo(expected);
        assertThat(ch.finish()).isFalse();
      }
    }
  }

  @Test
  void dotStuffsRandomBodiesLikeALineByLineReference() {
    // Bodies of dots, LFs, CRs and letters, long enough for the eight-byte scan, cut in three.
    java.util.Random random = new java.util.Random(3);
    byte[] alphabet = {'.', '.', '\n', '\r', 'a'};
    for (int round = 0; round < 600; round++) {
      byte[] body = new byte[random.nextInt(80)];
      for (int i = 0; i < body.length; i++) {
        body[i] = alphabet[random.nextInt(alphabet.length)];
      }
      StringBuilder stuffed = new StringBuilder("DATA\r\n");
      boolean lineStart = true;
      for (byte b : body) {
        if (lineStart && b == '.') {
          stuffed.append('.');
        }
        stuffed.append((char) b);
        lineStart = b == '\n';
      }
      int n = body.length;
      boolean endsWithCrLf = n >= 2 && body[n - 2] == '\r' && body[n - 1] == '\n';
      stuffed.append(endsWithCrLf || n == 0 ? "" : "\r\n").append(".\r\n");
      String memory = List.of("heap", "direct", "composite").get(round % 3);
      int a = n == 0 ? 0 : random.nextInt(n + 1);
      int b = a + (n == a ? 0 : random.nextInt(n - a + 1));
      EmbeddedChannel ch = new EmbeddedChannel(new SmtpRequestEncoder());
      ch.write(SmtpRequests.data());
      ch.write(SmtpContent.of(piece(memory, Arrays.copyOfRange(body, 0, a))));
      ch.write(SmtpContent.of(piece(memory, Arrays.copyOfRange(body, a, b))));
      ch.writeAndFlush(SmtpContent.last(piece(memory, Arrays.copyOfRange(body, b, n))));
      assertThat(written(ch)).as("round %d", round).isEqualTo(stuffed.toString());
      assertThat(ch.finish()).isFalse();
    }
  }

  private static ByteBuf piece(String memory, byte[] bytes) {
    return switch (memory) {
      case "heap" -> Unpooled.wrappedBuffer(bytes);
      case "direct" -> Unpooled.directBuffer(bytes.length + 1).writeBytes(bytes);
      default -> {
        int half = bytes.length / 2;
        yield Unpooled.wrappedBuffer(
            Unpooled.wrappedBuffer(Arrays.copyOfRange(bytes, 0, half)),
            Unpooled.directBuffer(bytes.length - half + 1)
                .writeBytes(Arrays.copyOfRange(bytes, half, bytes.length)));
      }
    };
  }

  @Test
  void bodyEndingWithCrLfAndEmptyBodyGetOnlyTheDot() {
    EmbeddedChannel ch = new EmbeddedChannel(new SmtpRequestEncoder());
    ch.write(SmtpRequests.data());
    ch.write(SmtpContent.of(utf8("x\r")));
    ch.write(SmtpContent.last(utf8("\n")));
    ch.write(SmtpRequests.data());
    ch.writeAndFlush(SmtpContent.last(Unpooled.EMPTY_BUFFER));
    assertThat(written(ch)).isEqualTo("DATA\r\nx\r\n.\r\nDATA\r\n.\r\n");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void refusesContentOutsideDataAndCommandsInsideIt() {
    EmbeddedChannel ch = new EmbeddedChannel(new SmtpRequestEncoder());
    SmtpContent stray = SmtpContent.last(utf8("x"));
    assertThatThrownBy(() -> ch.writeOutbound(stray)).isInstanceOf(EncoderException.class);
    assertThat(stray.refCnt()).isZero();
    ch.writeOutbound(SmtpRequests.data());
    assertThatThrownBy(() -> ch.writeOutbound(SmtpRequests.quit()))
        .isInstanceOf(EncoderException.class);
    assertThatThrownBy(() -> new SmtpRequest(SmtpCommand.MAIL, "a\r\nRSET"))
        .isInstanceOf(IllegalArgumentException.class);
    ch.finishAndReleaseAll();
  }

  @Test
  void decodesSingleAndMultiLineRepliesAndPipelinedOnes() {
    assertThat(
            SmtpFeeding.feed(
                "220 mx.example ESMTP\r\n"
                    + "250-mx.example\r\n250-PIPELINING\r\n250-SIZE 1000\r\n250 8BITMIME\r\n"
                    + "250 OK\r\n250 OK\n354\r\n"))
        .containsExactly(
            "220|mx.example ESMTP",
            "250|mx.example|PIPELINING|SIZE 1000|8BITMIME",
            "250|OK",
            "250|OK",
            "354|");
  }

  @Test
  void decodesTheSameRepliesHoweverTheBytesAreSplit() {
    byte[] bytes = "250-a\r\n250-b\r\n250 c\r\n221 bye\r\n".getBytes(StandardCharsets.US_ASCII);
    int[] ones = new int[bytes.length];
    Arrays.fill(ones, 1);
    assertThat(SmtpFeeding.feed(100, 10, bytes, ones))
        .isEqualTo(SmtpFeeding.feed(100, 10, bytes, new int[] {bytes.length}))
        .containsExactly("250|a|b|c", "221|bye");
  }

  @Test
  void rejectsMalformedRepliesWithTypedErrorsAndDiscardsTheRest() {
    for (String bad :
        List.of("2x0 no\r\n", "250-a\r\n251 b\r\n", "999 x\r\n", "25\r\n", "250_x\r\n")) {
      assertThat(SmtpFeeding.feed(bad + "250 OK\r\n"))
          .as(bad)
          .containsExactly("!SmtpCodecException");
    }
  }

  @Test
  void enforcesLineAndLineCountLimitsBeforeWaitingForMore() {
    byte[] longLine = ("250 " + "x".repeat(100)).getBytes(StandardCharsets.US_ASCII);
    assertThat(SmtpFeeding.feed(20, 10, longLine, new int[] {longLine.length}))
        .containsExactly("!TooLongFrameException");
    byte[] many = "250-a\r\n250-a\r\n250-a\r\n".getBytes(StandardCharsets.US_ASCII);
    assertThat(SmtpFeeding.feed(20, 2, many, new int[] {many.length}))
        .containsExactly("!TooLongFrameException");
  }
}
