package io.tern.handler.ssl.openssl.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLException;

/**
 * The ciphertext side of one {@link OpenSslEngine}: complete TLS records in the caller's buffer are
 * lent to the connection's read BIO for the duration of a call (OpenSSL reads them where they are,
 * or from one per-thread copy when they are on the heap), and what OpenSSL wrote into the write BIO
 * (records, handshake messages, alerts, {@code close_notify}) goes out into the caller's buffer.
 * Two things outlive what the BIOs can hold: one plain record to send after everything queued (an
 * alert the engine makes itself, see {@link #sendAfterQueued}), and, once the connection is freed,
 * whatever was still unsent, kept in a Java array and handed out from there.
 *
 * <p>The engine decides when records are read and written and when the connection ends; this class
 * only moves bytes and never looks at the handshake state.
 *
 * <p>Not thread-safe: the engine's thread.
 */
final class CiphertextIo {
  /** Bytes of a record's header: type, version, fragment length. */
  static final int RECORD_HEADER = 5;

  /** A record's fragment may not exceed 2^14 plus 2048 bytes of expansion. */
  private static final int MAX_FRAGMENT = (1 << 14) + 2048;

  private static final long UNKNOWN = -1;

  private final Connection connection;

  /** The read BIO's {@code BUF_MEM}, which {@link #present} points at the caller's records. */
  private final MemorySegment readBufMem;

  /**
   * The write BIO's length as far as known without asking OpenSSL, or {@link #UNKNOWN}: only
   * OpenSSL calls make it grow, and the engine says when it made one.
   */
  private long pendingOutput = UNKNOWN;

  private boolean freed;

  /** What was still unsent when the connection was freed, or null. */
  private byte[] leftover;

  private int leftoverOffset;

  /** A record to send once the write BIO is empty, or null. */
  private byte[] trailer;

  @SuppressWarnings("restricted") // the BUF_MEM lives as long as the connection, which we free
  CiphertextIo(Connection connection) {
    this.connection = connection;
    this.readBufMem =
        MemorySegment.ofAddress(connection.readBufMem()).reinterpret(Crypto.BUF_MEM_SIZE);
  }

  /**
   * Returns the length of the complete record at {@code index} of {@code src}, 0 when it is not
   * complete yet.
   *
   * @throws SSLException if the header announces more than a record may hold
   */
  static int completeRecord(ByteBuffer src, int index) throws SSLException {
    if (src.limit() - index < RECORD_HEADER) {
      return 0;
    }
    int fragment = ((src.get(index + 3) & 0xff) << 8) | (src.get(index + 4) & 0xff);
    if (fragment > MAX_FRAGMENT) {
      throw new SSLException("TLS record too long: " + fragment + " bytes");
    }
    int record = RECORD_HEADER + fragment;
    return src.limit() - index >= record ? record : 0;
  }

  /**
   * Lets OpenSSL read {@code length} bytes of {@code src} at {@code index}, until {@link
   * #withdraw}: in place when {@code src} is in native memory, else from a per-thread native copy
   * (at most {@link #maxPresentable(ByteBuffer)} bytes). The caller must call {@link #withdraw}
   * before it returns, even when OpenSSL fails.
   */
  void present(ByteBuffer src, int index, int length) {
    MemorySegment all = MemorySegment.ofBuffer(src);
    long address;
    if (all.isNative()) {
      address = all.address() + (index - src.position());
    } else {
      MemorySegment room = Scratch.get().inbound();
      MemorySegment.copy(all, index - src.position(), room, 0, length);
      address = room.address();
    }
    readBufMem.set(JAVA_LONG, Crypto.BUF_MEM_DATA, address);
    readBufMem.set(JAVA_LONG, Crypto.BUF_MEM_LENGTH, length);
    readBufMem.set(JAVA_LONG, Crypto.BUF_MEM_MAX, length);
  }

  /** How many bytes of {@code src} {@link #present} takes in one go. */
  static int maxPresentable(ByteBuffer src) {
    return src.isDirect() ? Integer.MAX_VALUE : Scratch.INBOUND;
  }

