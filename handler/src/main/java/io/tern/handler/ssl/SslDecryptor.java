package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import io.tern.handler.ssl.spi.NativeSslEngine;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;

/**
 * The inbound half of an {@link SslHandler}: everything that calls {@link SSLEngine#unwrap}. It
 * finds the complete records at the start of the cumulation (a batch of up to {@code
 * maxBatchBytes}), copies a batch in direct memory to the heap once (not for a {@link
 * NativeSslEngine}, which decrypts from native memory in place), decrypts it into one buffer from
 * the channel's allocator and fires that buffer as {@code channelRead}. It remembers whether it
 * fired something in the current read burst.
 *
 * <p>The handler keeps the connection's state (handshake, closing, failure) and decides whether
 * records are decrypted at all; when an unwrap reports handshake progress, the decryptor hands it
 * back through {@link UnwrapSteps}.
 *
 * <p>Owned by one handler, on its event loop.
 */
final class SslDecryptor {
  /** What the handler does and tells while a batch is unwrapped. */
  interface UnwrapSteps {
    /**
     * Acts on a handshake status an unwrap returned (runs tasks, wraps handshake messages,
     * completes the handshake).
     */
    void onStatus(ChannelHandlerContext ctx, HandshakeStatus status) throws SSLException;

    /**
     * Tells whether the connection failed meanwhile (a handler reacting to an event may fail it):
     * the rest of the batch is then left undecrypted.
     */
    boolean failed();
  }

  private final SSLEngine engine;
  private final int maxBatchBytes;
  private final boolean nativeEngine;
  private boolean firedRead;

  SslDecryptor(SSLEngine engine, int maxBatchBytes) {
    this.engine = engine;
    this.maxBatchBytes = maxBatchBytes;
    this.nativeEngine = engine instanceof NativeSslEngine;
  }

  /**
   * Returns the length of the complete records at {@code in}'s reader index, adding records while
   * fewer than {@code maxBatchBytes} are counted.
   *
   * @param refuseHandshakeRecords whether a handshake record is refused: after a TLS 1.2 (or
   *     earlier) handshake, one would be a renegotiation
   * @return bytes of complete records, 0 if not even one is complete
   * @throws SSLException a record header that is not TLS, or a refused handshake record
   */
  int completeRecords(ByteBuf in, boolean refuseHandshakeRecords) throws SSLException {
    int start = in.readerIndex();
    int end = in.writerIndex();
    int length = 0;
    while (length < maxBatchBytes) {
      int packet = SslRecords.packetLength(in, start + length);
      if (packet == SslRecords.NEED_MORE || packet > end - start - length) {
        break;
      }
      if (refuseHandshakeRecords && in.getUnsignedByte(start + length) == SslRecords.HANDSHAKE) {
        throw new SSLException("TLS renegotiation refused");
      }
      length += packet;
    }
    return length;
  }

  /**
   * Decrypts the {@code length} bytes of complete records at {@code in}'s reader index into one
   * buffer and fires it as {@code channelRead} if it holds any plaintext; moves the reader index
   * past what the engine consumed.
   *
   * @return {@code true} if the peer's {@code close_notify} arrived (nothing follows it)
   * @throws SSLException the engine rejected a record or a handshake step failed
   */
  boolean unwrap(ChannelHandlerContext ctx, ByteBuf in, int length, UnwrapSteps steps)
      throws SSLException {
    int start = in.readerIndex();
    ByteBuf batchCopy = null;
    ByteBuffer src;
    if (in.hasArray() || (nativeEngine && in.isDirect() && in.nioBufferCount() == 1)) {
      src = in.nioBuffer(start, length);
    } else {
      // The JDK decrypts in place, and its AES-GCM runs on arrays only: a direct record would go
      // through its 768-byte copy loop. One copy of the batch onto the heap costs less. (A native
      // engine gets one contiguous copy only when the cumulation is made of several buffers.)
      batchCopy = nativeEngine ? ctx.alloc().directBuffer(length) : ctx.alloc().heapBuffer(length);
      batchCopy.writeBytes(in, start, length);
      src = batchCopy.nioBuffer(0, length);
    }
    ByteBuf decoded = ctx.alloc().buffer(length);
    boolean closed = false;
    try {
      while (src.hasRemaining() && !steps.failed()) {
        ByteBuffer dst = decoded.nioBuffer(decoded.writerIndex(), decoded.writableBytes());
        SSLEngineResult result = engine.unwrap(src, dst);
        decoded.writerIndex(decoded.writerIndex() + result.bytesProduced());
        Status status = result.getStatus();
        if (status == Status.BUFFER_OVERFLOW) {
          decoded.ensureWritable(engine.getSession().getApplicationBufferSize());
          continue;
        }
        steps.onStatus(ctx, result.getHandshakeStatus());
        if (status == Status.CLOSED) {
          closed = true;
          break;
        }
        if (status == Status.BUFFER_UNDERFLOW
            || (result.bytesConsumed() == 0 && result.bytesProduced() == 0)) {
          break; // complete records only, so this means the engine wants nothing more now
        }
      }
      in.readerIndex(start + (length - src.remaining()));
      if (decoded.isReadable()) {
        ByteBuf msg = decoded;
        decoded = null;
        firedRead = true;
        ctx.fireChannelRead(msg);
      }
    } finally {
      if (decoded != null) {
        decoded.release();
      }
      if (batchCopy != null) {
        batchCopy.release();
      }
    }
    return closed;
  }

  /**
   * Tells whether {@link #unwrap} fired plaintext since {@link #forgetFiredRead()}.
   *
   * @return {@code true} if a {@code channelRead} was fired
   */
  boolean firedRead() {
    return firedRead;
  }

  /** Starts the next read burst: {@link #firedRead()} is {@code false} until plaintext is fired. */
  void forgetFiredRead() {
    firedRead = false;
  }
}
