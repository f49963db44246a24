package io.tern.transport.spi;

import static io.tern.transport.channel.ChannelOption.ALLOCATOR;
import static io.tern.transport.channel.ChannelOption.ALLOW_HALF_CLOSURE;
import static io.tern.transport.channel.ChannelOption.AUTO_CLOSE;
import static io.tern.transport.channel.ChannelOption.AUTO_READ;
import static io.tern.transport.channel.ChannelOption.CONNECT_TIMEOUT_MILLIS;
import static io.tern.transport.channel.ChannelOption.MAX_MESSAGES_PER_READ;
import static io.tern.transport.channel.ChannelOption.RCVBUF_ALLOCATOR;
import static io.tern.transport.channel.ChannelOption.WRITE_BUFFER_WATER_MARK;
import static io.tern.transport.channel.ChannelOption.WRITE_SPIN_COUNT;

import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.channel.AdaptiveRecvByteBufAllocator;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.RecvByteBufAllocator;
import io.tern.transport.channel.WriteBufferWaterMark;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The generic options every channel has (see {@link ChannelConfig} for the defaults), kept in
 * volatile fields the transport reads directly. A transport adds its socket options by overriding
 * {@link #getOption}, {@link #setOption} and {@link #getOptions}, handling its own options and
 * delegating the rest to {@code super}:
 *
 * <pre>{@code
 * public <T> T getOption(ChannelOption<T> option) {
 *   if (option == ChannelOption.TCP_NODELAY) return option.type().cast(socket.tcpNoDelay());
 *   return super.getOption(option);
 * }
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may read and change the options.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects (the allocators it names are shared).
 */
public class DefaultChannelConfig implements ChannelConfig {
  private final AbstractChannel channel;
  private volatile ByteBufAllocator allocator = ByteBufAllocator.DEFAULT;
  private volatile RecvByteBufAllocator recvByteBufAllocator = AdaptiveRecvByteBufAllocator.DEFAULT;
  private volatile WriteBufferWaterMark writeBufferWaterMark = WriteBufferWaterMark.DEFAULT;
  private volatile int maxMessagesPerRead = 16;
  private volatile int writeSpinCount = 16;
  private volatile int connectTimeoutMillis = 30_000;
  private volatile boolean autoRead = true;
  private volatile boolean autoClose = true;
  private volatile boolean allowHalfClosure;

  /**
   * Creates the configuration of {@code channel} with the defaults.
   *
   * @param channel the channel (told when auto-read changes)
   */
  public DefaultChannelConfig(AbstractChannel channel) {
    this.channel = channel;
  }

  @Override
  public <T> T getOption(ChannelOption<T> option) {
    Object value;
    if (option == AUTO_READ) {
      value = autoRead;
    } else if (option == WRITE_BUFFER_WATER_MARK) {
      value = writeBufferWaterMark;
    } else if (option == ALLOCATOR) {
      value = allocator;
    } else if (option == RCVBUF_ALLOCATOR) {
      value = recvByteBufAllocator;
    } else if (option == MAX_MESSAGES_PER_READ) {
      value = maxMessagesPerRead;
    } else if (option == WRITE_SPIN_COUNT) {
      value = writeSpinCount;
    } else if (option == CONNECT_TIMEOUT_MILLIS) {
      value = connectTimeoutMillis;
    } else if (option == AUTO_CLOSE) {
      value = autoClose;
    } else if (option == ALLOW_HALF_CLOSURE) {
      value = allowHalfClosure;
    } else {
      return null;
    }
    return option.type().cast(value);
  }

  @Override
  public <T> boolean setOption(ChannelOption<T> option, T value) {
    option.validate(value);
    if (option == AUTO_READ) {
      autoRead((Boolean) value);
    } else if (option == WRITE_BUFFER_WATER_MARK) {
      writeBufferWaterMark = (WriteBufferWaterMark) value;
    } else if (option == ALLOCATOR) {
      allocator = (ByteBufAllocator) value;
    } else if (option == RCVBUF_ALLOCATOR) {
      recvByteBufAllocator = (RecvByteBufAllocator) value;
    } else if (option == MAX_MESSAGES_PER_READ) {
      maxMessagesPerRead = atLeast(option, (Integer) value, 1);
    } else if (option == WRITE_SPIN_COUNT) {
      writeSpinCount = atLeast(option, (Integer) value, 1);
    } else if (option == CONNECT_TIMEOUT_MILLIS) {
      connectTimeoutMillis = atLeast(option, (Integer) value, 0);
    } else if (option == AUTO_CLOSE) {
      autoClose = (Boolean) value;
    } else if (option == ALLOW_HALF_CLOSURE) {
      allowHalfClosure = (Boolean) value;
    } else {
      return false;
    }
    return true;
  }

  /**
   * Checks an integer option's lower bound.
   *
   * @param option the option, for the message
   * @param value the value
   * @param min the smallest allowed value
   * @return {@code value}
   * @throws IllegalArgumentException if {@code value < min}
   */
  protected static int atLeast(ChannelOption<?> option, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(option + ": " + value + " (expected: >= " + min + ")");
    }
    return value;
  }

  @Override
  public Map<ChannelOption<?>, Object> getOptions() {
    Map<ChannelOption<?>, Object> options = new LinkedHashMap<>();
    for (ChannelOption<?> o :
        new ChannelOption<?>[] {
          ALLOCATOR,
          RCVBUF_ALLOCATOR,
          MAX_MESSAGES_PER_READ,
          WRITE_SPIN_COUNT,
          WRITE_BUFFER_WATER_MARK,
          CONNECT_TIMEOUT_MILLIS,
          AUTO_READ,
          AUTO_CLOSE,
          ALLOW_HALF_CLOSURE
        }) {
      options.put(o, getOption(o));
    }
    return options;
  }

  /**
   * Adds options and their current values to a map; for {@link #getOptions()} of subclasses.
   *
   * @param options the map to add to
   * @param added the options to add (unsupported ones are skipped)
   * @return {@code options}
   */
  protected final Map<ChannelOption<?>, Object> addOptions(
      Map<ChannelOption<?>, Object> options, ChannelOption<?>... added) {
    for (ChannelOption<?> o : added) {
      Object value = getOption(o);
      if (value != null) {
        options.put(o, value);
      }
    }
    return options;
  }

  @Override
  public boolean autoRead() {
    return autoRead;
  }

  @Override
  public DefaultChannelConfig autoRead(boolean autoRead) {
    boolean old = this.autoRead;
    this.autoRead = autoRead;
    if (autoRead && !old) {
      channel.read();
    } else if (!autoRead && old) {
      channel.autoReadCleared();
    }
    return this;
  }

  @Override
  public ByteBufAllocator allocator() {
    return allocator;
  }

  @Override
  public RecvByteBufAllocator recvByteBufAllocator() {
    return recvByteBufAllocator;
  }

  @Override
  public int maxMessagesPerRead() {
    return maxMessagesPerRead;
  }

  @Override
  public int writeSpinCount() {
    return writeSpinCount;
  }

  @Override
  public WriteBufferWaterMark writeBufferWaterMark() {
    return writeBufferWaterMark;
  }

  @Override
  public int connectTimeoutMillis() {
    return connectTimeoutMillis;
  }

  @Override
  public boolean autoClose() {
    return autoClose;
  }

  @Override
  public boolean allowHalfClosure() {
    return allowHalfClosure;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + getOptions();
  }
}
