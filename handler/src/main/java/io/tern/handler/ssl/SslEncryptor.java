package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Promise;
import io.tern.handler.ssl.spi.NativeSslEngine;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;

/**
 * The outbound half of an {@link SslHandler}: everything that calls {@link SSLEngine#wrap}. It
 * queues the plaintext written through the handler, encrypts it on flush into as few records as the
 * sizes allow, several records per outbound buffer, and completes each write's promise with the
 * buffer holding the end of its data; it also wraps handshake and alert messages and the {@code
 * close_notify}. It remembers whether it wrote something that still needs a flush.
 *
 * <p>The handler keeps the connection's state (handshake, closing, failure) and the inbound half;
 * when a wrap reports handshake progress, the encryptor hands it back through {@link
 * HandshakeSteps}.
 *
 * <p>Owned by one handler, on its event loop.
 */
final class SslEncryptor {
  /** Plaintext in one TLS record. */
  private static final int MAX_PLAINTEXT = 16 * 1024;

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  /** What the handler does when a wrap moves the handshake on. */
  interface HandshakeSteps {
    /**
     * Acts on a handshake status a wrap of application data returned (runs tasks, wraps handshake
     * messages, completes the handshake).
     */
    void onStatus(ChannelHandlerContext ctx, HandshakeStatus status) throws SSLException;

    /** The handshake finished while wrapping handshake messages. */
    void onFinished(ChannelHandlerContext ctx) throws SSLException;
  }

  private final SSLEngine engine;
  private final int maxBatchBytes;
  private final boolean nativeEngine;
  private final SslPendingWrites pending = new SslPendingWrites();
  private final List<Promise<Void>> wrapped = new ArrayList<>();
  private int recordOverhead = 64;
  private boolean needsFlush;

  SslEncryptor(SSLEngine engine, int maxBatchBytes) {
    this.engine = engine;
    this.maxBatchBytes = maxBatchBytes;
    this.nativeEngine = engine instanceof NativeSslEngine;
  }

  // ---------------------------------------------------------------------------------------------
  // Queued plaintext

  /** Queues a write until the next {@link #wrapPending}; the encryptor owns {@code buf} now. */
  void queue(ByteBuf buf, Promise<Void> promise) {
    pending.add(buf, promise);
  }

  boolean hasPending() {
    return !pending.isEmpty();
  }

  /** Releases the queued writes and fails their promises. */
  void failPending(Throwable cause) {
    pending.failAll(cause);
  }

  // ---------------------------------------------------------------------------------------------
  // Flush bookkeeping

  /** Notes that something was written that the next flush must push. */
  void requestFlush() {
    needsFlush = true;
  }

  /** Notes that the channel was just flushed. */
  void flushed() {
    needsFlush = false;
  }

