package io.tern.transport.linux.internal.sys;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.SocketAddress;

/**
 * An array of {@code struct mmsghdr} in native memory for {@code sendmmsg}/{@code recvmmsg}: many
 * datagrams per system call. Each entry owns one {@code iovec} and one {@code sockaddr_storage}.
 *
 * <pre>
 * | mmsghdr[capacity] (64 each, contiguous: the kernel walks them) | iovec[capacity] (16 each) |
 * | sockaddr_storage[capacity] (128 each) |
 * mmsghdr: msghdr { name @0 u64, namelen @8 u32, iov @16 u64, iovlen @24 u64,
 *                   control @32 u64, controllen @40 u64, flags @48 s32 } | msg_len @56 u32
 * </pre>
 *
 * <p>Not thread-safe: one per event loop, reused with {@link #clear()}. The owner calls {@link
 * #close()} once.
 */
public final class MessageArray implements AutoCloseable {
  private static final int MMSGHDR = 64;
  private static final int IOVEC = LinuxConstants.IOVEC_SIZE;

  private final MemorySegment memory;
  private final int capacity;
  private final long iovecs;
  private final long addresses;
  private int count;

  /**
   * Allocates room for {@code capacity} datagrams.
   *
   * @param capacity messages per call ({@code UIO_MAXIOV}, 1024, at most)
   */
  public MessageArray(int capacity) {
    if (capacity <= 0 || capacity > LinuxConstants.IOV_MAX) {
      throw new IllegalArgumentException("capacity: " + capacity);
    }
    this.capacity = capacity;
    this.iovecs = (long) capacity * MMSGHDR;
    this.addresses = iovecs + (long) capacity * IOVEC;
    this.memory = LibC.calloc(addresses + (long) capacity * SockAddr.STORAGE_SIZE);
  }

  /**
   * Adds a datagram to send.
   *
   * @param address its bytes (native memory kept alive until sent)
   * @param length its length
   * @param recipient where to send it, or {@code null} on a connected socket
   * @param family the socket's address family
   * @return {@code false} if the array is full
   */
  public boolean addForSend(long address, int length, SocketAddress recipient, int family) {
    if (count == capacity) {
      return false;
    }
    int nameLength = 0;
    if (recipient != null) {
      nameLength = SockAddr.write(addressSlot(count), recipient, family);
    }
    fill(count, address, length, nameLength);
    count++;
    return true;
  }

  /**
   * Adds a buffer to receive one datagram into; the sender's address is recorded.
   *
   * @param address where to store it
   * @param length its capacity
   * @return {@code false} if the array is full
   */
  public boolean addForReceive(long address, int length) {
    if (count == capacity) {
      return false;
    }
    fill(count, address, length, SockAddr.STORAGE_SIZE);
    count++;
    return true;
  }

  private MemorySegment addressSlot(int index) {
    return memory.asSlice(addresses + (long) index * SockAddr.STORAGE_SIZE, SockAddr.STORAGE_SIZE);
  }

  private void fill(int index, long address, int length, int nameLength) {
    long at = (long) index * MMSGHDR;
    long iov = iovecs + (long) index * IOVEC;
    long base = memory.address();
    memory.set(
        ValueLayout.JAVA_LONG,
        at,
        nameLength == 0 ? 0 : base + addresses + (long) index * SockAddr.STORAGE_SIZE);
    memory.set(ValueLayout.JAVA_INT, at + 8, nameLength);
    memory.set(ValueLayout.JAVA_LONG, at + 16, base + iov);
    memory.set(ValueLayout.JAVA_LONG, at + 24, 1L);
    memory.set(ValueLayout.JAVA_LONG, at + 32, 0L);
    memory.set(ValueLayout.JAVA_LONG, at + 40, 0L);
    memory.set(ValueLayout.JAVA_INT, at + 48, 0);
    memory.set(ValueLayout.JAVA_INT, at + 56, 0);
    memory.set(ValueLayout.JAVA_LONG, iov, address);
    memory.set(ValueLayout.JAVA_LONG, iov + 8, length);
  }

  /**
   * Returns the number of entries.
   *
   * @return entries since the last {@link #clear()}
   */
  public int count() {
    return count;
  }

  /**
   * Returns the address of the first {@code mmsghdr}, for the system call.
   *
   * @return the address
   */
  public long address() {
    return memory.address();
  }

  /**
   * Returns the bytes the kernel reported for entry {@code index} ({@code msg_len}).
   *
   * @param index an entry the call processed
   * @return the datagram's length
   */
  public int messageLength(int index) {
    return memory.get(ValueLayout.JAVA_INT, (long) index * MMSGHDR + 56);
  }

  /**
   * Returns the {@code msg_flags} the kernel reported for entry {@code index} (e.g. {@code
   * MSG_TRUNC} when the datagram did not fit).
   *
   * @param index an entry the call processed
   * @return the flags
   */
  public int flags(int index) {
    return memory.get(ValueLayout.JAVA_INT, (long) index * MMSGHDR + 48);
  }

  /**
   * Returns the sender of the datagram received into entry {@code index}.
   *
   * @param index an entry {@code recvmmsg} filled
   * @return the sender, or {@code null} if unnamed
   */
  public SocketAddress sender(int index) {
    int nameLength = memory.get(ValueLayout.JAVA_INT, (long) index * MMSGHDR + 8);
    return SockAddr.read(addressSlot(index), nameLength);
  }

  /** Empties the array for reuse. */
  public void clear() {
    count = 0;
  }

  /** Frees the native memory; the array must not be used afterwards. */
  @Override
  public void close() {
    LibC.free(memory);
  }
}
