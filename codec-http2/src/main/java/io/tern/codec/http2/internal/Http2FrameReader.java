package io.tern.codec.http2.internal;

import static io.tern.codec.http2.Http2Error.FRAME_SIZE_ERROR;
import static io.tern.codec.http2.Http2Error.PROTOCOL_ERROR;
import static io.tern.codec.http2.internal.Http2FrameTypes.CONTINUATION;
import static io.tern.codec.http2.internal.Http2FrameTypes.DATA;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_ACK;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_END_HEADERS;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_END_STREAM;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_PADDED;
import static io.tern.codec.http2.internal.Http2FrameTypes.FLAG_PRIORITY;
import static io.tern.codec.http2.internal.Http2FrameTypes.FRAME_HEADER_LENGTH;
import static io.tern.codec.http2.internal.Http2FrameTypes.GOAWAY;
import static io.tern.codec.http2.internal.Http2FrameTypes.HEADERS;
import static io.tern.codec.http2.internal.Http2FrameTypes.PING;
import static io.tern.codec.http2.internal.Http2FrameTypes.PRIORITY;
import static io.tern.codec.http2.internal.Http2FrameTypes.PRIORITY_UPDATE;
import static io.tern.codec.http2.internal.Http2FrameTypes.PUSH_PROMISE;
import static io.tern.codec.http2.internal.Http2FrameTypes.RST_STREAM;
import static io.tern.codec.http2.internal.Http2FrameTypes.SETTINGS;
import static io.tern.codec.http2.internal.Http2FrameTypes.WINDOW_UPDATE;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Settings;

/**
 * Reads HTTP/2 frames (RFC 9113, section 4 and 6) from a byte stream and hands each to a {@link
 * Listener}: the frame-level checks live here (sizes, stream ids of 0 where they must or must not
 * be, padding, the {@code CONTINUATION} sequence), the connection-level ones in the listener.
 *
 * <p>A frame is read only once all of it has arrived, and one longer than {@link #maxFrameSize()}
 * is refused on its header, so at most one frame of that size waits in the caller's cumulation. A
 * header block split over {@code HEADERS} (or {@code PUSH_PROMISE}) and {@code CONTINUATION} frames
 * is joined before the listener sees it, up to {@link #maxHeaderBlockSize} bytes and {@link
 * #maxContinuationFrames} frames (the CONTINUATION flood); past either the connection ends with
 * {@code ENHANCE_YOUR_CALM}. Frames of unknown types are skipped, except inside a header block.
 *
 * <p>Event loop only. Buffers handed to the listener are valid during the call only; it retains
 * what it keeps. The reader owns the joined block and releases it in {@link #close()}.
 */
final class Http2FrameReader {
  /** Receives frames. Each method may throw to end the stream or the connection. */
  interface Listener {
    void onData(int streamId, ByteBuf data, int flowControlled, boolean endStream)
        throws Http2Exception;

    /**
     * A complete header block of a {@code HEADERS} frame.
     *
     * @param dependency the stream the deprecated priority fields depend on, or -1 if absent
     */
    void onHeaders(int streamId, ByteBuf block, boolean endStream, int dependency)
        throws Http2Exception;

    void onPriority(int streamId, int dependency) throws Http2Exception;

    void onRstStream(int streamId, long errorCode) throws Http2Exception;

    void onSettings(Http2Settings settings) throws Http2Exception;

    void onSettingsAck() throws Http2Exception;

    void onPing(long content, boolean ack) throws Http2Exception;

    void onPushPromise(int streamId, int promisedStreamId, ByteBuf block) throws Http2Exception;

    void onGoAway(int lastStreamId, long errorCode, ByteBuf debugData) throws Http2Exception;

    void onWindowUpdate(int streamId, int increment) throws Http2Exception;

    void onPriorityUpdate(int prioritizedStreamId, ByteBuf priorityFieldValue)
        throws Http2Exception;

    /** Any frame was read (after its own callback): for flood accounting. */
    default void onFrameRead(int type) throws Http2Exception {}
  }

  private final ByteBufAllocator alloc;
  private int maxFrameSize = Http2Settings.DEFAULT_MAX_FRAME_SIZE;
  private int maxHeaderBlockSize;
  private int maxContinuationFrames;

