package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.EncoderException;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.codec.http.internal.OutboundBatch;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes {@link HttpMessage}s and their {@link HttpContent}s (and plain {@link ByteBuf}s as
 * content) into bytes. The two kinds, which write the first line, are {@link HttpRequestEncoder}
 * and {@link HttpResponseEncoder}.
 *
 * <p>The head is written into one buffer sized from the previous heads; {@link AsciiString} names
 * and values (the {@link HttpHeaderNames} constants, cached statuses and versions) are copied as
 * bytes. Content up to {@value #MERGE_THRESHOLD} bytes is copied behind the head so a small
 * response is a single buffer (one write); larger content is passed on as it is, retained. With
 * {@code Transfer-Encoding: chunked}, each content becomes a chunk and the last one a {@code 0}
 * chunk with the trailers. Content of a message that cannot have any (a {@code 1xx}, {@code 204} or
 * {@code 304} response; in a codec, the answer to {@code HEAD}) is dropped.
 *
 * <h2>Batching</h2>
 *
 * Messages written with the channel's {@linkplain VoidChannelPromise void promise} are encoded one
 * behind the other into a single buffer that is passed on at the next flush (or close, removal, a
 * write with an ordinary promise, or after {@value #MAX_BATCH_BYTES} bytes): a server answering
 * sixteen pipelined requests in one read writes one buffer instead of sixteen. Nobody waits for
 * those writes, so nothing is lost by completing none of them; a failure still reaches {@code
 * exceptionCaught}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel (it tracks where it is in a message).
 *
 * <h2>Ownership</h2>
 *
 * As for {@link MessageToMessageEncoder}, each accepted message is released after it is encoded;
 * the buffers produced belong to the next handler.
 *
 * @param <H> the message head type encoded
 */
public abstract sealed class HttpObjectEncoder<H extends HttpMessage>
    extends MessageToMessageEncoder<Object> permits HttpRequestEncoder, HttpResponseEncoder {
  /** Content up to this many bytes is copied behind the head into one buffer. */
  static final int MERGE_THRESHOLD = 1024;

  private static final byte[] CRLF = {'\r', '\n'};
  private static final byte[] ZERO_CRLF_CRLF = {'0', '\r', '\n', '\r', '\n'};
  private static final byte[] ZERO_CRLF = {'0', '\r', '\n'};
  private static final int COLON_SP = (':' << 8) | ' ';
  private static final int CRLF_SHORT = ('\r' << 8) | '\n';

  private enum State {
    INIT,
    CONTENT,
    CHUNKED,
    ALWAYS_EMPTY
  }

  /** Most bytes batched before they are passed on without waiting for the flush. */
  static final int MAX_BATCH_BYTES = 16 * 1024;

  /** Array-backed content up to this many bytes is copied with its head in one write. */
  private static final int INLINE_CONTENT = 256;

  /** Room for small content behind the first head of a batch. */
  private static final int SMALL_CONTENT = 64;

  private final List<Object> batchOut = new ArrayList<>(4);
  private final OutboundBatch batch = new OutboundBatch(MAX_BATCH_BYTES);
  private State state = State.INIT;
  private int headSizeEstimate = 256;
  private byte[] scratch = new byte[256];
  // Set by a codec for the next head only: that message's content is dropped.
  private boolean omitNextContent;

  /** Creates an encoder. */
  HttpObjectEncoder() {
    super(Object.class);
  }

  @Override
  public boolean acceptOutboundMessage(Object msg) {
    return msg instanceof HttpObject || msg instanceof ByteBuf;
  }

  /**
   * Returns {@code message} as this encoder's head type, or throws {@link ClassCastException}. A
   * cast in the subclass, to a type known where it is compiled, costs one class compare where the
   * message class seen is always the same; {@link Class#cast} with a class held in a field walks
   * the secondary supertypes of the message on every call.
   */
  abstract H head(HttpMessage message);

  /** Writes the first line, CRLF included. */
  abstract void encodeInitialLine(ByteBuf buf, H head);

  /**
   * Puts the first line, CRLF included, into {@code a} at {@code p} when it is made of pre-encoded
   * parts that fit, so that the whole head reaches the buffer in one write; otherwise returns -1
   * and {@link #encodeInitialLine} writes it.
   *
   * @return the position after the line, or -1
   */
  int initialLine(byte[] a, int p, H head) {
    return -1;
  }

  /** Returns whether a message of this kind can have no content (its content is then dropped). */
  abstract boolean isContentAlwaysEmpty(H head);

  /**
   * Adjusts headers before the head is written (for example removes framing headers a {@code 204}
   * must not carry).
   */
  abstract void sanitizeHeaders(H head);

  /**
   * Drops the content of the next message written, whatever its headers say: a codec knows it
   * answers {@code HEAD} (or accepts a {@code CONNECT}), which the head alone does not tell.
   */
  final void omitNextContent() {
    omitNextContent = true;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) {
    ByteBuf tail = encode(ctx, msg, out, null);
    if (tail != null) {
      out.add(tail);
    } else if (out.isEmpty()) {
      out.add(Unpooled.EMPTY_BUFFER);
    }
  }

  /**
   * Encodes one message. Small pieces (head, small content, chunk framing) go into {@code buf}
   * (allocated when {@code null} and needed); whatever must be written before a larger retained
   * content is added to {@code out} in order. Returns the buffer the last small pieces went into,
   * not added to {@code out} (it comes after everything there), or {@code null}.
   */
  private ByteBuf encode(ChannelHandlerContext ctx, Object msg, List<Object> out, ByteBuf buf) {
    boolean contentWritten = false;
    if (msg instanceof HttpMessage m) {
      if (state != State.INIT) {
        throw new IllegalStateException(
            "a new message head before the last content of the previous one: " + m);
      }
      H head = head(m);
      boolean empty = omitNextContent || isContentAlwaysEmpty(head);
      omitNextContent = false;
      sanitizeHeaders(head);
      if (buf == null) {
        buf = ctx.alloc().buffer(headSizeEstimate);
      }
      int start = buf.writerIndex();
      // The first line, the fields and the blank line are assembled in the scratch array and
      // written into the buffer in one go where they are pre-encoded (AsciiString) bytes.
      int p = initialLine(scratch, 0, head);
      if (p < 0) {
        encodeInitialLine(buf, head);
        p = 0;
      }
      p = appendFields(m.headers(), buf, p);
      byte[] a = scratch;
      if (p + 2 > a.length) {
        buf.writeBytes(a, 0, p);
        p = 0;
      }
      a[p++] = '\r';
      a[p++] = '\n';
      int size = buf.writerIndex() - start + p;
      headSizeEstimate = Math.max(64, (headSizeEstimate + size * 3) / 4 + 16);
      state =
          empty
              ? State.ALWAYS_EMPTY
              : HttpUtil.isTransferEncodingChunked(m) ? State.CHUNKED : State.CONTENT;
      // The small array-backed content of a whole message joins its head: one write for both.
      if (state == State.CONTENT && msg instanceof HttpContent c) {
        ByteBuf content = c.content();
        int n = content.readableBytes();
        if (n > 0 && n <= INLINE_CONTENT && p + n <= a.length && content.hasArray()) {
          System.arraycopy(content.array(), content.arrayOffset() + content.readerIndex(), a, p, n);
          p += n;
          contentWritten = true;
        }
      }
      buf.writeBytes(a, 0, p);
    }
    if (msg instanceof HttpContent || msg instanceof ByteBuf) {
      if (state == State.INIT) {
        throw new IllegalStateException("content without a message head: " + msg);
      }
      ByteBuf content = msg instanceof HttpContent c ? c.content() : (ByteBuf) msg;
      LastHttpContent last = msg instanceof LastHttpContent l ? l : null;
      if (state == State.CONTENT && !contentWritten) {
        buf = addContent(buf, content, out);
      } else if (state == State.CHUNKED) {
        buf = addChunk(ctx, buf, content, last, out);
      }
      // ALWAYS_EMPTY: the content is dropped (released with the message).
      if (last != null) {
        state = State.INIT;
      }
    }
    return buf;
  }

  // ---- batching the bytes of void-promise writes ----

  /**
   * Encodes a write whose promise is void into the batch buffer, or passes the batch on first and
   * encodes as usual.
   */
  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (!VoidChannelPromise.isVoid(promise) || !acceptOutboundMessage(msg)) {
      writeBatch(ctx);
      super.write(ctx, msg, promise);
      return;
    }
    List<Object> out = batchOut;
    ByteBuf buf = null;
    ByteBuf tail;
    try {
      buf = batch.take(ctx, headSizeEstimate + SMALL_CONTENT);
      tail = encode(ctx, msg, out, buf);
    } catch (RuntimeException e) {
      // Drop what the failed message added; the bytes before it stay batched.
      for (int i = 0; i < out.size(); i++) {
        if (out.get(i) != buf) {
          ReferenceCountUtil.safeRelease(out.get(i));
        }
      }
      out.clear();
      if (buf != null) {
        batch.rollBack(buf);
      }
      throw e instanceof EncoderException ee ? ee : new EncoderException(e);
    } finally {
      ReferenceCountUtil.release(msg);
    }
    for (int i = 0; i < out.size(); i++) {
      ctx.write(out.get(i), promise);
    }
    out.clear();
    batch.put(tail);
    if (batch.readableBytes() >= MAX_BATCH_BYTES) {
      batch.pass(ctx);
    }
  }

  /**
   * Passes the batched bytes on (written, not flushed). Called before anything else leaves through
   * this encoder's context so that order is kept.
   *
   * @param ctx the context the encoder writes through
   */
  final void writeBatch(ChannelHandlerContext ctx) {
    batch.pass(ctx);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) throws Exception {
    writeBatch(ctx);
    ctx.flush();
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    writeBatch(ctx);
    ctx.close(promise);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
    writeBatch(ctx);
  }

  /** Adds content as it is: copied into {@code buf} if small, otherwise retained. */
  private static ByteBuf addContent(ByteBuf buf, ByteBuf content, List<Object> out) {
    int n = content.readableBytes();
    if (n == 0) {
      return buf;
    }
    if (buf != null && n <= MERGE_THRESHOLD) {
      buf.writeBytes(content, content.readerIndex(), n);
      return buf;
    }
    if (buf != null && !buf.isReadable()) {
      // Nothing in it yet: it can follow the content and take what comes after.
      out.add(content.retain());
      return buf;
    }
    if (buf != null) {
      out.add(buf);
    }
    out.add(content.retain());
    return null;
  }

  private ByteBuf addChunk(
      ChannelHandlerContext ctx,
      ByteBuf buf,
      ByteBuf content,
      LastHttpContent last,
      List<Object> out) {
    int n = content.readableBytes();
    if (n > 0) {
      boolean copy = n <= MERGE_THRESHOLD;
      if (buf == null) {
        buf = ctx.alloc().buffer(copy ? n + 16 : 16);
      }
      writeHex(buf, n);
      buf.writeShort(CRLF_SHORT);
      if (copy) {
        buf.writeBytes(content, content.readerIndex(), n);
      } else {
        out.add(buf);
        out.add(content.retain());
        buf = ctx.alloc().buffer(last == null ? 2 : 8);
      }
      buf.writeShort(CRLF_SHORT);
    }
    if (last != null) {
      HttpHeaders trailers = last.trailingHeaders();
      if (buf == null) {
        buf = ctx.alloc().buffer(trailers.isEmpty() ? 5 : 256);
      }
      if (trailers.isEmpty()) {
        buf.writeBytes(ZERO_CRLF_CRLF);
      } else {
        buf.writeBytes(ZERO_CRLF);
        encodeHeaders(trailers, buf);
        buf.writeBytes(CRLF);
      }
    }
    return buf;
  }

  private static void writeHex(ByteBuf buf, int n) {
    int digits = Math.max(1, (32 - Integer.numberOfLeadingZeros(n) + 3) / 4);
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
      buf.writeByte("0123456789abcdef".charAt((n >>> shift) & 0xF));
    }
  }

  /**
   * Writes {@code name: value CRLF} for each field. Fields whose name and value are {@link
   * AsciiString}s are assembled in a per-encoder array and copied into {@code buf} in one go: each
   * small write into a direct buffer has a fixed cost (bounds and liveness checks, a segment copy)
   * that four writes per field would pay four times over.
   */
  void encodeHeaders(HttpHeaders headers, ByteBuf buf) {
    int p = appendFields(headers, buf, 0); // may replace the scratch array: read it after
    buf.writeBytes(scratch, 0, p);
  }

  /**
   * Appends the fields to the scratch array after its first {@code p} bytes, writing into {@code
   * buf} what does not fit and every field that is not pre-encoded (after the bytes before it), and
   * returns how many bytes the scratch array holds at the end: the caller writes them.
   */
  private int appendFields(HttpHeaders headers, ByteBuf buf, int p) {
    byte[] a = scratch;
    for (int i = 0, n = headers.size(); i < n; i++) {
      CharSequence name = headers.nameAt(i);
      CharSequence value = headers.valueAt(i);
      if (!(name instanceof AsciiString an) || !(value instanceof AsciiString av)) {
        if (p > 0) {
          buf.writeBytes(a, 0, p);
          p = 0;
        }
        writeAscii(buf, name);
        buf.writeShort(COLON_SP);
        writeAscii(buf, value);
        buf.writeShort(CRLF_SHORT);
        continue;
      }
      int nl = an.length();
      int vl = av.length();
      int line = nl + vl + 4;
      if (p + line > a.length) {
        buf.writeBytes(a, 0, p);
        p = 0;
        if (line > a.length) {
          scratch = a = new byte[Math.max(line, a.length * 2)];
        }
      }
      System.arraycopy(an.array(), an.arrayOffset(), a, p, nl);
      p += nl;
      a[p++] = ':';
      a[p++] = ' ';
      System.arraycopy(av.array(), av.arrayOffset(), a, p, vl);
      p += vl;
      a[p++] = '\r';
      a[p++] = '\n';
    }
    return p;
  }

  static void writeAscii(ByteBuf buf, CharSequence s) {
    if (s instanceof AsciiString a) {
      buf.writeBytes(a.array(), a.arrayOffset(), a.length());
    } else {
      ByteBufUtil.writeAscii(buf, s);
    }
  }
}
