package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;

/**
 * A view of a whole buffer that ignores retain and release, for constants shared by everyone (e.g.
 * {@code Unpooled.EMPTY_BUFFER}); its slices and duplicates are unreleasable too. The wrapped
 * buffer is never freed through it.
 */
public final class UnreleasableByteBuf extends ViewByteBuf {
  public UnreleasableByteBuf(ByteBuf buf) {
    super(root(buf), adjustmentOf(buf), buf.capacity(), buf.maxCapacity(), buf.isReadOnly());
    setIndex(buf.readerIndex(), buf.writerIndex());
  }

  private static ByteBuf root(ByteBuf buf) {
    return buf instanceof ViewByteBuf v ? v.memory : buf;
  }

  private static int adjustmentOf(ByteBuf buf) {
    return buf instanceof ViewByteBuf v ? v.adjustment : 0;
  }

  @Override
  protected ByteBuf refOwner() {
    return this;
  }

  @Override
  public boolean isAccessible() {
    return memory.isAccessible();
  }

  @Override
  public int refCnt() {
    return memory.refCnt();
  }

  @Override
  public ByteBuf retain() {
    return this;
  }

  @Override
  public ByteBuf retain(int increment) {
    return this;
  }

  @Override
  public ByteBuf touch() {
    return this;
  }

  @Override
  public ByteBuf touch(Object hint) {
    return this;
  }

  @Override
  public boolean release() {
    return false;
  }

  @Override
  public boolean release(int decrement) {
    return false;
  }
}
