package io.tern.benchmarks.codec;

import java.nio.charset.StandardCharsets;

/** The content both compression twins work on: a log-like text that compresses about 5 to 10×. */
final class CompressionData {
  /** The size of each message written to an encoder, and of each read fed to a decoder. */
  static final int PIECE = 16 * 1024;

  private CompressionData() {}

  /** {@code length} bytes of numbered log lines with a few varying fields. */
  static byte[] text(int length) {
    StringBuilder sb = new StringBuilder(length + 128);
    for (int i = 0; sb.length() < length; i++) {
      sb.append("2026-11-29T04:")
          .append(10 + i % 50)
          .append(" INFO request ")
          .append(i)
          .append(" GET /items/")
          .append((i * 7919) % 10007)
          .append(" status=")
          .append(i % 17 == 0 ? 404 : 200)
          .append(" bytes=")
          .append((i * 31) % 4099)
          .append('\n');
    }
    return sb.substring(0, length).getBytes(StandardCharsets.US_ASCII);
  }
}
