package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One engine's native state: the {@code SSL} object and the two memory BIOs it owns (ciphertext in,
 * ciphertext out). The inbound BIO is a read-only memory BIO whose {@code BUF_MEM} the engine
 * points at the caller's records for the duration of one call ({@link CiphertextIo#present}), so
 * OpenSSL reads them where they are instead of from a copy. {@link #free()} releases them exactly
 * once: the engine calls it when it is closed in both directions, and a {@link Cleaner} calls it if
 * an engine is dropped unclosed.
 *
 * <p>The cleaner action is this object, which refers to no engine, so an unreachable engine can be
 * collected.
 */
final class Connection implements Runnable {
  private static final Cleaner CLEANER = Cleaner.create();

  private final long ssl;
  private final long rbio;
  private final long wbio;
  private final long readBufMem;
  private final AtomicLong live;
  private final AtomicBoolean freed = new AtomicBoolean();
  private Cleaner.Cleanable cleanable;

  private Connection(long ssl, long rbio, long wbio, long readBufMem, AtomicLong live) {
    this.ssl = ssl;
    this.rbio = rbio;
    this.wbio = wbio;
    this.readBufMem = readBufMem;
    this.live = live;
  }

  /**
   * Creates the connection of a new engine in client or server mode.
   *
   * @param live the context's count of live connections, counted up now and down when freed
   * @throws IllegalStateException when OpenSSL is out of memory
   */
  static Connection create(long ctx, boolean client, AtomicLong live) {
    long ssl = Ssl.newSsl(ctx);
    if (ssl == 0) {
      throw SslErrors.outOfMemory("SSL_new");
    }
    long rbio = Crypto.bioNewReadOnlyMem();
    long wbio = rbio == 0 ? 0 : Crypto.bioNewMem();
    if (wbio == 0) {
      if (rbio != 0) {
        Crypto.bioFree(rbio);
      }
      Ssl.free(ssl);
      throw SslErrors.outOfMemory("BIO_new");
    }
    long readBufMem = Crypto.bioMemPtr(rbio, Scratch.get().countAddress);
    if (readBufMem == 0) {
      Crypto.bioFree(rbio);
      Crypto.bioFree(wbio);
      Ssl.free(ssl);
      throw SslErrors.outOfMemory("BIO_get_mem_ptr");
    }
    Ssl.setBio(ssl, rbio, wbio);
    Ssl.setClientMode(ssl, client);
    NativeResources.connectionCreated();
    live.incrementAndGet();
    return new Connection(ssl, rbio, wbio, readBufMem, live);
  }

  /** The {@code SSL}. */
  long ssl() {
    return ssl;
  }

  /** The read-only memory BIO OpenSSL reads the peer's records from. */
  long readBio() {
    return rbio;
  }

  /** The {@code BUF_MEM} of {@link #readBio()}: where OpenSSL reads the peer's records from. */
  long readBufMem() {
    return readBufMem;
  }

  /** The memory BIO OpenSSL writes records for the peer into. */
  long writeBio() {
    return wbio;
  }

  /** Frees the native state when {@code owner} becomes unreachable without being closed. */
  void register(Object owner) {
    this.cleanable = CLEANER.register(owner, this);
  }

  boolean isFreed() {
    return freed.get();
  }

  /** Frees the native state now (once; later calls do nothing). */
  void free() {
    if (cleanable != null) {
      cleanable.clean();
    } else {
      run();
    }
  }

  @Override
  public void run() {
    if (freed.compareAndSet(false, true)) {
      TrustVerifier.forget(ssl);
      Ssl.free(ssl); // frees both BIOs too
      NativeResources.connectionFreed();
      live.decrementAndGet();
    }
  }
}
