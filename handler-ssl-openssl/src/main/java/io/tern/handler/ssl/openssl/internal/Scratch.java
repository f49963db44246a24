package io.tern.handler.ssl.openssl.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Native memory each thread reuses for the duration of one engine call: the record a wrap gathers
 * from several small buffers, the ciphertext an unwrap got on the heap, and the {@code size_t}
 * OpenSSL's {@code _ex} calls report their count in. Engines run on one event loop at a time, and
 * nothing here outlives the call, so engines own no native buffers of their own (an idle connection
 * costs only OpenSSL's own state).
 *
 * <p>Per thread; freed by the GC with the thread (an automatic arena), like the JDK's own
 * per-thread buffers.
 */
final class Scratch {
  /** The largest plaintext a record holds. */
  static final int RECORD = 16 * 1024;

  /**
   * Room for the records of one unwrap whose ciphertext is on the heap: five of the largest records
   * a peer may send. OpenSSL reads records through a pointer kept between calls, which a heap array
   * cannot give.
   */
  static final int INBOUND = 5 * ((1 << 14) + 2048 + 5);

  private static final ThreadLocal<Scratch> CURRENT = ThreadLocal.withInitial(Scratch::new);

  /** Room for one record's plaintext. */
  final MemorySegment record;

  /** A {@code size_t} out-parameter. */
  final MemorySegment count;

  final long countAddress;

  private MemorySegment inbound;

  private Scratch() {
    MemorySegment all = Arena.ofAuto().allocate(RECORD + 64, 64);
    this.count = all.asSlice(0, 8);
    this.record = all.asSlice(64, RECORD);
    this.countAddress = count.address();
  }

  static Scratch get() {
    return CURRENT.get();
  }

  /** Native room for {@link #INBOUND} bytes of ciphertext, allocated on first use. */
  MemorySegment inbound() {
    MemorySegment room = inbound;
    if (room == null) {
      room = Arena.ofAuto().allocate(INBOUND, 64);
      inbound = room;
    }
    return room;
  }

  long count() {
    return count.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
  }
}
