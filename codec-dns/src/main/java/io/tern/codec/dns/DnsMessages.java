package io.tern.codec.dns;

import io.tern.buffer.ByteBuf;

/**
 * Decodes and encodes one DNS message in a buffer, for code that frames messages itself (the
 * channel codecs, a resolver, a benchmark).
 *
 * <h2>Threading</h2>
 *
 * <p>Stateless: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the buffers passed in stay the caller's.
 */
public final class DnsMessages {
  /** The largest message: the TCP length prefix and the UDP length field are 16 bits. */
  public static final int MAX_MESSAGE_LENGTH = 0xFFFF;

  private DnsMessages() {}

  /**
   * Decodes the readable bytes of {@code buf} as one message; the reader index ends after what was
   * read (bytes after the last record are left unread).
   *
   * @param buf the message, from its header
   * @param limits bounds on counts
   * @return the message
   * @throws DnsDecoderException if the bytes are not a well-formed message within the limits
   */
  public static DnsMessage decode(ByteBuf buf, DnsLimits limits) {
    if (buf.readableBytes() > MAX_MESSAGE_LENGTH) {
      throw new DnsDecoderException("message longer than 65535 bytes");
    }
    try {
      return DnsMessageReader.read(buf, limits);
    } catch (IllegalArgumentException e) {
      // A value the wire form can carry but the model refuses.
      DnsDecoderException d = new DnsDecoderException(e.getMessage());
      d.initCause(e);
      throw d;
    }
  }

  /**
   * Encodes a message at the writer index of {@code out}, compressing names.
   *
   * @param message the message
   * @param out where to write
   * @throws IllegalArgumentException if a name cannot be written or the message exceeds 65535 bytes
   */
  public static void encode(DnsMessage message, ByteBuf out) {
    int start = out.writerIndex();
    try {
      DnsMessageWriter.write(message, out);
      if (out.writerIndex() - start > MAX_MESSAGE_LENGTH) {
        throw new IllegalArgumentException("message longer than 65535 bytes");
      }
    } catch (RuntimeException e) {
      out.writerIndex(start); // nothing half-written stays behind
      throw e;
    }
  }
}
