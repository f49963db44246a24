package io.tern.codec.http2;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCounted;
import java.util.Objects;

/**
 * {@code GOAWAY}: the sender initiates no more streams above {@link #lastStreamId()} and will close
 * the connection. Inbound: the peer's. Outbound: a graceful shutdown ({@link Http2Error#NO_ERROR})
 * of this side; the codec fills in the last stream id.
 *
 * <h2>Threading</h2>
 *
 * Event loop of the channel it travels on.
 *
 * <h2>Ownership</h2>
 *
 * Owns its debug data: {@link #release()} releases it.
 */
public final class Http2GoAwayFrame implements Http2Frame, ReferenceCounted {
  private final int lastStreamId;
  private final long errorCode;
  private final ByteBuf debugData;

  /**
   * Creates a frame.
   *
   * @param lastStreamId the last stream the sender may have processed
   * @param errorCode the 32-bit error code
   * @param debugData opaque diagnostic bytes, owned by the frame from now on
   */
  public Http2GoAwayFrame(int lastStreamId, long errorCode, ByteBuf debugData) {
    this.lastStreamId = lastStreamId;
    this.errorCode = errorCode;
    this.debugData = Objects.requireNonNull(debugData, "debugData");
  }

  /**
   * Creates an outbound frame without debug data; the codec fills in the last stream id.
   *
   * @param error the error
   */
  public Http2GoAwayFrame(Http2Error error) {
    this(Integer.MAX_VALUE, error.code(), Unpooled.EMPTY_BUFFER);
  }

  /**
   * Returns the last stream id.
   *
   * @return the id
   */
  public int lastStreamId() {
    return lastStreamId;
  }

  /**
   * Returns the error code.
   *
   * @return the 32-bit code
   */
  public long errorCode() {
    return errorCode;
  }

  /**
   * Returns the debug data.
   *
   * @return the bytes, owned by this frame
   */
  public ByteBuf debugData() {
    return debugData;
  }

  @Override
  public String name() {
    return "GOAWAY";
  }

  @Override
  public int refCnt() {
    return debugData.refCnt();
  }

  @Override
  public Http2GoAwayFrame retain() {
    debugData.retain();
    return this;
  }

  @Override
  public Http2GoAwayFrame retain(int increment) {
    debugData.retain(increment);
    return this;
  }

  @Override
  public Http2GoAwayFrame touch() {
    debugData.touch();
    return this;
  }

  @Override
  public Http2GoAwayFrame touch(Object hint) {
    debugData.touch(hint);
    return this;
  }

  @Override
  public boolean release() {
    return debugData.release();
  }

  @Override
  public boolean release(int decrement) {
    return debugData.release(decrement);
  }

  @Override
  public String toString() {
    return "Http2GoAwayFrame[last " + lastStreamId + ", error " + errorCode + "]";
  }
}