  // A header block in progress: its stream, the frame that began it, and the fragments so far.
  private int blockStreamId;
  private int blockType;
  private boolean blockEndStream;
  private int blockDependency;
  private int blockPromisedId;
  private int blockContinuations;
  private ByteBuf block;

  Http2FrameReader(ByteBufAllocator alloc, int maxHeaderBlockSize, int maxContinuationFrames) {
    this.alloc = alloc;
    this.maxHeaderBlockSize = maxHeaderBlockSize;
    this.maxContinuationFrames = maxContinuationFrames;
  }

  int maxFrameSize() {
    return maxFrameSize;
  }

  /**
   * Sets the largest payload accepted: this side's acknowledged {@code SETTINGS_MAX_FRAME_SIZE}.
   */
  void maxFrameSize(int max) {
    maxFrameSize = max;
  }

  void maxHeaderBlockSize(int max) {
    maxHeaderBlockSize = max;
  }

  /** Whether a header block awaits its {@code CONTINUATION} frames. */
  boolean inHeaderBlock() {
    return blockType != 0;
  }

  /**
   * Reads every complete frame in {@code in}, advancing its reader index past them.
   *
   * @param in the received bytes
   * @param listener receives the frames
   * @return whether the listener may have been called at least once
   * @throws Http2Exception a frame is invalid (a connection or stream error)
   */
  boolean read(ByteBuf in, Listener listener) throws Http2Exception {
    boolean any = false;
    while (in.readableBytes() >= FRAME_HEADER_LENGTH) {
      int start = in.readerIndex();
      int length = in.getUnsignedMedium(start);
      if (length > maxFrameSize) {
        throw Http2Exception.connectionError(
            FRAME_SIZE_ERROR, "frame of " + length + " bytes above the maximum " + maxFrameSize);
      }
      if (in.readableBytes() < FRAME_HEADER_LENGTH + length) {
        return any;
      }
      int type = in.getUnsignedByte(start + 3);
      int flags = in.getUnsignedByte(start + 4);
      int streamId = in.getInt(start + 5) & Integer.MAX_VALUE;
      int payload = start + FRAME_HEADER_LENGTH;
      in.readerIndex(payload + length);
      any = true;
      if (blockType != 0 && type != CONTINUATION) {
        throw Http2Exception.connectionError(
            PROTOCOL_ERROR, Http2FrameTypes.name(type) + " inside a header block");
      }
      switch (type) {
        case DATA -> readData(in, payload, length, flags, streamId, listener);
        case HEADERS -> readHeaders(in, payload, length, flags, streamId, listener);
        case PRIORITY -> readPriority(in, payload, length, streamId, listener);
        case RST_STREAM -> readRstStream(in, payload, length, streamId, listener);
        case SETTINGS -> readSettings(in, payload, length, flags, streamId, listener);
        case PUSH_PROMISE -> readPushPromise(in, payload, length, flags, streamId, listener);
        case PING -> readPing(in, payload, length, flags, streamId, listener);
        case GOAWAY -> readGoAway(in, payload, length, streamId, listener);
        case WINDOW_UPDATE -> readWindowUpdate(in, payload, length, streamId, listener);
        case CONTINUATION -> readContinuation(in, payload, length, flags, streamId, listener);
        case PRIORITY_UPDATE -> readPriorityUpdate(in, payload, length, streamId, listener);
        default -> {} // unknown types are ignored (section 4.1)
      }
      listener.onFrameRead(type);
    }
    return any;
  }

  private static void requireStream(int streamId, int type) throws Http2Exception {
    if (streamId == 0) {
      throw Http2Exception.connectionError(
          PROTOCOL_ERROR, Http2FrameTypes.name(type) + " on stream 0");
    }
  }

  private static void requireConnection(int streamId, int type) throws Http2Exception {
    if (streamId != 0) {
      throw Http2Exception.connectionError(
          PROTOCOL_ERROR, Http2FrameTypes.name(type) + " on stream " + streamId);
    }
  }

