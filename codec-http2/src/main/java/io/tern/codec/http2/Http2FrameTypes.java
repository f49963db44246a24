package io.tern.codec.http2;

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
final class Http2FrameTypes {
  static final int FRAME_HEADER_LENGTH = 9;

  static final int DATA = 0x0;
  static final int HEADERS = 0x1;
  static final int PRIORITY = 0x2;
  static final int RST_STREAM = 0x3;
  static final int SETTINGS = 0x4;
  static final int PUSH_PROMISE = 0x5;
  static final int PING = 0x6;
  static final int GOAWAY = 0x7;
  static final int WINDOW_UPDATE = 0x8;
  static final int CONTINUATION = 0x9;
  static final int PRIORITY_UPDATE = 0x10;

  static final int FLAG_END_STREAM = 0x1;
  static final int FLAG_ACK = 0x1;
  static final int FLAG_END_HEADERS = 0x4;
  static final int FLAG_PADDED = 0x8;
  static final int FLAG_PRIORITY = 0x20;

  private Http2FrameTypes() {}

  static String name(int type) {
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
