package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/**
 * Common delimiters for {@link DelimiterBasedFrameDecoder}. The buffers returned ignore release and
 * need none.
 *
 * <h2>Threading</h2>
 *
 * Any thread; each call returns new buffers.
 *
 * <h2>Ownership</h2>
 *
 * Each call returns new buffers that belong to the caller; they ignore release and may be kept for
 * the decoder's lifetime.
 */
public final class Delimiters {
  private Delimiters() {}

  /**
   * Returns the {@code NUL} delimiter (Flash XML sockets, STOMP).
   *
   * @return {@code {"\0"}}
   */
  public static ByteBuf[] nulDelimiter() {
    return new ByteBuf[] {constant(new byte[] {0})};
  }

  /**
   * Returns the line delimiters.
   *
   * @return {@code {"\r\n", "\n"}}
   */
  public static ByteBuf[] lineDelimiter() {
    return new ByteBuf[] {constant(new byte[] {'\r', '\n'}), constant(new byte[] {'\n'})};
  }

  private static ByteBuf constant(byte[] bytes) {
    return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(bytes));
  }
}
