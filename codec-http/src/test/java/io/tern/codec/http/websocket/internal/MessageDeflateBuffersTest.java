package io.tern.codec.http.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.CompositeByteBuf;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.websocket.BinaryWebSocketFrame;
import io.tern.codec.http.websocket.CorruptedWebSocketFrameException;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketCloseStatus;
import io.tern.codec.http.websocket.WebSocketFrame;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

/**
 * How the compressor and the inflater handle their buffers: a frame that inflates past the
 * inflater's first guess comes out in chunks (nothing inflated is copied to make room) and is still
 * validated as UTF-8 across them; a payload in several pieces is compressed piece by piece into the
 * same bytes as when whole.
 */
class MessageDeflateBuffersTest {
  private static final ByteBufAllocator ALLOC = PooledByteBufAllocator.DEFAULT;
  private static final DeflateParams PARAMS = new DeflateParams(6, false, 15, false);

  /** Word-like text that deflates about 4:1, as a chat or JSON message does. */
  private static byte[] text(int size, long seed) {
    String[] words = {"event", "loop", "channel", "frame", "socket", "message", "ünïcödé", "日本"};
    Random random = new Random(seed);
    StringBuilder sb = new StringBuilder();
    while (sb.toString().getBytes(StandardCharsets.UTF_8).length < size) {
      sb.append(words[random.nextInt(words.length)]).append(' ');
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** A peer's compressed message: raw deflate, sync-flushed, tail removed. */
  private static byte[] deflate(byte[] data) {
    Deflater d = new Deflater(6, true);
    try {
      d.setInput(data);
      byte[] out = new byte[data.length + 1024];
      int n = d.deflate(out, 0, out.length, Deflater.SYNC_FLUSH);
      return Arrays.copyOf(out, n - 4);
    } finally {
      d.end();
    }
  }

  private static byte[] bytes(ByteBuf b) {
    byte[] a = new byte[b.readableBytes()];
    b.getBytes(b.readerIndex(), a);
    return a;
  }

  @Test
  void aFrameInflatingPastTheFirstGuessComesOutInChunksNotCopies() {
    byte[] data = text(65536, 1);
    byte[] wire = deflate(data);
    // The first guess is three times the compressed size: well short of what this text needs.
    assertThat(3L * wire.length).isLessThan(data.length);
    MessageInflater inflater = new MessageInflater(PARAMS, 1 << 20);
    ByteBuf in = Unpooled.wrappedBuffer(wire);
    ByteBuf out = inflater.inflate(ALLOC, in, true);
    try {
      assertThat(out).isInstanceOf(CompositeByteBuf.class);
      assertThat(((CompositeByteBuf) out).numComponents()).isGreaterThan(1);
      assertThat(bytes(out)).isEqualTo(data);
      assertThat(in.readableBytes()).isEqualTo(wire.length);
    } finally {
      out.release();
      in.release();
      inflater.end();
    }
  }

  @Test
  void inflatedTextIsValidatedAcrossChunks() {
    byte[] good = text(65536, 2);
    EmbeddedChannel ok = channel();
    ok.writeInbound(new TextWebSocketFrame(true, 4, Unpooled.wrappedBuffer(deflate(good))));
    WebSocketFrame f = ok.readInbound();
    assertThat(bytes(f.content())).isEqualTo(good);
    f.release();
    ok.finishAndReleaseAll();

    // The same text with a byte that is never UTF-8 near its end, in a later chunk than the first.
    byte[] bad = good.clone();
    bad[bad.length - 100] = (byte) 0xFF;
    EmbeddedChannel refused = channel();
    assertThatThrownBy(
            () ->
                refused.writeInbound(
                    new TextWebSocketFrame(true, 4, Unpooled.wrappedBuffer(deflate(bad)))))
        .isInstanceOfSatisfying(
            CorruptedWebSocketFrameException.class,
            e -> assertThat(e.closeStatus()).isEqualTo(WebSocketCloseStatus.INVALID_PAYLOAD_DATA));
    refused.finishAndReleaseAll();
  }

  @Test
  void aPayloadInPiecesCompressesToTheSameBytesAsWhole() throws Exception {
    byte[] data = text(65536, 3);
    MessageDeflater wholeSide = new MessageDeflater(PARAMS);
    MessageDeflater piecesSide = new MessageDeflater(PARAMS);
    Inflater peer = new Inflater(true);
    try {
      for (int m = 0; m < 3; m++) {
        CompositeByteBuf pieces = ALLOC.compositeBuffer();
        for (int from = 0; from < data.length; from += 20_000) {
          ByteBuf piece = ALLOC.directBuffer();
          piece.writeBytes(data, from, Math.min(20_000, data.length - from));
          pieces.addComponent(true, piece);
        }
        ByteBuf whole = ALLOC.directBuffer(data.length).writeBytes(data);
        WebSocketFrame a = wholeSide.encode(ALLOC, new BinaryWebSocketFrame(true, 0, whole));
        WebSocketFrame b = piecesSide.encode(ALLOC, new BinaryWebSocketFrame(true, 0, pieces));
        try {
          assertThat(b.rsv()).isEqualTo(4);
          byte[] compressed = bytes(b.content());
          assertThat(compressed).as("message %d", m).isEqualTo(bytes(a.content()));
          peer.setInput(concat(compressed, new byte[] {0, 0, (byte) 0xFF, (byte) 0xFF}));
          byte[] back = new byte[data.length + 1];
          assertThat(peer.inflate(back)).isEqualTo(data.length);
          assertThat(Arrays.copyOf(back, data.length)).isEqualTo(data);
        } finally {
          a.release();
          b.release();
        }
      }
    } finally {
      wholeSide.end();
      piecesSide.end();
      peer.end();
    }
  }

  private static EmbeddedChannel channel() {
    return new EmbeddedChannel(new PerMessageDeflateHandler(PARAMS, 1 << 20, true));
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
