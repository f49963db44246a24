package io.tern.codec.http.websocket;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;

/**
 * Fuzzes the frame decoder (server and client rules) behind an aggregator: any bytes, cut into any
 * pieces, must decode into frames or end in a {@link CorruptedWebSocketFrameException} with a
 * closed channel, and leak nothing (the leak extension checks every run). The normal build replays
 * the seeds in {@code WebSocketFrameDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class WebSocketFrameDecoderFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void decodesOrClosesWithoutLeaking(FuzzedDataProvider data) {
    boolean server = data.consumeBoolean();
    int piece = data.consumeInt(1, 64);
    byte[] input = data.consumeRemainingAsBytes();
    WebSocketDecoderConfig config =
        (server ? WebSocketDecoderConfig.forServer() : WebSocketDecoderConfig.forClient())
            .withMaxFramePayloadLength(256)
            .withMaxMessagePayloadLength(1024);
    EmbeddedChannel ch =
        new EmbeddedChannel(new WebSocketFrameDecoder(config), new WebSocketFrameAggregator(512));
    for (int i = 0; i < input.length && ch.isOpen(); i += piece) {
      try {
        ch.writeInbound(Unpooled.copiedBuffer(input, i, Math.min(piece, input.length - i)));
      } catch (CorruptedWebSocketFrameException e) {
        if (e.closeStatus() == null) {
          throw new AssertionError("violation without a close status", e);
        }
      } catch (DecoderException e) {
        throw new AssertionError("untyped decoder failure", e);
      }
      Object o;
      while ((o = ch.readInbound()) != null) {
        ReferenceCountUtil.release(o);
      }
      while ((o = ch.readOutbound()) != null) {
        ReferenceCountUtil.release(o);
      }
    }
    ch.finishAndReleaseAll();
  }
}
