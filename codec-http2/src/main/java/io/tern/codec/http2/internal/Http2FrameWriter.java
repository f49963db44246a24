package io.tern.codec.http2.internal;

import static io.tern.codec.http2.internal.Http2FrameTypes.CONTINUATION;
import static io.tern.codec.http2.internal.Http2FrameTypes.DATA;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_ACK;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_END_HEADERS;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_END_STREAM;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_PADDED;
import static io.tern.codec.http2.internal.Http2FrameTypes.FRAME_HEADER_LENGTH;
import static io.tern.codec.http2.internal.Http2FrameTypes.GOAWAY;
import static io.tern.codec.http2.internal.Http2FrameTypes.HEADERS;
import static io.tern.codec.http2.internal.Http2FrameTypes.PING;
import static io.tern.codec.http2.internal.Http2FrameTypes.RST_STREAM;
import static io.tern.codec.http2.internal.Http2FrameTypes.SETTINGS;
import static io.tern.codec.http2.internal.Http2FrameTypes.WINDOW_UPDATE;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2Settings;
import io.tern.codec.http2.hpack.HpackEncoder;

/**
 * Writes HTTP/2 frames (RFC 9113, section 6) into a buffer. A header block larger than the peer's
 * maximum frame size is split into {@code HEADERS} and {@code CONTINUATION} frames; DATA payloads
 * are not copied here, only their frame header is written (the caller writes the payload buffer
 * right after it).
 *
 * <p>Stateless apart from the HPACK encoder passed in; event loop only.
 */
public final class Http2FrameWriter {
  private Http2FrameWriter() {}

  public static void frameHeader(ByteBuf out, int length, int type, int flags, int streamId) {
    out.writeMedium(length);
    out.writeByte(type);
    out.writeByte(flags);
    out.writeInt(streamId);
  }

  public static void settings(ByteBuf out, Http2Settings settings) {
    frameHeader(out, settings.size() * 6, SETTINGS, 0, 0);
    settings.forEach(
        (id, value) -> {
          out.writeShort(id);
          out.writeInt((int) value);
        });
  }

  public static void settingsAck(ByteBuf out) {
    frameHeader(out, 0, SETTINGS, FLAG_ACK, 0);
  }

  public static void ping(ByteBuf out, long content, boolean ack) {
    frameHeader(out, 8, PING, ack ? FLAG_ACK : 0, 0);
    out.writeLong(content);
  }

  public static void goAway(ByteBuf out, int lastStreamId, long errorCode, ByteBuf debugData) {
    int debug = debugData.readableBytes();
    frameHeader(out, 8 + debug, GOAWAY, 0, 0);
    out.writeInt(lastStreamId);
    out.writeInt((int) errorCode);
    out.writeBytes(debugData, debugData.readerIndex(), debug);
  }

  public static void rstStream(ByteBuf out, int streamId, long errorCode) {
    frameHeader(out, 4, RST_STREAM, 0, streamId);
    out.writeInt((int) errorCode);
  }

  public static void windowUpdate(ByteBuf out, int streamId, int increment) {
    frameHeader(out, 4, WINDOW_UPDATE, 0, streamId);
    out.writeInt(increment);
  }

  /**
   * Writes a DATA frame's header and, if padded, the pad length byte; the caller writes {@code
   * length} payload bytes and then {@link #padding} after it.
   */
  public static void dataHeader(
      ByteBuf out, int streamId, int length, int padding, boolean endStream) {
    int flags = endStream ? FLAG_END_STREAM : 0;
    if (padding > 0) {
      frameHeader(out, length + padding, DATA, flags | FLAG_PADDED, streamId);
      out.writeByte(padding - 1);
    } else {
      frameHeader(out, length, DATA, flags, streamId);
    }
  }

  /** Writes the zero bytes after a padded frame's payload ({@code padding - 1} of them). */
  public static void padding(ByteBuf out, int padding) {
    if (padding > 1) {
      out.writeZero(padding - 1);
    }
  }

  /**
   * Encodes a header section and writes it as {@code HEADERS} plus as many {@code CONTINUATION}
   * frames as {@code maxFrameSize} requires.
   *
   * @param padding total padding including the pad length byte, 0 for none
   */
  public static void headers(
      ByteBuf out,
      HpackEncoder encoder,
      int streamId,
      Http2Headers headers,
      boolean endStream,
      int padding,
      int maxFrameSize) {
    int headerStart = out.writerIndex();
    out.writeZero(FRAME_HEADER_LENGTH);
    if (padding > 0) {
      out.writeByte(padding - 1);
    }
    int blockStart = out.writerIndex();
    encoder.beginBlock(out);
    for (int i = 0, n = headers.size(); i < n; i++) {
      CharSequence name = headers.name(i);
      CharSequence value = headers.value(i);
      encoder.encodeHeader(out, name, value, HpackEncoder.isSensitiveByDefault(name, value));
    }
    int blockLength = out.writerIndex() - blockStart;
    int flags = (endStream ? FLAG_END_STREAM : 0) | (padding > 0 ? FLAG_PADDED : 0);
    int firstRoom = maxFrameSize - padding;
    if (blockLength <= firstRoom) {
      padding(out, padding);
      out.setMedium(headerStart, blockLength + padding);
      out.setByte(headerStart + 3, HEADERS);
      out.setByte(headerStart + 4, flags | FLAG_END_HEADERS);
      out.setInt(headerStart + 5, streamId);
      return;
    }
    // Too big for one frame: keep the first fragment in place, move the rest out and back in
    // behind CONTINUATION headers.
    int restLength = blockLength - firstRoom;
    ByteBuf rest = out.alloc().buffer(restLength);
    try {
      rest.writeBytes(out, blockStart + firstRoom, restLength);
      out.writerIndex(blockStart + firstRoom);
      padding(out, padding);
      out.setMedium(headerStart, firstRoom + padding);
      out.setByte(headerStart + 3, HEADERS);
      out.setByte(headerStart + 4, flags);
      out.setInt(headerStart + 5, streamId);
      while (rest.isReadable()) {
        int n = Math.min(rest.readableBytes(), maxFrameSize);
        boolean last = n == rest.readableBytes();
        frameHeader(out, n, CONTINUATION, last ? FLAG_END_HEADERS : 0, streamId);
        out.writeBytes(rest, n);
      }
    } finally {
      rest.release();
    }
  }
}
