package io.tern.benchmarks.stomp;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What both STOMP twins decode and encode: {@value #FRAMES} {@code MESSAGE} frames as a broker
 * delivers them (subscription, message id, destination, content type and length, a 100-byte body),
 * {@value #PER_READ} to a read or a flush.
 */
final class StompStreams {
  /** Frames per operation. */
  static final int FRAMES = 1024;

  /** Frames per read (decoding) or per flush (encoding). */
  static final int PER_READ = 16;

  /** The body of every frame. */
  static final byte[] BODY = "b".repeat(100).getBytes(StandardCharsets.US_ASCII);

  private StompStreams() {}

  /** The destination of frame {@code i}. */
  static String destination(int i) {
    return "/queue/orders-" + (i % 8);
  }

  /** The message id of frame {@code i}. */
  static String messageId(int i) {
    return "m-" + (100_000 + i);
  }

  /** The frames' bytes, as STOMP 1.2 writes them. */
  static byte[] stream() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < FRAMES; i++) {
      String head =
          "MESSAGE\nsubscription:sub-0\nmessage-id:"
              + messageId(i)
              + "\ndestination:"
              + destination(i)
              + "\ncontent-type:text/plain\ncontent-length:"
              + BODY.length
              + "\n\n";
      out.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(BODY);
      out.write(0);
    }
    return out.toByteArray();
  }

  /** Byte offsets where each read of {@link #PER_READ} frames ends. */
  static int[] readEnds(byte[] stream) {
    int[] ends = new int[FRAMES / PER_READ];
    int frames = 0;
    int e = 0;
    for (int i = 0; i < stream.length; i++) {
      if (stream[i] == 0 && ++frames % PER_READ == 0) {
        ends[e++] = i + 1;
      }
    }
    return ends;
  }
}
