package io.tern.transport.linux.internal.uring;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * A provided buffer ring ({@code IORING_REGISTER_PBUF_RING}, Linux 5.19): receive requests with
 * {@code IOSQE_BUFFER_SELECT} and this group id take a buffer from the ring when data arrives,
 * instead of holding one while they wait. A multishot receive over many idle connections thus pins
 * no memory per connection.
 *
 * <pre>
 * ring (entries * 16 bytes, page aligned, shared with the kernel):
 *   io_uring_buf[i]: | addr u64 | len u32 | bid u16 | resv u16 |   (the tail u16 overlays buf[0].resv)
 * </pre>
 *
 * Each buffer id names a direct {@link ByteBuf} from the allocator. A completion with {@code
 * IORING_CQE_F_BUFFER} carries the id in its upper 16 flag bits; {@link #take} hands that buffer to
 * the caller (who then owns and releases it) and puts a fresh one under the same id at the tail, so
 * the ring stays full and nothing is copied. The tail is published with a release store.
 *
 * <p><b>Incremental mode</b> ({@code IOU_PBUF_RING_INC}, Linux 6.12): the kernel fills a buffer a
 * piece at a time, one receive after the other, and flags each completion that left room in it
 * ({@code IORING_CQE_F_BUF_MORE}). Buffers can then be large (a streamed 64 KiB write arrives as
 * one piece) without a small message using up a whole buffer: small messages of any connections
 * share one. {@link #take} hands over each piece as a slice holding a reference to its buffer (the
 * buffer itself when one receive filled it whole), and replaces the buffer once the kernel is done
 * with it. A piece kept by the application keeps its whole buffer allocated until released.
 *
 * <p>Not thread-safe: owned by the loop thread of its ring; {@link #close()} after every request
 * using the group has completed.
 */
@SuppressWarnings("restricted")
public final class BufferRing implements AutoCloseable {
  private static final VarHandle SHORT = ValueLayout.JAVA_SHORT.varHandle();

  private final Ring ring;
  private final short groupId;
  private final int entries;
  private final int mask;
  private final int bufferSize;
  private final ByteBufAllocator allocator;
  private final long ringAddress;
  private final long ringSize;
  private final MemorySegment memory;
  private final ByteBuf[] buffers;
  private final int[] consumed; // incremental mode: bytes of each buffer handed out so far
  private short tail;

  /**
   * Maps, fills and registers a buffer ring.
   *
   * @param ring the ring to register with
   * @param groupId the buffer group id requests name in {@code buf_group}
   * @param entries a power of two, at most 32768
   * @param bufferSize bytes per buffer
   * @param allocator where buffers come from (direct)
   * @param incremental whether the kernel consumes buffers incrementally ({@code
   *     IOU_PBUF_RING_INC}; registration fails with {@code EINVAL} before Linux 6.12)
   * @throws IOException if mapping or registration fails ({@code EINVAL} before Linux 5.19)
   */
  public BufferRing(
      Ring ring,
      short groupId,
      int entries,
      int bufferSize,
      ByteBufAllocator allocator,
      boolean incremental)
      throws IOException {
    if (entries <= 0 || entries > 32768 || Integer.bitCount(entries) != 1) {
      throw new IllegalArgumentException("entries must be a power of two <= 32768: " + entries);
    }
    this.ring = ring;
    this.groupId = groupId;
    this.entries = entries;
    this.mask = entries - 1;
    this.bufferSize = bufferSize;
    this.allocator = allocator;
    this.ringSize = Math.max(4096, 16L * entries);
    long addr =
        LibC.mmap(
            0,
            ringSize,
            LinuxConstants.PROT_READ | LinuxConstants.PROT_WRITE,
            LinuxConstants.MAP_PRIVATE | LinuxConstants.MAP_ANONYMOUS,
            -1,
            0);
    if (addr < 0) {
      throw Errors.ioException("mmap", (int) addr);
    }
    this.ringAddress = addr;
    this.memory = MemorySegment.ofAddress(addr).reinterpret(ringSize);
    this.buffers = new ByteBuf[entries];
    this.consumed = incremental ? new int[entries] : null;
    MemorySegment reg = LibC.calloc(40);
    try {
      reg.set(ValueLayout.JAVA_LONG, 0, addr);
      reg.set(ValueLayout.JAVA_INT, 8, entries);
      reg.set(ValueLayout.JAVA_SHORT, 12, groupId);
      reg.set(ValueLayout.JAVA_SHORT, 14, incremental ? IoUringConstants.PBUF_RING_INC : 0);
      int r = ring.register(IoUringConstants.REGISTER_PBUF_RING, reg.address(), 1);
      if (r < 0) {
        LibC.munmap(addr, ringSize);
        throw Errors.ioException("io_uring_register(PBUF_RING)", r);
      }
    } finally {
      LibC.free(reg);
    }
    for (int bid = 0; bid < entries; bid++) {
      provide(bid, allocator.directBuffer(bufferSize, bufferSize));
    }
    publish();
  }

  /**
   * Returns the buffer group id.
   *
   * @return the id to put in {@code sqe.buf_group}
   */
  public short groupId() {
    return groupId;
  }

  /**
   * Returns the size of each buffer.
   *
   * @return bytes
   */
  public int bufferSize() {
    return bufferSize;
  }

  /**
   * Returns the number of buffers.
   *
   * @return entries
   */
  public int entries() {
    return entries;
  }

  /**
   * Returns whether the kernel consumes this ring's buffers incrementally.
   *
   * @return {@code true} in incremental mode
   */
  public boolean incremental() {
    return consumed != null;
  }

  /**
   * Hands over what a completion received and refills its id with a new buffer once the kernel is
   * done with the old one (always, unless incremental).
   *
   * @param bufferId the id from the completion's flags ({@code flags >>> 16})
   * @param length the completion's result, the bytes received
   * @param cqeFlags the completion's flags ({@code IORING_CQE_F_BUF_MORE} tells, in incremental
   *     mode, that the kernel goes on filling this buffer)
   * @return a buffer with {@code length} readable bytes; the caller releases it
   */
  public ByteBuf take(int bufferId, int length, int cqeFlags) {
    ByteBuf buf = buffers[bufferId];
    if (consumed == null) {
      buf.writerIndex(length);
      replace(bufferId);
      return buf;
    }
    int at = consumed[bufferId];
    if ((cqeFlags & IoUringConstants.CQE_F_BUF_MORE) != 0) {
      consumed[bufferId] = at + length;
      return buf.retainedSlice(at, length);
    }
    // The kernel is done with this buffer: the ring's reference goes with the last piece.
    consumed[bufferId] = 0;
    replace(bufferId);
    if (at == 0) {
      return buf.writerIndex(length);
    }
    return buf.slice(at, length);
  }

  private void replace(int bufferId) {
    provide(bufferId, allocator.directBuffer(bufferSize, bufferSize));
    publish();
  }

  /**
   * Returns an unused buffer to the ring (a completion that carried a buffer id but no data). In
   * incremental mode the kernel keeps such a buffer itself (it consumed nothing of it), so this
   * does nothing.
   *
   * @param bufferId the id from the completion's flags
   */
  public void recycle(int bufferId) {
    if (consumed != null) {
      return;
    }
    ByteBuf buf = buffers[bufferId];
    buf.clear();
    provide(bufferId, buf);
    publish();
  }

  private void provide(int bufferId, ByteBuf buf) {
    buffers[bufferId] = buf;
    long at = (long) (tail & mask) * 16;
    memory.set(ValueLayout.JAVA_LONG, at, buf.memorySegment().address());
    memory.set(ValueLayout.JAVA_INT, at + 8, bufferSize);
    memory.set(ValueLayout.JAVA_SHORT, at + 12, (short) bufferId);
    tail++;
  }

  private void publish() {
    SHORT.setRelease(memory, 14L, tail);
  }

  /** Unregisters the ring, releases its buffers and unmaps it. */
  @Override
  public void close() {
    MemorySegment reg = LibC.calloc(40);
    try {
      reg.set(ValueLayout.JAVA_SHORT, 12, groupId);
      ring.register(IoUringConstants.UNREGISTER_PBUF_RING, reg.address(), 1);
    } finally {
      LibC.free(reg);
    }
    for (int i = 0; i < buffers.length; i++) {
      if (buffers[i] != null) {
        buffers[i].release();
        buffers[i] = null;
      }
    }
    LibC.munmap(ringAddress, ringSize);
  }
}
