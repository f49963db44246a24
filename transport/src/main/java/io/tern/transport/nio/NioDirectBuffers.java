package io.tern.transport.nio;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;

/** The heap-to-direct copy every NIO channel makes before queueing a write. */
final class NioDirectBuffers {
  private NioDirectBuffers() {}

  /**
   * Copies a heap buffer into pooled direct memory when the allocator pools it: the JDK would copy
   * it into a temporary direct buffer on every write attempt otherwise.
   *
   * @param buf the payload, owned by the caller; released here if a copy is returned
   * @param alloc the channel's allocator
   * @return {@code buf} itself, or the direct copy now owning the bytes
   */
  static ByteBuf toPooledDirect(ByteBuf buf, ByteBufAllocator alloc) {
    if (buf.isDirect() || !alloc.isDirectBufferPooled()) {
      return buf;
    }
    int readable = buf.readableBytes();
    ByteBuf direct = alloc.directBuffer(readable);
    direct.writeBytes(buf, buf.readerIndex(), readable);
    buf.release();
    return direct;
  }
}
