package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLException;

/**
 * The ciphertext side of one {@link OpenSslEngine}: complete TLS records go from the caller's
 * buffer into the connection's read BIO, and what OpenSSL wrote into the write BIO (records,
 * handshake messages, alerts, {@code close_notify}) goes out into the caller's buffer. Two things
 * outlive what the BIOs can hold: one plain record to send after everything queued (an alert the
 * engine makes itself, see {@link #sendAfterQueued}), and, once the connection is freed, whatever
 * was still unsent, kept in a Java array and handed out from there.
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

  /**
   * From this many bytes on, a direct batch is read where it is ({@link #feedForRead}); below it,
   * swapping the read BIO (a new BIO, five calls) costs more than the copy it saves.
   */
  static final int IN_PLACE_MIN_BYTES = 8 * 1024;

  private final Connection connection;
  private boolean freed;

  /** The read-only BIO over the caller's bytes that the connection reads from now, or 0. */
  private long view;

  /** What was still unsent when the connection was freed, or null. */
  private byte[] leftover;

  private int leftoverOffset;

  /** A record to send once the write BIO is empty, or null. */
  private byte[] trailer;

  CiphertextIo(Connection connection) {
    this.connection = connection;
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

  /** Writes {@code length} bytes of {@code src} at {@code index} into the read BIO. */
  void feed(ByteBuffer src, int index, int length) {
    MemorySegment bytes = MemorySegment.ofBuffer(src).asSlice(index - src.position(), length);
    int written = Crypto.bioWrite(connection.readBio(), bytes, length);
    if (written != length) {
      throw SslErrors.outOfMemory("BIO_write");
    }
  }

  /**
   * Gives OpenSSL {@code length} bytes of complete records at {@code index} of {@code src} to read
   * with the next {@code SSL_read_ex} calls, and must be followed by {@link #endRead} once they are
   * made. A large batch in a direct buffer is read where it is: the connection's read BIO is
   * swapped for a read-only memory BIO over those bytes, one copy (into the read BIO) less per
   * record. Anything else is copied in, as {@link #feed} does; so is everything while the read BIO
   * still holds bytes (they come first).
   */
  void feedForRead(ByteBuffer src, int index, int length) {
    if (length < IN_PLACE_MIN_BYTES
        || !src.isDirect()
        || Crypto.bioPending(connection.readBio()) > 0) {
      feed(src, index, length);
      return;
    }
    long address = MemorySegment.ofBuffer(src).address() + (index - src.position());
    long bio = Crypto.bioNewMemView(address, length);
    if (bio == 0) {
      feed(src, index, length);
      return;
    }
    // The connection drops its reference to its own read BIO when it takes the view: keep one.
    Crypto.bioUpRef(connection.readBio());
    Ssl.set0Rbio(connection.ssl(), bio);
    view = bio;
  }

  /**
   * Ends what {@link #feedForRead} began: if the connection read from a view, whatever it left
   * unread is copied into its own read BIO, which it reads from again, and the view is freed. The
   * caller's bytes are not referenced any more afterwards.
   */
  void endRead(Scratch scratch) {
    long bio = view;
    if (bio == 0) {
      return;
    }
    view = 0;
    long unread = Crypto.bioMemData(bio, scratch.countAddress);
    if (unread > 0) {
      // A zero-length segment is enough to pass an address to a downcall.
      MemorySegment rest = MemorySegment.ofAddress(scratch.count());
      if (Crypto.bioWrite(connection.readBio(), rest, (int) unread) != unread) {
        Ssl.set0Rbio(connection.ssl(), connection.readBio());
        throw SslErrors.outOfMemory("BIO_write");
      }
    }
    Ssl.set0Rbio(connection.ssl(), connection.readBio()); // frees the view
  }

  /** Whether anything waits to be sent: in the write BIO, the trailer, or the leftover. */
  boolean hasPendingOutput() {
    if (leftover != null) {
      return leftoverOffset < leftover.length;
    }
    return trailer != null || (!freed && Crypto.bioPending(connection.writeBio()) > 0);
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
    long pending = freed ? 0 : Crypto.bioPending(connection.writeBio());
    if (pending == 0) {
      if (trailer != null && room >= trailer.length) {
        dst.put(trailer);
        int n = trailer.length;
        trailer = null;
        return n;
      }
      return 0;
    }
    int n = (int) Math.min(room, pending);
    int read = Crypto.bioRead(connection.writeBio(), MemorySegment.ofBuffer(dst), n);
    if (read > 0) {
      dst.position(dst.position() + read);
      return read;
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
