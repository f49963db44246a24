package io.tern.transport.channel;

import io.tern.buffer.ByteBufAllocator;
import java.util.Map;

/**
 * The settings of one {@link Channel}: typed {@link ChannelOption}s, plus direct accessors for the
 * ones the transport reads on every operation.
 *
 * <p>Defaults (see {@code docs/channels.md} for the socket options of each transport):
 *
 * <table>
 *   <caption>generic options</caption>
 *   <tr><th>option</th><th>default</th></tr>
 *   <tr><td>{@link ChannelOption#ALLOCATOR}</td><td>{@link ByteBufAllocator#DEFAULT}</td></tr>
 *   <tr><td>{@link ChannelOption#RCVBUF_ALLOCATOR}</td><td>{@link AdaptiveRecvByteBufAllocator}
 *       (64 B to 64 KiB, 2 KiB first)</td></tr>
 *   <tr><td>{@link ChannelOption#MAX_MESSAGES_PER_READ}</td><td>16</td></tr>
 *   <tr><td>{@link ChannelOption#WRITE_SPIN_COUNT}</td><td>16</td></tr>
 *   <tr><td>{@link ChannelOption#WRITE_BUFFER_WATER_MARK}</td><td>32 KiB low, 64 KiB high</td></tr>
 *   <tr><td>{@link ChannelOption#CONNECT_TIMEOUT_MILLIS}</td><td>30000</td></tr>
 *   <tr><td>{@link ChannelOption#AUTO_READ}</td><td>true</td></tr>
 *   <tr><td>{@link ChannelOption#AUTO_CLOSE}</td><td>true</td></tr>
 *   <tr><td>{@link ChannelOption#ALLOW_HALF_CLOSURE}</td><td>false</td></tr>
 * </table>
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may read and change the settings; a change made off the event loop takes effect for
 * the next operation that reads it. Socket options go to the socket at once.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects (the allocators it names are shared).
 */
public interface ChannelConfig {

  /**
   * Returns an option's value.
   *
   * @param <T> the value type
   * @param option the option
   * @return the value, or {@code null} if this channel does not support the option
   */
  <T> T getOption(ChannelOption<T> option);

  /**
   * Changes an option.
   *
   * @param <T> the value type
   * @param option the option
   * @param value the new value
   * @return {@code true} if set; {@code false} if this channel does not support the option
   * @throws IllegalArgumentException if the value is out of range for the option
   * @throws NullPointerException if {@code value} is {@code null}
   * @throws ChannelException if the socket refuses the value
   */
  <T> boolean setOption(ChannelOption<T> option, T value);

  /**
   * Returns every supported option with its current value.
   *
   * @return a snapshot, in a stable order
   */
  Map<ChannelOption<?>, Object> getOptions();

  /**
   * Returns whether the channel reads on its own ({@link ChannelOption#AUTO_READ}).
   *
   * @return {@code true} unless turned off
   */
  boolean autoRead();

  /**
   * Turns reading on its own on or off. Turning it off stops reading after the current read loop;
   * the handlers then call {@link Channel#read()} for each batch they want (back-pressure).
   *
   * @param autoRead the new setting
   * @return this config
   */
  ChannelConfig autoRead(boolean autoRead);

  /**
   * Returns the buffer allocator ({@link ChannelOption#ALLOCATOR}).
   *
   * @return the allocator
   */
  ByteBufAllocator allocator();

  /**
   * Returns the read-loop allocator ({@link ChannelOption#RCVBUF_ALLOCATOR}).
   *
   * @return the allocator
   */
  RecvByteBufAllocator recvByteBufAllocator();

  /**
   * Returns the maximum number of messages per read loop ({@link
   * ChannelOption#MAX_MESSAGES_PER_READ}).
   *
   * @return at least 1
   */
  int maxMessagesPerRead();

  /**
   * Returns the write calls per flush before yielding ({@link ChannelOption#WRITE_SPIN_COUNT}).
   *
   * @return at least 1
   */
  int writeSpinCount();

  /**
   * Returns the writability thresholds ({@link ChannelOption#WRITE_BUFFER_WATER_MARK}).
   *
   * @return the water marks
   */
  WriteBufferWaterMark writeBufferWaterMark();

  /**
   * Returns the connect timeout ({@link ChannelOption#CONNECT_TIMEOUT_MILLIS}).
   *
   * @return milliseconds, 0 for none
   */
  int connectTimeoutMillis();

  /**
   * Returns whether a failed write closes the channel ({@link ChannelOption#AUTO_CLOSE}).
   *
   * @return the setting
   */
  boolean autoClose();

  /**
   * Returns whether the peer's end of output only shuts the input down ({@link
   * ChannelOption#ALLOW_HALF_CLOSURE}).
   *
   * @return the setting
   */
  boolean allowHalfClosure();
}
