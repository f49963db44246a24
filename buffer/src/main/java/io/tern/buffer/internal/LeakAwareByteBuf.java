package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteProcessor;
import io.tern.common.ReferenceCountHint;
import io.tern.common.ResourceLeakTracker;
import java.lang.foreign.MemorySegment;

/**
 * A leak-tracked buffer: a view of the whole of a newly allocated buffer that owns its tracker.
 * Retain and release are recorded, the release that frees the buffer closes the tracker, and at
 * ADVANCED and PARANOID every access through the core is recorded too. Slices and duplicates of it
 * release through it, so the tracker is closed whichever of them drops the last reference.
 */
final class LeakAwareByteBuf extends ViewByteBuf {
  private final ResourceLeakTracker<ByteBuf> tracker;
  private final boolean recordAccesses;

  LeakAwareByteBuf(ByteBuf buf, ResourceLeakTracker<ByteBuf> tracker, boolean recordAccesses) {
    super(buf, 0, buf.capacity(), buf.maxCapacity(), false);
    this.tracker = tracker;
    this.recordAccesses = recordAccesses;
    setIndex(buf.readerIndex(), buf.writerIndex());
  }

  private void recordAccess() {
    if (recordAccesses) {
      tracker.record();
    }
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
    return retain(1);
  }

  @Override
  public ByteBuf retain(int increment) {
    memory.retain(increment);
    tracker.record(ReferenceCountHint.RETAIN);
    return this;
  }

  @Override
  public ByteBuf touch() {
    tracker.record();
    return this;
  }

  @Override
  public ByteBuf touch(Object hint) {
    tracker.record(hint);
    return this;
  }

  @Override
  public boolean release() {
    return release(1);
  }

  @Override
  public boolean release(int decrement) {
    ByteBuf buf = memory;
    if (buf.release(decrement)) {
      tracker.close(buf);
      return true;
    }
    tracker.record(ReferenceCountHint.RELEASE);
    return false;
  }

  @Override
  protected long load(int index, int width, boolean bigEndian) {
    recordAccess();
    return super.load(index, width, bigEndian);
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    recordAccess();
    super.store(index, width, value, bigEndian);
  }

  @Override
  protected void copyTo(int index, byte[] dst, int dstIndex, int length) {
    recordAccess();
    super.copyTo(index, dst, dstIndex, length);
  }

  @Override
  protected void copyTo(int index, MemorySegment dst, long dstOffset, int length) {
    recordAccess();
    super.copyTo(index, dst, dstOffset, length);
  }

  @Override
  protected void copyFrom(int index, byte[] src, int srcIndex, int length) {
    recordAccess();
    super.copyFrom(index, src, srcIndex, length);
  }

  @Override
  protected void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    recordAccess();
    super.copyFrom(index, src, srcOffset, length);
  }

  @Override
  protected int scanAsc(int start, int end, ByteProcessor processor) {
    recordAccess();
    return super.scanAsc(start, end, processor);
  }

  @Override
  protected int scanDesc(int start, int end, ByteProcessor processor) {
    recordAccess();
    return super.scanDesc(start, end, processor);
  }

  @Override
  protected void adjustCapacity(int newCapacity) {
    recordAccess();
    super.adjustCapacity(newCapacity);
  }
}
