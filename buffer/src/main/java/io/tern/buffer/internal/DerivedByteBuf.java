package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;

/**
 * A slice, duplicate or read-only view: shares the memory and the reference count of the buffer it
 * was derived from (releasing it releases that buffer).
 */
final class DerivedByteBuf extends ViewByteBuf {
  private final ByteBuf owner;

  DerivedByteBuf(
      ByteBuf memory,
      int adjustment,
      ByteBuf owner,
      int capacity,
      int maxCapacity,
      boolean readOnly) {
    super(memory, adjustment, capacity, maxCapacity, readOnly);
    this.owner = owner;
  }

  @Override
  protected ByteBuf refOwner() {
    return owner;
  }

  @Override
  public boolean isAccessible() {
    return accessible(owner);
  }

  @Override
  public int refCnt() {
    return owner.refCnt();
  }

  @Override
  public ByteBuf retain() {
    owner.retain();
    return this;
  }

  @Override
  public ByteBuf retain(int increment) {
    owner.retain(increment);
    return this;
  }

  @Override
  public ByteBuf touch() {
    owner.touch();
    return this;
  }

  @Override
  public ByteBuf touch(Object hint) {
    owner.touch(hint);
    return this;
  }

  @Override
  public boolean release() {
    return owner.release();
  }

  @Override
  public boolean release(int decrement) {
    return owner.release(decrement);
  }
}