  /** Flushes the channel if something was written since the last flush. */
  void flushIfNeeded(ChannelHandlerContext ctx) {
    if (needsFlush) {
      needsFlush = false;
      ctx.flush();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Wrapping

  /**
   * Encrypts the queued writes: each wrap fills one record from as many queued buffers as fit, and
   * consecutive records share one outbound buffer of up to {@code maxBatchBytes}. When {@code
   * flushing}, every full buffer is flushed as soon as it is written, so a large flush reaches the
   * socket (and the peer starts decrypting) while the rest is still being encrypted; otherwise the
   * buffers only wait for the next flush.
   */
  void wrapPending(ChannelHandlerContext ctx, HandshakeSteps steps, boolean flushing)
      throws SSLException {
    int packetSize = engine.getSession().getPacketBufferSize();
    ByteBuf out = null;
    try {
      while (!pending.isEmpty()) {
        if (out != null && out.readableBytes() >= maxBatchBytes) {
          ByteBuf full = out;
          out = null;
          emit(ctx, full);
          if (flushing) {
            // Nothing is held here (no buffer, no promise): a listener that writes, flushes or
            // closes from inside this flush finds the encryptor in a clean state.
            needsFlush = false;
            ctx.flush();
          }
        }
        if (out == null) {
          long plain = Math.min(pending.readableBytes(), maxBatchBytes);
          long records = plain / MAX_PLAINTEXT + 1;
          // The JDK's engine encrypts on arrays (a direct destination costs it a copy); a native
          // engine writes native memory, which the socket then takes without a copy.
          int capacity = (int) (plain + records * recordOverhead + packetSize);
          out =
              nativeEngine ? ctx.alloc().directBuffer(capacity) : ctx.alloc().heapBuffer(capacity);
        }
        if (out.writableBytes() < packetSize) {
          out.ensureWritable(packetSize);
        }
        int views = pending.gather(MAX_PLAINTEXT);
        ByteBuffer dst = out.nioBuffer(out.writerIndex(), out.writableBytes());
        SSLEngineResult result = engine.wrap(pending.views(), 0, views, dst);
        out.writerIndex(out.writerIndex() + result.bytesProduced());
        if (result.bytesConsumed() >= MAX_PLAINTEXT) {
          recordOverhead =
              Math.max(recordOverhead, result.bytesProduced() - result.bytesConsumed());
        }
        pending.consume(result.bytesConsumed(), wrapped);
        switch (result.getStatus()) {
          case BUFFER_OVERFLOW -> out.ensureWritable(packetSize);
          case CLOSED -> {
            pending.failAll(new SSLException("TLS engine closed"));
            return;
          }
          default -> {}
        }
        if (result.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING) {
          steps.onStatus(ctx, result.getHandshakeStatus());
        }
        if (result.getStatus() == Status.OK
            && result.bytesConsumed() == 0
            && result.bytesProduced() == 0
            && views > 0) {
          throw new SSLException("TLS engine made no progress wrapping application data");
        }
      }
      if (out != null) {
        ByteBuf last = out;
        out = null;
        emit(ctx, last);
      }
    } finally {
      if (out != null) {
        out.release();
      }
    }
  }

  /** Writes one outbound buffer; its future completes the writes whose data ended in it. */
  private void emit(ChannelHandlerContext ctx, ByteBuf out) {
    needsFlush = true;
    int n = wrapped.size();
    if (!out.isReadable()) {
      out.release();
      for (Promise<Void> p : wrapped) {
        p.trySuccess(null);
      }
    } else if (n == 1) {
      ctx.write(out, wrapped.getFirst());
    } else if (n == 0) {
      ctx.write(out, ctx.newPromise());
    } else {
      List<Promise<Void>> batch = List.copyOf(wrapped);
      ctx.write(out, ctx.newPromise())
          .addListener(
              f -> {
                for (Promise<Void> p : batch) {
                  if (f.isSuccess()) {
                    p.trySuccess(null);
                  } else {
                    p.tryFailure(f.cause());
                  }
                }
              });
    }
    wrapped.clear();
  }

  /** Wraps handshake (or alert) messages while the engine has some to send. */
  void wrapNonAppData(ChannelHandlerContext ctx, HandshakeSteps steps) throws SSLException {
    int packetSize = engine.getSession().getPacketBufferSize();
    ByteBuf out = null;
    try {
      for (int i = 0; i < 64; i++) {
        if (out == null) {
          out = ctx.alloc().buffer(packetSize);
        }
        ByteBuffer dst = out.nioBuffer(out.writerIndex(), out.writableBytes());
        SSLEngineResult result = engine.wrap(EMPTY, dst);
        out.writerIndex(out.writerIndex() + result.bytesProduced());
        if (result.getStatus() == Status.BUFFER_OVERFLOW) {
          out.ensureWritable(engine.getSession().getPacketBufferSize());
          continue;
        }
        if (out.isReadable()) {
          ByteBuf msg = out;
          out = null;
          ctx.write(msg);
          needsFlush = true;
        }
        HandshakeStatus status = result.getHandshakeStatus();
        if (status == HandshakeStatus.NEED_TASK) {
          runDelegatedTasks(engine);
          status = engine.getHandshakeStatus();
        }
        if (status == HandshakeStatus.FINISHED) {
          steps.onFinished(ctx);
          status = engine.getHandshakeStatus();
        }
        if (status != HandshakeStatus.NEED_WRAP || result.getStatus() == Status.CLOSED) {
          return;
        }
      }
      throw new SSLException("TLS engine keeps asking to wrap");
    } finally {
      if (out != null) {
        out.release();
      }
    }
  }

  /**
   * Wraps the {@code close_notify} (after {@link SSLEngine#closeOutbound()}) and writes it; {@code
   * written} completes when it is written, at once if there was nothing to write.
   */
  void wrapCloseNotify(ChannelHandlerContext ctx, Promise<Void> written) throws SSLException {
    ByteBuf out = ctx.alloc().buffer(engine.getSession().getPacketBufferSize());
    try {
      for (int i = 0; i < 4 && !engine.isOutboundDone(); i++) {
        ByteBuffer dst = out.nioBuffer(out.writerIndex(), out.writableBytes());
        SSLEngineResult result = engine.wrap(EMPTY, dst);
        out.writerIndex(out.writerIndex() + result.bytesProduced());
        if (result.getStatus() == Status.BUFFER_OVERFLOW) {
          out.ensureWritable(engine.getSession().getPacketBufferSize());
        }
      }
      if (out.isReadable()) {
        ByteBuf msg = out;
        out = null;
        ctx.write(msg, written);
      } else {
        written.trySuccess(null);
      }
    } finally {
      if (out != null) {
        out.release();
      }
    }
  }

  /** Runs the engine's delegated tasks on the calling thread. */
  static void runDelegatedTasks(SSLEngine engine) {
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
  }
}