  /** Returns the pad length of a padded frame, checking it leaves {@code fixed} bytes. */
  private static int padding(ByteBuf in, int payload, int length, int flags, int fixed)
      throws Http2Exception {
    if ((flags & FLAG_PADDED) == 0) {
      if (length < fixed) {
        throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "frame too short");
      }
      return -1;
    }
    if (length < 1 + fixed) {
      throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "padded frame too short");
    }
    int pad = in.getUnsignedByte(payload);
    if (pad > length - 1 - fixed) {
      throw Http2Exception.connectionError(PROTOCOL_ERROR, "padding longer than the payload");
    }
    return pad;
  }

  private static void readData(
      ByteBuf in, int payload, int length, int flags, int streamId, Listener listener)
      throws Http2Exception {
    requireStream(streamId, DATA);
    int pad = padding(in, payload, length, flags, 0);
    int start = pad < 0 ? payload : payload + 1;
    int dataLength = pad < 0 ? length : length - 1 - pad;
    listener.onData(streamId, in.slice(start, dataLength), length, (flags & FLAG_END_STREAM) != 0);
  }

  private void readHeaders(
      ByteBuf in, int payload, int length, int flags, int streamId, Listener listener)
      throws Http2Exception {
    requireStream(streamId, HEADERS);
    boolean priority = (flags & FLAG_PRIORITY) != 0;
    int pad = padding(in, payload, length, flags, priority ? 5 : 0);
    int start = pad < 0 ? payload : payload + 1;
    int dependency = -1;
    if (priority) {
      dependency = in.getInt(start) & Integer.MAX_VALUE;
      start += 5;
    }
    int fragment = payload + length - Math.max(pad, 0) - start;
    boolean endStream = (flags & FLAG_END_STREAM) != 0;
    if ((flags & FLAG_END_HEADERS) != 0) {
      checkBlockSize(fragment);
      listener.onHeaders(streamId, in.slice(start, fragment), endStream, dependency);
      return;
    }
    beginBlock(HEADERS, streamId, in, start, fragment);
    blockEndStream = endStream;
    blockDependency = dependency;
  }

  private void readPushPromise(
      ByteBuf in, int payload, int length, int flags, int streamId, Listener listener)
      throws Http2Exception {
    requireStream(streamId, PUSH_PROMISE);
    int pad = padding(in, payload, length, flags, 4);
    int start = pad < 0 ? payload : payload + 1;
    int promised = in.getInt(start) & Integer.MAX_VALUE;
    start += 4;
    int fragment = payload + length - Math.max(pad, 0) - start;
    if ((flags & FLAG_END_HEADERS) != 0) {
      checkBlockSize(fragment);
      listener.onPushPromise(streamId, promised, in.slice(start, fragment));
      return;
    }
    beginBlock(PUSH_PROMISE, streamId, in, start, fragment);
    blockPromisedId = promised;
  }

  private void checkBlockSize(int size) throws Http2Exception {
    if (size > maxHeaderBlockSize) {
      throw Http2Exception.connectionError(
          Http2Error.ENHANCE_YOUR_CALM,
          "header block of more than " + maxHeaderBlockSize + " bytes");
    }
  }

  private void beginBlock(int type, int streamId, ByteBuf in, int start, int fragment)
      throws Http2Exception {
    checkBlockSize(fragment);
    blockType = type;
    blockStreamId = streamId;
    blockContinuations = 0;
    block = alloc.buffer(Math.max(fragment * 2, 256));
    block.writeBytes(in, start, fragment);
  }

  private void readContinuation(
      ByteBuf in, int payload, int length, int flags, int streamId, Listener listener)
      throws Http2Exception {
    if (blockType == 0) {
      throw Http2Exception.connectionError(PROTOCOL_ERROR, "CONTINUATION without HEADERS");
    }
    if (streamId != blockStreamId) {
      throw Http2Exception.connectionError(
          PROTOCOL_ERROR, "CONTINUATION on stream " + streamId + " inside " + blockStreamId);
    }
    if (++blockContinuations > maxContinuationFrames) {
      throw Http2Exception.connectionError(
          Http2Error.ENHANCE_YOUR_CALM,
          "more than " + maxContinuationFrames + " CONTINUATION frames in one header block");
    }
    checkBlockSize(block.readableBytes() + length);
    block.writeBytes(in, payload, length);
    if ((flags & FLAG_END_HEADERS) == 0) {
      return;
    }
    ByteBuf complete = block;
    int type = blockType;
    block = null;
    blockType = 0;
    try {
      if (type == HEADERS) {
        listener.onHeaders(blockStreamId, complete, blockEndStream, blockDependency);
      } else {
        listener.onPushPromise(blockStreamId, blockPromisedId, complete);
      }
    } finally {
      complete.release();
    }
  }

  private static void readPriority(
      ByteBuf in, int payload, int length, int streamId, Listener listener) throws Http2Exception {
    requireStream(streamId, PRIORITY);
    if (length != 5) {
      throw Http2Exception.streamError(streamId, FRAME_SIZE_ERROR, "PRIORITY of " + length);
    }
    listener.onPriority(streamId, in.getInt(payload) & Integer.MAX_VALUE);
  }

  private static void readRstStream(
      ByteBuf in, int payload, int length, int streamId, Listener listener) throws Http2Exception {
    requireStream(streamId, RST_STREAM);
    if (length != 4) {
      throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "RST_STREAM of " + length);
    }
    listener.onRstStream(streamId, in.getUnsignedInt(payload));
  }

  private static void readSettings(
      ByteBuf in, int payload, int length, int flags, int streamId, Listener listener)
      throws Http2Exception {
    requireConnection(streamId, SETTINGS);
    if ((flags & FLAG_ACK) != 0) {
      if (length != 0) {
        throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "SETTINGS ACK with a payload");
      }
      listener.onSettingsAck();
      return;
    }
    if (length % 6 != 0) {
      throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "SETTINGS of " + length);
    }
    Http2Settings settings = new Http2Settings();
    for (int p = payload, end = payload + length; p < end; p += 6) {
      int id = in.getUnsignedShort(p);
      long value = in.getUnsignedInt(p + 2);
      String problem = Http2Settings.check(id, value);
      if (problem != null) {
        throw Http2Exception.connectionError(
            id == Http2Settings.INITIAL_WINDOW_SIZE
                ? Http2Error.FLOW_CONTROL_ERROR
                : PROTOCOL_ERROR,
            problem);
      }
      settings.put(id, value);
    }
    listener.onSettings(settings);
  }

  private static void readPing(
      ByteBuf in, int payload, int length, int flags, int streamId, Listener listener)
      throws Http2Exception {
    requireConnection(streamId, PING);
    if (length != 8) {
      throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "PING of " + length);
    }
    listener.onPing(in.getLong(payload), (flags & FLAG_ACK) != 0);
  }

  private static void readGoAway(
      ByteBuf in, int payload, int length, int streamId, Listener listener) throws Http2Exception {
    requireConnection(streamId, GOAWAY);
    if (length < 8) {
      throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "GOAWAY of " + length);
    }
    listener.onGoAway(
        in.getInt(payload) & Integer.MAX_VALUE,
        in.getUnsignedInt(payload + 4),
        in.slice(payload + 8, length - 8));
  }

  private static void readWindowUpdate(
      ByteBuf in, int payload, int length, int streamId, Listener listener) throws Http2Exception {
    if (length != 4) {
      throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "WINDOW_UPDATE of " + length);
    }
    listener.onWindowUpdate(streamId, in.getInt(payload) & Integer.MAX_VALUE);
  }

  private static void readPriorityUpdate(
      ByteBuf in, int payload, int length, int streamId, Listener listener) throws Http2Exception {
    requireConnection(streamId, PRIORITY_UPDATE);
    if (length < 4) {
      throw Http2Exception.connectionError(FRAME_SIZE_ERROR, "PRIORITY_UPDATE of " + length);
    }
    listener.onPriorityUpdate(
        in.getInt(payload) & Integer.MAX_VALUE, in.slice(payload + 4, length - 4));
  }

  /** Releases a header block in progress. */
  void close() {
    if (block != null) {
      block.release();
      block = null;
      blockType = 0;
    }
  }
}
