package io.tern.codec.http;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;

/**
 * Fuzzes the request decoder behind the server codec and an aggregator: any bytes, cut into any
 * pieces, must be decoded or answered {@code 400}, never throw, and leak nothing (the leak
 * extension checks every run). The normal build replays the seeds in {@code
 * HttpRequestDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class HttpRequestDecoderFuzzTest {
  private static final HttpDecoderConfig SMALL =
      HttpDecoderConfig.DEFAULT
          .withMaxInitialLineLength(256)
          .withMaxHeaderSize(512)
          .withMaxHeaderCount(16)
          .withMaxChunkSize(64);

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyInputWithoutLeaking(FuzzedDataProvider data) {
    int piece = data.consumeInt(1, 64);
    byte[] input = data.consumeRemainingAsBytes();
    EmbeddedChannel ch =
        new EmbeddedChannel(new HttpServerCodec(SMALL), new HttpObjectAggregator(256));
    for (int i = 0; i < input.length && ch.isOpen(); i += piece) {
      ch.writeInbound(Unpooled.copiedBuffer(input, i, Math.min(piece, input.length - i)));
      Object o;
      while ((o = ch.readInbound()) != null) {
        if (o instanceof FullHttpRequest r && r.decoderResult().isSuccess()) {
          // Answer like an application would, so pipelining and keep-alive paths run too.
          ch.writeOutbound(
              new DefaultFullHttpResponse(
                  r.protocolVersion(), HttpResponseStatus.OK, Unpooled.buffer(0)));
        }
        ReferenceCountUtil.release(o);
      }
      while ((o = ch.readOutbound()) != null) {
        ReferenceCountUtil.release(o);
      }
    }
    ch.finishAndReleaseAll();
  }
}
