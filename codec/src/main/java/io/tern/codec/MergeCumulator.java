package io.tern.codec;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.CompositeByteBuf;

/** {@link Cumulator#MERGE}: one contiguous buffer. */
final class MergeCumulator implements Cumulator {

  @Override
  public ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
    if (!cumulation.isReadable() && !(in instanceof CompositeByteBuf)) {
      // Everything was decoded: take the new buffer as it is instead of copying it.
      cumulation.release();
      return in;
    }
    try {
      int required = in.readableBytes();
      boolean shared = cumulation.refCnt() > 1;
      if (required > cumulation.writableBytes()) {
        if (!shared
            && !cumulation.isReadOnly()
            && cumulation.capacity() - cumulation.readableBytes() >= required) {
          // Moving the unread bytes down is cheaper than growing, and nobody else sees them.
          cumulation.discardReadBytes();
        } else if (shared
            || cumulation.isReadOnly()
            || required > cumulation.maxCapacity() - cumulation.writerIndex()) {
          return expand(alloc, cumulation, in, required);
        }
      } else if (cumulation.isReadOnly()) {
        return expand(alloc, cumulation, in, required);
      }
      // Writing past the writer index never changes bytes a retained slice can see.
      cumulation.writeBytes(in, in.readerIndex(), required);
      return cumulation;
    } finally {
      in.release();
    }
  }

  /**
   * Copies both into a new buffer and releases the old cumulation ({@code in} is released by the
   * caller).
   */
  private static ByteBuf expand(
      ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in, int required) {
    int old = cumulation.readableBytes();
    int total = old + required;
    if (total < 0) {
      throw new DecoderException("cumulation would exceed " + Integer.MAX_VALUE + " bytes");
    }
    ByteBuf bigger = alloc.buffer(alloc.calculateNewCapacity(total, Integer.MAX_VALUE));
    try {
      bigger.writeBytes(cumulation, cumulation.readerIndex(), old);
      bigger.writeBytes(in, in.readerIndex(), required);
    } catch (RuntimeException e) {
      bigger.release();
      throw e;
    }
    cumulation.release();
    return bigger;
  }
}
