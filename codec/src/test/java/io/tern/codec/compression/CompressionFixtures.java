package io.tern.codec.compression;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams written by the reference tools ({@code zstd}, {@code lz4}, {@code brotli}; files beside
 * this class) and helpers to encode and decode with Tern's codecs.
 *
 * <p>The tools compressed {@link #toolText(int)} of 200,000 bytes ({@code text.txt.*}, {@code
 * checked.lz4} with {@code -B4 -BX --content-size}), its first 100,000 bytes ({@code linked.lz4}
 * with {@code -B4 -BD}: linked blocks) and 20,000 bytes ({@code small.txt.br}), and runs of zeros
 * read from a pipe, so without a declared size ({@code zeros.zst} and {@code zeros.lz4}: 3,000,000
 * bytes; {@code zeros.br}: 100,000,000).
 */
final class CompressionFixtures {
  private CompressionFixtures() {}

  /** The text the tools compressed: numbered lines, cut to {@code length} bytes. */
  static byte[] toolText(int length) {
    StringBuilder sb = new StringBuilder(length + 64);
    for (int i = 0; sb.length() < length; i++) {
      sb.append("line ")
          .append(i)
          .append(": the quick brown fox jumps over ")
          .append((i * i) % 997)
          .append(" lazy dogs\n");
    }
    return sb.substring(0, length).getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] resource(String name) {
    try (InputStream in = CompressionFixtures.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes each message through {@code encoder} and returns everything it wrote. */
  static byte[] encode(ChannelHandler encoder, byte[]... messages) {
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] m : messages) {
      ch.writeOutbound(Unpooled.copiedBuffer(m));
      ByteBuf b;
      while ((b = ch.readOutbound()) != null) {
        out.writeBytes(ByteBufUtil.getBytes(b));
        b.release();
      }
    }
    ch.finishAndReleaseAll();
    return out.toByteArray();
  }

  /**
   * Writes each message through a streaming {@code encoder}, then closes the channel (which ends
   * the stream) and returns everything it wrote, the stream's last bytes included.
   */
  static byte[] encodeStream(ChannelHandler encoder, byte[]... messages) {
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] m : messages) {
      ch.writeOutbound(Unpooled.copiedBuffer(m));
      drainOutbound(ch, out);
    }
    ch.close();
    drainOutbound(ch, out);
    ch.finishAndReleaseAll();
    return out.toByteArray();
  }

  static void drainOutbound(EmbeddedChannel ch, ByteArrayOutputStream out) {
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      out.writeBytes(ByteBufUtil.getBytes(b));
      b.release();
    }
  }

  /** Feeds {@code input} in chunks of at most {@code chunk} bytes, then closes the channel. */
  static List<String> feed(ChannelHandler decoder, byte[] input, int chunk) {
    int n = (input.length + chunk - 1) / chunk;
    int[] chunks = new int[Math.max(1, n)];
    for (int i = 0; i < n; i++) {
      chunks[i] = Math.min(chunk, input.length - i * chunk);
    }
    if (n == 0) {
      chunks[0] = 0;
    }
    return SplitFeeding.feed(decoder, input, chunks, false, null);
  }

  /** The decoded bytes as one hex string, and failures as {@code !Name}, in order. */
  static List<String> joined(List<String> events) {
    List<String> joined = new ArrayList<>();
    for (String e : events) {
      int last = joined.size() - 1;
      if (e.startsWith("hex:") && last >= 0 && joined.get(last).startsWith("hex:")) {
        joined.set(last, joined.get(last) + e.substring(4));
      } else {
        joined.add(e);
      }
    }
    return joined;
  }

  static String hex(byte[] b) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(b));
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
