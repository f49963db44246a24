package io.tern.codec.http2;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.internal.Http2FrameWriter;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;

/**
 * Fuzzes a server connection behind a valid preface and SETTINGS: any frames, cut into any pieces,
 * are served, reset or end the connection with GOAWAY, never throw out of the pipeline, and leak
 * nothing (the leak extension checks every run). Covers the frame reader, the HPACK decoder and the
 * connection's state machine together. The normal build replays the seeds in {@code
 * Http2FrameCodecFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class Http2FrameCodecFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void servesResetsOrClosesOnAnyFrames(FuzzedDataProvider data) {
    int piece = data.consumeInt(1, 64);
    byte[] input = data.consumeRemainingAsBytes();
    EmbeddedChannel ch =
        new EmbeddedChannel(Http2FrameCodec.forServer().build(), new HelloHandler());
    ByteBuf start = Unpooled.buffer().writeBytes(Http2Peer.PREFACE);
    Http2FrameWriter.settings(start, new Http2Settings());
    ch.writeInbound(start);
    for (int i = 0; i < input.length && ch.isOpen(); i += piece) {
      ch.writeInbound(Unpooled.copiedBuffer(input, i, Math.min(piece, input.length - i)));
      ch.runPendingTasks();
      Object o;
      while ((o = ch.readOutbound()) != null) {
        ReferenceCountUtil.release(o);
      }
      while ((o = ch.readInbound()) != null) {
        ReferenceCountUtil.release(o);
      }
    }
    ch.checkException();
    ch.finishAndReleaseAll();
  }
}
