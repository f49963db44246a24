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
  private short tail;

  /**
   * Maps, fills and registers a buffer ring.
   *
   * @param ring the ring to register with
   * @param groupId the buffer group id requests name in {@code buf_group}
   * @param entries a power of two, at most 32768
   * @param bufferSize bytes per buffer
   * @param allocator where buffers come from (direct)
   * @throws IOException if mapping or registration fails ({@code EINVAL} before Linux 5.19)
   */
  public BufferRing(
      Ring ring, short groupId, int entries, int bufferSize, ByteBufAllocator allocator)
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
    MemorySegment reg = LibC.calloc(40);
    try {
      reg.set(ValueLayout.JAVA_LONG, 0, addr);
      reg.set(ValueLayout.JAVA_INT, 8, entries);
      reg.set(ValueLayout.JAVA_SHORT, 12, groupId);
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
   * Hands over the buffer a completion filled and refills its id with a new one.
   *
   * @param bufferId the id from the completion's flags ({@code flags >>> 16})
   * @param length the completion's result, the bytes received
   * @return the buffer with {@code length} readable bytes; the caller releases it
   */
  public ByteBuf take(int bufferId, int length) {
    ByteBuf buf = buffers[bufferId];
    buf.writerIndex(length);
    provide(bufferId, allocator.directBuffer(bufferSize, bufferSize));
    publish();
    return buf;
  }

  /**
   * Returns an unused buffer to the ring (a completion that carried a buffer id but no data).
   *
   * @param bufferId the id from the completion's flags
   */
  public void recycle(int bufferId) {
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
