package io.tern.handler.ssl.openssl.internal;

import io.tern.handler.ssl.openssl.internal.lib.Crypto;
import io.tern.handler.ssl.openssl.internal.lib.Ssl;
import io.tern.handler.ssl.spi.NativeSslEngine;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * An {@link SSLEngine} over one OpenSSL connection ({@code SSL}) whose ciphertext flows through two
 * memory BIOs: {@link #unwrap} writes complete records into the read BIO and lets OpenSSL decrypt
 * them straight into the caller's buffers; {@link #wrap} has OpenSSL encrypt the caller's plaintext
 * and moves the records from the write BIO into the caller's buffer.
 *
 * <h2>State</h2>
 *
 * <pre>
 *   NEW ──beginHandshake/wrap/unwrap──► HANDSHAKING ──SSL_do_handshake = 1──► READY
 *                                           │  ▲                                 │
 *                                           │  └──── beginHandshake (TLS 1.2) ───┘
 *                  a failed handshake call  ▼
 *                                        FAILED (the alert, if any, is still wrapped out)
 * </pre>
 *
 * Closing is orthogonal and kept by {@link EngineClosing}: {@link #closeOutbound()} queues {@code
 * close_notify}; the peer's {@code close_notify} or {@link #closeInbound()} ends the inbound side.
 * Once both sides are closed and nothing is left to wrap (or inbound was closed explicitly, when
 * what is left is kept in a Java array), the native connection is freed: deterministically, on the
 * thread that closed it.
 *
 * <h2>Contract details {@code SslHandler} relies on</h2>
 *
 * <ul>
 *   <li>No delegated tasks: {@link #getDelegatedTask()} is always {@code null}.
 *   <li>{@code FINISHED} is reported once, by the wrap or unwrap after which the handshake is done
 *       and nothing of it is left to send; pending output (handshake messages, alerts, {@code
 *       close_notify}, TLS 1.3 key updates) makes the status {@code NEED_WRAP}.
 *   <li>Unwrap consumes complete records only, and only as many as the destination can hold
 *       (counting a record's plaintext as at most its fragment length and 16 KiB), so plaintext is
 *       never left inside the engine: {@code BUFFER_UNDERFLOW} when not even one record is
 *       complete, {@code BUFFER_OVERFLOW} when the first does not fit.
 *   <li>Wrap fills one record from several source buffers (copied into a per-thread native scratch
 *       record) and encrypts a source that holds a whole record in place.
 * </ul>
 *
 * <h2>Critical calls</h2>
 *
 * Data moves with critical downcalls that read and write heap arrays in place. A critical call must
 * not call back into Java, so {@code SSL_read_ex}/{@code SSL_write_ex} run only in {@code READY}
 * (handshake callbacks — ALPN, OCSP, custom trust — run only inside {@code SSL_do_handshake}), and
 * renegotiation requests from the peer are refused ({@code SSL_OP_NO_RENEGOTIATION}).
 *
 * <p>Not thread-safe, like every {@code SSLEngine}: one thread at a time (the channel's event
 * loop). Its session may be read from any thread.
 */
final class OpenSslEngine extends SSLEngine implements NativeSslEngine {
  private static final int MAX_PLAINTEXT = Scratch.RECORD;

  /** Room a record needs beyond its plaintext (header, explicit nonce, tag, padding). */
  private static final int MAX_RECORD_OVERHEAD =
      OpenSslSession.PACKET_BUFFER_SIZE - OpenSslSession.APPLICATION_BUFFER_SIZE;

  /** An unencrypted alert record: fatal, unexpected_message. */
  private static final byte[] UNEXPECTED_MESSAGE_RECORD = {21, 3, 3, 0, 2, 2, 10};

  private final OpenSslContext context;
  private final CiphertextIo io;
  private final long ssl;
  private final OpenSslSession session;
  private final EngineSettings settings;

  private final EngineClosing closing;

  private EngineState state = EngineState.NEW;
  private boolean finishedToReport;
  private long rememberedSession;
  private String applicationProtocol;

  OpenSslEngine(
      OpenSslContext context,
      Connection connection,
      EngineSettings settings,
      String peerHost,
      int peerPort) {
    super(peerHost, peerPort);
    this.context = context;
    this.io = new CiphertextIo(connection);
    this.ssl = connection.ssl();
    this.closing = new EngineClosing(ssl, io);
    this.settings = settings;
    this.session = new OpenSslSession(context.sessionContext(), peerHost, peerPort);
    connection.register(this);
  }

  long ssl() {
    return ssl;
  }

  /** The host a client checks the server's certificate against, or null. */
  String hostToVerify() {
    return settings.peerHostToVerify();
  }

  // ---------------------------------------------------------------------------------------------
  // Handshake

  @Override
  public void beginHandshake() throws SSLException {
    switch (state) {
      case NEW -> startHandshake();
      case READY -> {
        if (closing.eitherClosed() || io.isFreed()) {
          throw new SSLException("the engine is closed");
        }
        rehandshake();
      }
      case HANDSHAKING -> {}
      case FAILED -> throw new SSLException("the engine failed");
    }
  }

  private void startHandshake() throws SSLException {
    if (io.isFreed() || closing.outboundClosed()) {
      throw new SSLException("the engine is closed");
    }
    settings.applyBeforeHandshake(ssl);
    state = EngineState.HANDSHAKING;
    if (settings.client()) {
      handshakeStep(); // the ClientHello, waiting in the write BIO
    }
  }

  /** TLS 1.2: renegotiation; TLS 1.3: a key update, as the JDK does. */
  private void rehandshake() throws SSLException {
    if (Ssl.versionNumber(ssl) >= Ssl.TLS1_3_VERSION) {
      int rc = Ssl.keyUpdate(ssl, Ssl.KEY_UPDATE_REQUESTED);
      io.outputMayHaveGrown();
      if (rc != 1) {
        throw fail(Ssl.ERROR_SSL, false);
      }
      return;
    }
    Ssl.clearOptions(ssl, Ssl.OP_NO_RENEGOTIATION);
    if (Ssl.renegotiate(ssl) != 1) {
      throw fail(Ssl.ERROR_SSL, false);
    }
    state = EngineState.HANDSHAKING;
    handshakeStep();
  }

  /** Runs the handshake as far as the bytes in hand allow; completes it when OpenSSL says so. */
  private void handshakeStep() throws SSLException {
    int rc = Ssl.doHandshake(ssl);
    io.outputMayHaveGrown();
    if (rc == 1) {
      handshakeDone();
      return;
    }
    int error = Ssl.getError(ssl, rc);
    if (error == Ssl.ERROR_ZERO_RETURN) {
      // The peer gave up (close_notify) mid-handshake. OpenSSL answers nothing; answer with a
      // fatal alert alone, as the JDK does, so that the peer's handshake ends too (handshake
      // messages still unsent would let it finish first).
      state = EngineState.FAILED;
      finishedToReport = false;
      io.sendInstead(UNEXPECTED_MESSAGE_RECORD);
      Crypto.errClear();
      throw new SSLHandshakeException("the peer closed the connection during the handshake");
    }
    if (error != Ssl.ERROR_WANT_READ && error != Ssl.ERROR_WANT_WRITE) {
      throw fail(error, true);
    }
  }

  private void handshakeDone() {
    state = EngineState.READY;
    finishedToReport = true;
    Ssl.setOptions(ssl, Ssl.OP_NO_RENEGOTIATION);
    applicationProtocol = Ssl.alpnSelected(ssl);
    OpenSslSession.Snapshot snapshot = context.snapshot(ssl, settings.client());
    session.completed(snapshot);
    context.handshakeCompleted(snapshot.resumed());
    if (settings.client()) {
      rememberSession();
    }
  }

  /**
   * Keeps the connection's session for resumption once it can be resumed: right after a TLS 1.2
   * handshake, after a TLS 1.3 NewSessionTicket. Checked after every read on a client (one call),
   * since tickets arrive after the handshake; each resumable session is kept once.
   */
  private void rememberSession() {
    long current = Ssl.session(ssl);
    if (current != rememberedSession && current != 0 && Ssl.sessionResumable(current)) {
      rememberedSession = current;
      context.clientSessions().put(getPeerHost(), getPeerPort(), ssl);
    }
  }

  private SSLException fail(int sslError, boolean handshake) {
    boolean duringHandshake = handshake || state != EngineState.READY;
    state = EngineState.FAILED;
    finishedToReport = false;
    return SslErrors.exception(ssl, sslError, duringHandshake, settings.peerHostToVerify());
  }

  @Override
  public Runnable getDelegatedTask() {
    return null;
  }

  @Override
  public HandshakeStatus getHandshakeStatus() {
    if (io.hasPendingOutput()) {
      return HandshakeStatus.NEED_WRAP;
    }
    if (state == EngineState.HANDSHAKING && !closing.eitherClosed() && !io.isFreed()) {
      return HandshakeStatus.NEED_UNWRAP;
    }
    return HandshakeStatus.NOT_HANDSHAKING;
  }

  private HandshakeStatus resultHandshakeStatus() {
    if (finishedToReport && !io.hasPendingOutput()) {
      finishedToReport = false;
      return HandshakeStatus.FINISHED;
    }
    return getHandshakeStatus();
  }

  private SSLEngineResult result(Status status, int consumed, int produced) {
    closing.tryFree(state);
    return new SSLEngineResult(status, resultHandshakeStatus(), consumed, produced);
  }

  // ---------------------------------------------------------------------------------------------
  // Wrap

  @Override
  public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst)
      throws SSLException {
    Objects.checkFromIndexSize(offset, length, srcs.length);
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    if (state == EngineState.NEW && !closing.outboundClosed()) {
      startHandshake();
    }
    if (io.hasPendingOutput()) {
      int produced = io.drainOutput(dst);
      if (produced == 0) {
        return result(Status.BUFFER_OVERFLOW, 0, 0);
      }
      return result(closing.outboundDone(state) ? Status.CLOSED : Status.OK, 0, produced);
    }
    if (closing.outboundClosed() || state == EngineState.FAILED || io.isFreed()) {
      return result(Status.CLOSED, 0, 0);
    }
    if (state == EngineState.HANDSHAKING) {
      handshakeStep();
      int produced = io.drainOutput(dst);
      if (produced == 0 && io.hasPendingOutput()) {
        return result(Status.BUFFER_OVERFLOW, 0, 0);
      }
      return result(Status.OK, 0, produced);
    }
    long available = remaining(srcs, offset, length);
    if (available == 0) {
      return result(Status.OK, 0, 0);
    }
    // One record per call, as the JDK's engine does: callers size their batches by it.
    int chunk = (int) Math.min(available, MAX_PLAINTEXT);
    if (dst.remaining() < chunk + MAX_RECORD_OVERHEAD) {
      return result(Status.BUFFER_OVERFLOW, 0, 0);
    }
    writeRecord(srcs, offset, length, chunk);
    return result(Status.OK, chunk, io.drainOutput(dst));
  }

  /** Encrypts {@code chunk} bytes from the sources into one record in the write BIO. */
  private void writeRecord(ByteBuffer[] srcs, int offset, int length, int chunk)
      throws SSLException {
    int first = offset;
    while (!srcs[first].hasRemaining()) {
      first++;
    }
    ByteBuffer src = srcs[first];
    Scratch scratch = Scratch.get();
    MemorySegment plaintext;
    if (src.remaining() >= chunk) {
      plaintext = MemorySegment.ofBuffer(src);
    } else {
      // Several buffers make this record: gather them so the record is full, not one per buffer.
      int filled = 0;
      for (int i = first; i < offset + length && filled < chunk; i++) {
        ByteBuffer b = srcs[i];
        int n = Math.min(b.remaining(), chunk - filled);
        if (n > 0) {
          MemorySegment.copy(MemorySegment.ofBuffer(b), 0, scratch.record, filled, n);
          filled += n;
        }
      }
      plaintext = scratch.record;
    }
    int rc = Ssl.write(ssl, plaintext, chunk, scratch.countAddress);
    io.outputMayHaveGrown();
    if (rc != 1) {
      throw fail(Ssl.getError(ssl, rc), false);
    }
    // Only now that OpenSSL took the bytes do the sources move on.
    int left = chunk;
    for (int i = first; left > 0; i++) {
      ByteBuffer b = srcs[i];
      int n = Math.min(b.remaining(), left);
      b.position(b.position() + n);
      left -= n;
    }
  }

  private static long remaining(ByteBuffer[] buffers, int offset, int length) {
    long sum = 0;
    for (int i = offset; i < offset + length; i++) {
      sum += buffers[i].remaining();
    }
    return sum;
  }

  // ---------------------------------------------------------------------------------------------
  // Unwrap

  @Override
  public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length)
      throws SSLException {
    Objects.checkFromIndexSize(offset, length, dsts.length);
    for (int i = offset; i < offset + length; i++) {
      if (dsts[i].isReadOnly()) {
        throw new ReadOnlyBufferException();
      }
    }
    if (state == EngineState.NEW && !closing.inboundClosed()) {
      startHandshake();
    }
    if (isInboundDone() || state == EngineState.FAILED || io.isFreed()) {
      return result(Status.CLOSED, 0, 0);
    }
    int start = src.position();
    int consumed = 0;
    int produced = 0;
    if (state == EngineState.HANDSHAKING && closing.outboundClosed()) {
      // Closed while handshaking: the peer was told (close_notify); nothing it sends completes
      // this handshake any more.
      state = EngineState.FAILED;
      src.position(src.limit());
      throw new SSLHandshakeException("the handshake was aborted: the outbound side is closed");
    }
    while (state == EngineState.HANDSHAKING) {
      int record = CiphertextIo.completeRecord(src, start + consumed);
      if (record == 0) {
        if (consumed == 0) {
          return result(Status.BUFFER_UNDERFLOW, 0, 0);
        }
        break;
      }
      io.present(src, start + consumed, record);
      int unread;
      try {
        handshakeStep();
      } finally {
        unread = io.withdraw();
      }
      consumed += record - unread;
      if (unread > 0) {
        break; // the handshake ended before this record: it is read below, as data
      }
    }
    if (state == EngineState.READY) {
      long room = remaining(dsts, offset, length);
      int presentable = CiphertextIo.maxPresentable(src);
      int span = 0;
      long needed = 0;
      for (; ; ) {
        int record = CiphertextIo.completeRecord(src, start + consumed + span);
        if (record == 0 || span + record > presentable) {
          break;
        }
        int plaintext = Math.min(record - CiphertextIo.RECORD_HEADER, MAX_PLAINTEXT);
        if (needed + plaintext > room) {
          break;
        }
        needed += plaintext;
        span += record;
      }
      if (span > 0) {
        io.present(src, start + consumed, span);
        int unread;
        try {
          produced = readPlaintext(dsts, offset, length);
        } finally {
          unread = io.withdraw();
        }
        // After the peer's close_notify nothing more is read: what follows it is dropped.
        consumed += closing.receivedCloseNotify() ? span : span - unread;
        if (settings.client()) {
          rememberSession();
        }
      } else if (consumed == 0) {
        src.position(start);
        return result(
            CiphertextIo.completeRecord(src, start) == 0
                ? Status.BUFFER_UNDERFLOW
                : Status.BUFFER_OVERFLOW,
            0,
            0);
      }
    }
    src.position(start + consumed);
    return result(closing.receivedCloseNotify() ? Status.CLOSED : Status.OK, consumed, produced);
  }

  /** Decrypts what the read BIO holds into the destinations. */
  private int readPlaintext(ByteBuffer[] dsts, int offset, int length) throws SSLException {
    Scratch scratch = Scratch.get();
    int produced = 0;
    int i = offset;
    while (i < offset + length) {
      ByteBuffer dst = dsts[i];
      if (!dst.hasRemaining()) {
        i++;
        continue;
      }
      int requested = dst.remaining();
      int rc = Ssl.read(ssl, MemorySegment.ofBuffer(dst), requested, scratch.countAddress);
      io.outputMayHaveGrown();
      if (rc == 1) {
        int n = (int) scratch.count();
        dst.position(dst.position() + n);
        produced += n;
        if (n < requested && io.unread() == 0) {
          // OpenSSL reads one record at a time (no read-ahead): a record that did not fill the
          // room is used up, and the BIO holds no other, so another read would only say so.
          break;
        }
        continue;
      }
      int error = Ssl.getError(ssl, rc);
      if (error == Ssl.ERROR_WANT_READ) {
        break;
      }
      if (error == Ssl.ERROR_ZERO_RETURN) {
        closing.closeNotifyReceived();
        break;
      }
      throw fail(error, false);
    }
    return produced;
  }

  // ---------------------------------------------------------------------------------------------
  // Closing (EngineClosing)

  @Override
  public void closeOutbound() {
    closing.closeOutbound(state);
  }

  @Override
  public boolean isOutboundDone() {
    return closing.outboundDone(state);
  }

  @Override
  public void closeInbound() throws SSLException {
    closing.closeInbound(state);
  }

  @Override
  public boolean isInboundDone() {
    return closing.inboundDone();
  }

  // ---------------------------------------------------------------------------------------------
  // Configuration

  @Override
  public String[] getSupportedCipherSuites() {
    return context.supportedCipherSuites().toArray(String[]::new);
  }

  @Override
  public String[] getEnabledCipherSuites() {
    return settings.cipherSuites().toArray(String[]::new);
  }

  @Override
  public void setEnabledCipherSuites(String[] suites) {
    settings.cipherSuites(List.of(suites));
  }

  @Override
  public String[] getSupportedProtocols() {
    return EngineSettings.SUPPORTED_PROTOCOLS.toArray(String[]::new);
  }

  @Override
  public String[] getEnabledProtocols() {
    return settings.protocols().toArray(String[]::new);
  }

  @Override
  public void setEnabledProtocols(String[] protocols) {
    settings.protocols(List.of(protocols));
  }

  @Override
  public SSLSession getSession() {
    return session;
  }

  @Override
  public SSLSession getHandshakeSession() {
    return state == EngineState.HANDSHAKING ? session : null;
  }

  @Override
  public void setUseClientMode(boolean mode) {
    if (state != EngineState.NEW) {
      throw new IllegalArgumentException("the handshake has started");
    }
    if (mode != settings.client()) {
      settings.client(mode);
      Ssl.setClientMode(ssl, mode);
    }
  }

  @Override
  public boolean getUseClientMode() {
    return settings.client();
  }

  @Override
  public void setNeedClientAuth(boolean need) {
    settings.clientAuth(need, false);
  }

  @Override
  public boolean getNeedClientAuth() {
    return settings.needClientAuth();
  }

  @Override
  public void setWantClientAuth(boolean want) {
    settings.clientAuth(false, want);
  }

  @Override
  public boolean getWantClientAuth() {
    return settings.wantClientAuth();
  }

  @Override
  public void setEnableSessionCreation(boolean flag) {
    settings.sessionCreation(flag);
  }

  @Override
  public boolean getEnableSessionCreation() {
    return settings.sessionCreation();
  }

  @Override
  public String getApplicationProtocol() {
    if (state == EngineState.NEW || state == EngineState.HANDSHAKING) {
      return null;
    }
    return applicationProtocol == null ? "" : applicationProtocol;
  }

  @Override
  public String getHandshakeApplicationProtocol() {
    return state == EngineState.HANDSHAKING ? applicationProtocol : null;
  }

  @Override
  public SSLParameters getSSLParameters() {
    return settings.parameters();
  }

  @Override
  public void setSSLParameters(SSLParameters params) {
    settings.parameters(params);
  }

  @Override
  public String toString() {
    List<String> flags = new ArrayList<>();
    flags.add(settings.client() ? "client" : "server");
    flags.add(state.name());
    if (closing.outboundClosed()) {
      flags.add("outbound closed");
    }
    if (isInboundDone()) {
      flags.add("inbound closed");
    }
    return "OpenSslEngine" + flags;
  }
}
