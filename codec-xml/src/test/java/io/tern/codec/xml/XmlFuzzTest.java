package io.tern.codec.xml;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.transport.channel.ChannelHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Fuzzes the XML decoders: any bytes, whole or in pieces, heap or direct, give only their typed
 * exceptions, within small limits, and leak nothing (the leak extension checks every run); the
 * frame decoder cuts the same frames however the bytes are split. The normal build replays the
 * seeds in {@code XmlFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class XmlFuzzTest {
  private static final XmlDecoderLimits SMALL = new XmlDecoderLimits(16, 8, 256);

  @FuzzTest(maxDuration = "60s")
  void decoder(FuzzedDataProvider data) {
    boolean direct = data.consumeBoolean();
    int piece = data.consumeInt(1, 64);
    byte[] input = data.consumeRemainingAsBytes();
    for (int[] pieces : List.of(whole(input.length), pieces(input.length, piece))) {
      List<String> events =
          XmlTesting.feed(new ChannelHandler[] {new XmlDecoder(SMALL)}, input, pieces, direct);
      checkFailures(events, "!XmlDecoderException");
    }
  }

  @FuzzTest(maxDuration = "60s")
  void frames(FuzzedDataProvider data) {
    boolean direct = data.consumeBoolean();
    int piece = data.consumeInt(1, 64);
    byte[] input = data.consumeRemainingAsBytes();
    List<String> whole =
        XmlTesting.feed(
            new ChannelHandler[] {new XmlFrameDecoder(512), new XmlDocumentDecoder(SMALL)},
            input,
            whole(input.length),
            false);
    List<String> split =
        XmlTesting.feed(
            new ChannelHandler[] {new XmlFrameDecoder(512), new XmlDocumentDecoder(SMALL)},
            input,
            pieces(input.length, piece),
            direct);
    checkFailures(whole, "!XmlDecoderException|!CorruptedFrameException|!TooLongFrameException");
    checkFailures(split, "!XmlDecoderException|!CorruptedFrameException|!TooLongFrameException");
    List<String> wholeFrames = framesOnly(input);
    List<String> splitFrames = framesOnly(input, pieces(input.length, piece), direct);
    if (!Objects.equals(wholeFrames, splitFrames)) {
      throw new AssertionError(
          "whole: " + wholeFrames + ", in pieces of " + piece + ": " + splitFrames);
    }
  }

  private static List<String> framesOnly(byte[] input) {
    return framesOnly(input, whole(input.length), false);
  }

  /** The frames, then whether the frame decoder refused anything (how often depends on reads). */
  private static List<String> framesOnly(byte[] input, int[] pieces, boolean direct) {
    List<String> events =
        XmlTesting.feed(new ChannelHandler[] {new XmlFrameDecoder(512)}, input, pieces, direct);
    List<String> frames =
        new ArrayList<>(events.stream().filter(e -> e.startsWith("frame:")).toList());
    frames.add(events.stream().anyMatch(e -> e.startsWith("!")) ? "refused" : "accepted");
    return frames;
  }

  private static void checkFailures(List<String> events, String allowed) {
    for (String e : events) {
      if (e.startsWith("!") && !e.matches(allowed)) {
        throw new AssertionError("unexpected failure " + e + " in " + events);
      }
    }
  }

  private static int[] whole(int length) {
    return length == 0 ? new int[0] : new int[] {length};
  }

  private static int[] pieces(int length, int piece) {
    int n = (length + piece - 1) / piece;
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = Math.min(piece, length - i * piece);
    }
    return a;
  }
}
