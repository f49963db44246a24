package io.tern.codec.protobuf;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ExtensionRegistryLite;
import com.google.protobuf.Struct;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.codec.frame.Varint32FrameDecoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Fuzzes the varint32 framing and the protobuf decoder together: any bytes, whole or cut into
 * pieces, direct or heap, give the same messages and only decoder exceptions (a {@link
 * DecoderException}: corrupt frame, too long, invalid message), within small limits, and nothing
 * leaks (the leak extension checks every run). The normal build replays the seeds in {@code
 * ProtobufDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ProtobufDecoderFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void decodesOrRefusesAnyInput(FuzzedDataProvider data) {
    int piece = data.consumeInt(1, 64);
    boolean direct = data.consumeBoolean();
    byte[] input = data.consumeRemainingAsBytes();
    List<String> whole = outcome(input, Math.max(1, input.length), false);
    List<String> split = outcome(input, piece, direct);
    if (!Objects.equals(whole, split)) {
      throw new AssertionError("whole: " + whole + ", in pieces of " + piece + ": " + split);
    }
  }

  /** The messages decoded, in order, then whether anything was refused. */
  private static List<String> outcome(byte[] input, int piece, boolean direct) {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Varint32FrameDecoder(4096),
            new ProtobufDecoder(
                Struct.getDefaultInstance(), ExtensionRegistryLite.getEmptyRegistry(), 2048, 20));
    List<String> messages = new ArrayList<>();
    boolean refused = false;
    try {
      for (int i = 0; i < input.length; i += piece) {
        int n = Math.min(piece, input.length - i);
        ByteBuf b = direct ? Unpooled.directBuffer(n) : Unpooled.buffer(n);
        b.writeBytes(input, i, n);
        try {
          ch.writeInbound(b);
        } catch (DecoderException e) {
          // One read may raise several; the channel reports the first. Only "any" is compared.
          refused = true;
        }
        drain(ch, messages);
      }
    } finally {
      try {
        ch.finishAndReleaseAll();
      } catch (DecoderException e) {
        refused = true;
      }
    }
    drain(ch, messages);
    messages.add(refused ? "refused" : "accepted");
    return messages;
  }

  private static void drain(EmbeddedChannel ch, List<String> messages) {
    Object o;
    while ((o = ch.readInbound()) != null) {
      messages.add(o instanceof Struct s ? s.toString() : String.valueOf(o));
      ReferenceCountUtil.release(o);
    }
  }
}
