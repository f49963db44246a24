package io.tern.handler.proxy;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.TooLongFrameException;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.Objects;

/**
 * Fuzzes the reader of the proxy's answer to {@code CONNECT}: any bytes, whole or cut into pieces,
 * give the same status and the same tunnel bytes after it, or a {@link TooLongFrameException} for a
 * head beyond {@link HttpConnectResponseDecoder#MAX_HEAD_LENGTH}; nothing else is thrown and
 * nothing leaks. The normal build replays the seeds in {@code
 * HttpConnectResponseDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class HttpConnectResponseDecoderFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void decodesOrRefusesAnyInput(FuzzedDataProvider data) {
    int piece = data.consumeInt(1, 64);
    byte[] input = data.consumeRemainingAsBytes();
    String whole = outcome(input, input.length);
    String split = outcome(input, piece);
    if (!Objects.equals(whole, split)) {
      throw new AssertionError("whole: " + whole + ", in pieces of " + piece + ": " + split);
    }
  }

  private static String outcome(byte[] input, int piece) {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpConnectResponseDecoder());
    StringBuilder result = new StringBuilder();
    try {
      for (int i = 0; i < input.length; i += piece) {
        ch.writeInbound(Unpooled.copiedBuffer(input, i, Math.min(piece, input.length - i)));
        Object o;
        while ((o = ch.readInbound()) != null) {
          if (o instanceof HttpConnectResponseDecoder.Response r) {
            result.append(r).append('|');
          } else if (o instanceof ByteBuf b) {
            result.append(b.readableBytes()).append(' ');
          }
          ReferenceCountUtil.release(o);
        }
      }
    } catch (TooLongFrameException e) {
      return "too long";
    } finally {
      ch.finishAndReleaseAll();
    }
    return canonical(result.toString());
  }

  /** Tunnel bytes may arrive in different pieces: only their total counts. */
  private static String canonical(String s) {
    int bar = s.lastIndexOf('|');
    String head = s.substring(0, bar + 1);
    int total = 0;
    for (String n : s.substring(bar + 1).trim().split(" ", -1)) {
      if (!n.isEmpty()) {
        total += Integer.parseInt(n);
      }
    }
    return head + total;
  }
}
