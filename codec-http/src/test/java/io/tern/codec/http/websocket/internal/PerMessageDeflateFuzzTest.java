package io.tern.codec.http.websocket.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.codec.http.websocket.CorruptedWebSocketFrameException;
import io.tern.codec.http.websocket.WebSocketDecoderConfig;
import io.tern.codec.http.websocket.WebSocketFrame;
import io.tern.codec.http.websocket.WebSocketFrameDecoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.zip.Deflater;

/**
 * Fuzzes the inflating path of permessage-deflate: frames with fuzzed flags, RSV bits and payloads
 * (raw, or deflated by a real compressor so the inflater gets deep into valid streams, including
 * ones that inflate far beyond the limit) reach the frame decoder and the extension's handler. Each
 * run must end in frames whose messages never exceed the limit, or in a {@link
 * CorruptedWebSocketFrameException} with a close status; nothing may leak (the leak extension
 * checks every run). The build replays the seeds in {@code PerMessageDeflateFuzzTestInputs}; {@code
 * JAZZER_FUZZ=1} fuzzes.
 */
class PerMessageDeflateFuzzTest {
  private static final int LIMIT = 4096;
  private static final int[] OPCODES = {0x0, 0x1, 0x2, 0x9, 0xA};

  /** A frame masked with the key 0 (so the payload's bytes are the unmasked ones). */
  private static byte[] frame(int b0, byte[] payload) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(b0);
    int n = payload.length;
    if (n < 126) {
      out.write(0x80 | n);
    } else {
      out.write(0x80 | 126);
      out.write(n >> 8);
      out.write(n);
    }
    out.writeBytes(new byte[4]);
    out.writeBytes(payload);
    return out.toByteArray();
  }

  private static byte[] deflate(Deflater deflater, byte[] data) {
    deflater.setInput(data);
    byte[] buf = new byte[data.length + 64];
    int n = deflater.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH);
    return java.util.Arrays.copyOf(buf, Math.max(0, n - 4));
  }

  @FuzzTest(maxDuration = "60s")
  void inflatesOrClosesWithoutLeaking(FuzzedDataProvider data) {
    DeflateParams params = new DeflateParams(6, false, 15, data.consumeBoolean());
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new WebSocketFrameDecoder(
                WebSocketDecoderConfig.forServer()
                    .withAllowExtensions(true)
                    .withMaxFramePayloadLength(1024)
                    .withMaxMessagePayloadLength(LIMIT)),
            new PerMessageDeflateHandler(params, LIMIT, true));
    Deflater deflater = new Deflater(6, true);
    long message = 0;
    try {
      while (data.remainingBytes() > 0 && ch.isOpen()) {
        int b0 =
            (data.consumeBoolean() ? 0x80 : 0)
                | (data.consumeInt(0, 7) << 4)
                | OPCODES[data.consumeInt(0, OPCODES.length - 1)];
        boolean compressed = data.consumeBoolean();
        byte[] payload;
        if (compressed && data.consumeBoolean()) {
          // Highly compressible input: a run of one byte, up to 64 times the limit.
          byte[] run = new byte[data.consumeInt(0, 64 * LIMIT)];
          java.util.Arrays.fill(run, data.consumeByte());
          payload = deflate(deflater, run);
        } else {
          payload = data.consumeBytes(data.consumeInt(0, 600));
          if (compressed) {
            payload = deflate(deflater, payload);
          }
        }
        if (payload.length > 1024) {
          payload = java.util.Arrays.copyOf(payload, 1024);
        }
        try {
          ch.writeInbound(Unpooled.wrappedBuffer(frame(b0, payload)));
        } catch (CorruptedWebSocketFrameException e) {
          if (e.closeStatus() == null) {
            throw new AssertionError("violation without a close status", e);
          }
        } catch (DecoderException e) {
          throw new AssertionError("untyped decoder failure", e);
        }
        Object o;
        while ((o = ch.readInbound()) != null) {
          if (o instanceof WebSocketFrame f && f.opcode() < 0x8) {
            message = f.opcode() == 0x0 ? message : 0;
            message += f.content().readableBytes();
            if (message > LIMIT) {
              ReferenceCountUtil.release(o);
              throw new AssertionError("a message of more than " + LIMIT + " bytes passed");
            }
          }
          ReferenceCountUtil.release(o);
        }
        while ((o = ch.readOutbound()) != null) {
          ReferenceCountUtil.release(o);
        }
      }
    } finally {
      deflater.end();
      ch.finishAndReleaseAll();
    }
  }
}
