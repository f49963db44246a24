package io.tern.transport.linux.internal.sys;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * An array of {@code struct iovec} in native memory, for gathering writes ({@code writev}, {@code
 * sendmsg}, io_uring {@code WRITEV}). One instance per event loop is shared by its channels: fill,
 * write, {@link #clear()}.
 *
 * <pre>
 * iovec[i] at 16 * i: | iov_base u64 | iov_len u64 |
 * </pre>
 *
 * <p>Not thread-safe: owned by one loop thread. The owner calls {@link #close()} once; the memory
 * is freed then.
 */
public final class IovArray implements AutoCloseable {
  private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;

  private final MemorySegment memory;
  private final int capacity;
  private final long maxBytes;
  private int count;
  private long bytes;

  /**
   * Allocates room for {@code capacity} entries.
   *
   * @param capacity maximum entries, at most {@link LinuxConstants#IOV_MAX}
   * @param maxBytes maximum total length (e.g. {@code SSIZE_MAX} or a per-write cap)
   */
  public IovArray(int capacity, long maxBytes) {
    if (capacity <= 0 || capacity > LinuxConstants.IOV_MAX) {
      throw new IllegalArgumentException("capacity: " + capacity);
    }
    this.capacity = capacity;
    this.maxBytes = maxBytes;
    this.memory = LibC.calloc((long) capacity * LinuxConstants.IOVEC_SIZE);
  }

  /**
   * Appends one region.
   *
   * @param address start of the region (native memory the caller keeps alive until written)
   * @param length bytes, more than 0
   * @return {@code false} if the array is full or the region would exceed the byte limit (then
   *     nothing was added; an empty array always accepts one region, truncated to the limit)
   */
  public boolean add(long address, int length) {
    if (count == capacity) {
      return false;
    }
    long len = length;
    if (bytes + len > maxBytes) {
      if (count > 0) {
        return false;
      }
      len = maxBytes;
    }
    long at = (long) count * LinuxConstants.IOVEC_SIZE;
    memory.set(LONG, at, address);
    memory.set(LONG, at + 8, len);
    count++;
    bytes += len;
    return true;
  }

  /**
   * Returns the number of entries.
   *
   * @return entries added since the last {@link #clear()}
   */
  public int count() {
    return count;
  }

  /**
   * Returns the total length of the entries.
   *
   * @return bytes
   */
  public long bytes() {
    return bytes;
  }

  /**
   * Returns the native address of the first entry, for the system call.
   *
   * @return the address
   */
  public long address() {
    return memory.address();
  }

  /**
   * Returns the native address of entry {@code index}.
   *
   * @param index an entry index
   * @return the address
   */
  public long address(int index) {
    return memory.address() + (long) index * LinuxConstants.IOVEC_SIZE;
  }

  /** Empties the array for reuse. */
  public void clear() {
    count = 0;
    bytes = 0;
  }

  /** Frees the native memory; the array must not be used afterwards. */
  @Override
  public void close() {
    LibC.free(memory);
  }
}
