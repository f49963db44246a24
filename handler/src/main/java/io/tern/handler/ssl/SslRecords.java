package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;

/**
 * TLS record framing (RFC 8446 section 5.1): enough to find where complete records end in a buffer,
 * without decrypting anything.
 *
 * <pre>
 *   | type (1) | legacy version (2): 3.x | length (2) | fragment (length bytes) |
 * </pre>
 *
 * <p>Stateless; any thread.
 */
final class SslRecords {
  static final int HEADER_LENGTH = 5;

  static final int CHANGE_CIPHER_SPEC = 20;
  static final int ALERT = 21;
  static final int HANDSHAKE = 22;
  static final int APPLICATION_DATA = 23;
  static final int HEARTBEAT = 24;

  /** A record's fragment never exceeds 2^14 plus the 2048 bytes of expansion TLS 1.2 allows. */
  static final int MAX_FRAGMENT_LENGTH = (1 << 14) + 2048;

  /** {@link #packetLength} when the header is not complete yet. */
  static final int NEED_MORE = -1;

  private SslRecords() {}

  /**
   * Returns the length of the record starting at {@code index}, header included, or {@link
   * #NEED_MORE} when fewer than five bytes are readable there.
   *
   * @throws NotSslRecordException when the header is not a TLS record header
   */
  static int packetLength(ByteBuf buf, int index) throws NotSslRecordException {
    if (buf.writerIndex() - index < HEADER_LENGTH) {
      return NEED_MORE;
    }
    int type = buf.getUnsignedByte(index);
    int major = buf.getUnsignedByte(index + 1);
    int length = buf.getUnsignedShort(index + 3);
    if (type < CHANGE_CIPHER_SPEC
        || type > HEARTBEAT
        || major != 3
        || length > MAX_FRAGMENT_LENGTH) {
      int dump = Math.min(buf.writerIndex() - index, 16);
      throw new NotSslRecordException("not a TLS record: " + ByteBufUtil.hexDump(buf, index, dump));
    }
    return HEADER_LENGTH + length;
  }
}
