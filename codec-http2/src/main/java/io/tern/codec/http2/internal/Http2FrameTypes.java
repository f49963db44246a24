package io.tern.codec.http2.internal;

import java.util.HexFormat;

/**
 * Frame type and flag values of RFC 9113 (section 6) and RFC 9218's {@code PRIORITY_UPDATE}, and
 * the frame header's layout:
 *
 * <pre>
 *  +-----------------------------------------------+
 *  |                 Length (24)                   |
 *  +---------------+---------------+---------------+
 *  |   Type (8)    |   Flags (8)   |
 *  +-+-------------+---------------+-------------------------------+
 *  |R|                 Stream Identifier (31)                      |
 *  +=+=============================================================+
 *  |                   Frame Payload (0...)                      ...
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Constants only.
 */
public final class Http2FrameTypes {
  public static final int FRAME_HEADER_LENGTH = 9;

  public static final int DATA = 0x0;
  public static final int HEADERS = 0x1;
  public static final int PRIORITY = 0x2;
  public static final int RST_STREAM = 0x3;
  public static final int SETTINGS = 0x4;
  public static final int PUSH_PROMISE = 0x5;
  public static final int PING = 0x6;
  public static final int GOAWAY = 0x7;
  public static final int WINDOW_UPDATE = 0x8;
  public static final int CONTINUATION = 0x9;
  public static final int PRIORITY_UPDATE = 0x10;

  public static final int FLAG_END_STREAM = 0x1;
  public static final int FLAG_ACK = 0x1;
  public static final int FLAG_END_HEADERS = 0x4;
  public static final int FLAG_PADDED = 0x8;
  public static final int FLAG_PRIORITY = 0x20;

  /** The client connection preface, {@code PRI * HTTP/2.0 CRLF CRLF SM CRLF CRLF}. */
  private static final byte[] PREFACE_BYTES =
      HexFormat.of().parseHex("505249202a20485454502f322e300d0a0d0a534d0d0a0d0a");

  /** The length of the client connection preface. */
  public static final int PREFACE_LENGTH = PREFACE_BYTES.length;

  private Http2FrameTypes() {}

  /**
   * Returns a byte of the client connection preface.
   *
   * @param i 0 to {@link #PREFACE_LENGTH} - 1
   * @return the byte
   */
  public static byte prefaceByte(int i) {
    return PREFACE_BYTES[i];
  }

  /**
   * Returns a copy of the client connection preface.
   *
   * @return the preface bytes
   */
  public static byte[] preface() {
    return PREFACE_BYTES.clone();
  }

  public static String name(int type) {
    return switch (type) {
      case DATA -> "DATA";
      case HEADERS -> "HEADERS";
      case PRIORITY -> "PRIORITY";
      case RST_STREAM -> "RST_STREAM";
      case SETTINGS -> "SETTINGS";
      case PUSH_PROMISE -> "PUSH_PROMISE";
      case PING -> "PING";
      case GOAWAY -> "GOAWAY";
      case WINDOW_UPDATE -> "WINDOW_UPDATE";
      case CONTINUATION -> "CONTINUATION";
      case PRIORITY_UPDATE -> "PRIORITY_UPDATE";
      default -> "UNKNOWN(0x" + Integer.toHexString(type) + ")";
    };
  }
}
