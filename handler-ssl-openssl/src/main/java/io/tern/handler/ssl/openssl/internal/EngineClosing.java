package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import javax.net.ssl.SSLException;

/**
 * The closing half of one {@link OpenSslEngine}: which directions are closed, how {@code
 * close_notify} is sent (by OpenSSL once the handshake is done, as a plain alert record of our own
 * while it runs), and when the native connection is freed. The engine keeps the handshake state and
 * passes it in; this class never changes it.
 *
 * <p>The connection is freed once nothing more can happen on it: both directions closed and nothing
 * left to wrap, or inbound closed explicitly on top of outbound (then what was still unsent is kept
 * in a Java array by {@link CiphertextIo#free()}). Freeing happens on the thread that closed the
 * engine.
 *
 * <p>Not thread-safe: the engine's thread.
 */
final class EngineClosing {
  /** An unencrypted alert record: warning, close_notify. */
  private static final byte[] CLOSE_NOTIFY_RECORD = {21, 3, 3, 0, 2, 1, 0};

  private final long ssl;
  private final CiphertextIo io;
  private boolean outboundClosed;
  private boolean inboundClosed;
  private boolean receivedCloseNotify;

  EngineClosing(long ssl, CiphertextIo io) {
    this.ssl = ssl;
    this.io = io;
  }

  /** Whether {@code closeOutbound} was called. */
  boolean outboundClosed() {
    return outboundClosed;
  }

  /** Whether {@code closeInbound} was called. */
  boolean inboundClosed() {
    return inboundClosed;
  }

  /** Whether either direction was closed by the engine's user. */
  boolean eitherClosed() {
    return outboundClosed || inboundClosed;
  }

  /** Whether the peer's {@code close_notify} was read. */
  boolean receivedCloseNotify() {
    return receivedCloseNotify;
  }

  /** Notes that OpenSSL read the peer's {@code close_notify}. */
  void closeNotifyReceived() {
    receivedCloseNotify = true;
  }

  /** Whether nothing more will be read: closed explicitly, or the peer's close_notify read. */
  boolean inboundDone() {
    return inboundClosed || receivedCloseNotify;
  }

  /** Whether nothing more will be wrapped: closed or failed, and everything queued sent. */
  boolean outboundDone(EngineState state) {
    return (outboundClosed || state == EngineState.FAILED || io.isFreed())
        && !io.hasPendingOutput();
  }

  /** Closes the outbound side: {@code close_notify} goes out after what is already queued. */
  void closeOutbound(EngineState state) {
    if (outboundClosed) {
      return;
    }
    outboundClosed = true;
    if (state == EngineState.READY && !io.isFreed()) {
      int rc = Ssl.shutdown(ssl);
      io.outputMayHaveGrown();
      if (rc < 0) {
        Crypto.errClear(); // nothing to send after all; the connection ends anyway
      }
    } else if (state == EngineState.HANDSHAKING && !io.isFreed()) {
      // OpenSSL cannot shut a connection down mid-handshake. A close_notify in a plaintext record,
      // after what is already queued, tells the peer to give up: it either takes it as such or
      // fails on a record it did not expect — either way the handshake ends on both sides, as
      // with the JDK's engine.
      io.sendAfterQueued(CLOSE_NOTIFY_RECORD);
    }
    tryFree(state);
  }

  /**
   * Closes the inbound side.
   *
   * @throws SSLException after the handshake, when the peer's {@code close_notify} was not read
   *     (the side is closed all the same)
   */
  void closeInbound(EngineState state) throws SSLException {
    if (inboundClosed) {
      return;
    }
    inboundClosed = true;
    boolean abrupt = state == EngineState.READY && !receivedCloseNotify;
    tryFree(state);
    if (abrupt) {
      throw new SSLException("inbound closed before the peer's close_notify");
    }
  }

  /** Frees the native connection if nothing more can happen on it (see the class description). */
  void tryFree(EngineState state) {
    if (io.isFreed()) {
      return;
    }
    boolean outboundOver = outboundClosed || state == EngineState.FAILED;
    if (!outboundOver || !inboundDone()) {
      return;
    }
    if (!inboundClosed && io.hasPendingOutput()) {
      return; // the close_notify or alert is still to be wrapped
    }
    io.free(); // what is left unsent (inbound closed explicitly) is kept in a Java array
  }
}