  /** Bytes of the presented ones that OpenSSL has not read yet. */
  long unread() {
    return readBufMem.get(JAVA_LONG, Crypto.BUF_MEM_LENGTH);
  }

  /**
   * Takes back what {@link #present} lent: OpenSSL sees an empty BIO again, and no pointer into the
   * caller's memory is left behind.
   *
   * @return the bytes OpenSSL did not read
   */
  int withdraw() {
    int unread = (int) unread();
    readBufMem.set(JAVA_LONG, Crypto.BUF_MEM_LENGTH, 0L);
    readBufMem.set(JAVA_LONG, Crypto.BUF_MEM_MAX, 0L);
    readBufMem.set(JAVA_LONG, Crypto.BUF_MEM_DATA, Crypto.emptyAddress());
    return unread;
  }

  /**
   * Forgets what is known about the write BIO's length: OpenSSL was called and may have written
   * into it.
   */
  void outputMayHaveGrown() {
    pendingOutput = UNKNOWN;
  }

  private long pendingOutput() {
    long pending = pendingOutput;
    if (pending == UNKNOWN) {
      pending = Crypto.bioPending(connection.writeBio());
      pendingOutput = pending;
    }
    return pending;
  }

  /** Whether anything waits to be sent: in the write BIO, the trailer, or the leftover. */
  boolean hasPendingOutput() {
    if (leftover != null) {
      return leftoverOffset < leftover.length;
    }
    return trailer != null || (!freed && pendingOutput() > 0);
  }

  /**
   * Moves what waits to be sent into {@code dst}, as much as fits: the write BIO's bytes first,
   * then the trailer (whole or not at all).
   *
   * @return the number of bytes put into {@code dst}
   */
  int drainOutput(ByteBuffer dst) {
    int room = dst.remaining();
    if (room == 0) {
      return 0;
    }
    if (leftover != null) {
      int n = Math.min(room, leftover.length - leftoverOffset);
      dst.put(leftover, leftoverOffset, n);
      leftoverOffset += n;
      return n;
    }
    long pending = freed ? 0 : pendingOutput;
    if (pending != 0) {
      // Unknown length: ask for all the room has, which says whether anything is left.
      int n = pending == UNKNOWN ? room : (int) Math.min(room, pending);
      int read = Crypto.bioRead(connection.writeBio(), MemorySegment.ofBuffer(dst), n);
      if (read > 0) {
        dst.position(dst.position() + read);
        if (pending == UNKNOWN) {
          pendingOutput = read < n ? 0 : UNKNOWN;
        } else {
          pendingOutput = pending - read;
        }
        return read;
      }
      pendingOutput = 0; // a memory BIO reads nothing only when it is empty
    }
    if (trailer != null && room >= trailer.length) {
      dst.put(trailer);
      int n = trailer.length;
      trailer = null;
      return n;
    }
    return 0;
  }

  /** Sends {@code record} (a plain alert record) after everything already queued. */
  void sendAfterQueued(byte[] record) {
    trailer = record.clone();
  }

  /** Drops everything queued in the write BIO and sends {@code record} alone instead. */
  void sendInstead(byte[] record) {
    Crypto.bioReset(connection.writeBio());
    pendingOutput = 0;
    trailer = record.clone();
  }

  /** Whether the native connection is freed. */
  boolean isFreed() {
    return freed;
  }

  /**
   * Frees the native connection, keeping what was still unsent (the write BIO's bytes and the
   * trailer) in a Java array for {@link #drainOutput}. Once only.
   */
  void free() {
    if (freed) {
      return;
    }
    withdraw();
    long pending = Crypto.bioPending(connection.writeBio());
    int trailing = trailer == null ? 0 : trailer.length;
    if (pending + trailing > 0) {
      byte[] rest = new byte[(int) pending + trailing];
      Crypto.bioRead(connection.writeBio(), MemorySegment.ofArray(rest), (int) pending);
      if (trailer != null) {
        System.arraycopy(trailer, 0, rest, (int) pending, trailing);
        trailer = null;
      }
      leftover = rest;
      leftoverOffset = 0;
    }
    freed = true;
    Crypto.errClear();
    connection.free();
  }
}
