package io.tern.transport.linux.internal.channel;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import java.nio.ByteBuffer;

/** Outbound buffers the kernel can read: heap memory is copied to direct memory once. */
public final class NativeBuffers {
  private NativeBuffers() {}

  /**
   * Returns {@code msg} unchanged if it is not a buffer or its memory is native, else a direct copy
   * of its readable bytes (releasing {@code msg}).
   *
   * @param msg an outbound message, owned by the caller
   * @param alloc where the copy comes from
   * @return the message to queue
   */
  public static Object toNative(Object msg, ByteBufAllocator alloc) {
    if (!(msg instanceof ByteBuf buf) || isNative(buf)) {
      return msg;
    }
    int readable = buf.readableBytes();
    ByteBuf direct = alloc.directBuffer(readable);
    direct.writeBytes(buf, buf.readerIndex(), readable);
    buf.release();
    return direct;
  }

  private static boolean isNative(ByteBuf buf) {
    if (buf.hasMemorySegment()) {
      return true;
    }
    for (ByteBuffer b : buf.nioBuffers(buf.readerIndex(), buf.readableBytes())) {
      if (!b.isDirect()) {
        return false;
      }
    }
    return true;
  }
}
