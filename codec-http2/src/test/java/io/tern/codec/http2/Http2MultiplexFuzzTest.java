package io.tern.codec.http2;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http2.internal.Http2FrameWriter;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.embedded.EmbeddedChannel;

/**
 * Fuzzes a server connection whose streams are stream channels, every other one reading nothing
 * (auto-read off) and the others served by HTTP/1 handlers behind the frame-to-HTTP/1 adapter: any
 * frames, cut into any pieces, never throw out of a pipeline and leak nothing, whether the stream
 * channels read their frames, leave them queued, or are reset or closed under them. The normal
 * build replays the seeds in {@code Http2MultiplexFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class Http2MultiplexFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void servesStreamChannelsOnAnyFrames(FuzzedDataProvider data) {
    int piece = data.consumeInt(1, 64);
    byte[] input = data.consumeRemainingAsBytes();
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            new ChannelInitializer<Http2StreamChannel>() {
              @Override
              protected void initChannel(Http2StreamChannel stream) {
                if ((stream.streamId() & 2) == 0) {
                  stream.config().autoRead(false);
                  return;
                }
                stream
                    .pipeline()
                    .addLast(
                        Http2StreamFrameToHttpObjectCodec.forServer(),
                        new HttpObjectAggregator(1 << 16),
                        new Http2StreamFrameToHttpObjectCodecTest.Http1EchoHandler());
              }
            });
    EmbeddedChannel ch = new EmbeddedChannel(Http2FrameCodec.forServer().build(), mux);
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
