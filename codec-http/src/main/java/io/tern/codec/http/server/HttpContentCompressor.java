package io.tern.codec.http.server;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.CompositeByteBuf;
import io.tern.codec.compression.ZlibEncoder;
import io.tern.codec.compression.ZlibWrapper;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.LastHttpContent;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * Compresses response content with {@code gzip} or {@code deflate} (the {@code codec} module's
 * {@link ZlibEncoder}) when the request's {@code Accept-Encoding} allows it. Put it after the
 * server codec.
 *
 * <p>The encoding is chosen by the request's {@code Accept-Encoding} quality values, {@code gzip}
 * winning ties. Nothing is compressed for responses to {@code HEAD}, {@code 1xx}, {@code 204} and
 * {@code 304} responses, responses that already have a {@code Content-Encoding}, and full responses
 * whose content is shorter than {@code minContentLength}. A compressed full response keeps one
 * piece with its new {@code Content-Length}; a streamed response gets {@code Transfer-Encoding:
 * chunked} and each content piece is compressed as it passes. {@code Vary: Accept-Encoding} is
 * added to responses that could have been compressed.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each content written through it is released once compressed; the compressed buffers belong to the
 * next handler.
 */
public class HttpContentCompressor implements ChannelHandler {
  private final int compressionLevel;
  private final int minContentLength;
  // Per request in order: its Accept-Encoding (or "" when absent); null marks a HEAD request.
  private final ArrayDeque<String> accepted = new ArrayDeque<>(4);
  private EmbeddedChannel encoder;
  private boolean inFinalResponse;

  /** Creates a compressor at level 6 that compresses full responses of 256 bytes and more. */
  public HttpContentCompressor() {
    this(6, 256);
  }

  /**
   * Creates a compressor.
   *
   * @param compressionLevel 1 (fastest) to 9 (smallest)
   * @param minContentLength full responses with less content are sent as they are
   */
  public HttpContentCompressor(int compressionLevel, int minContentLength) {
    if (compressionLevel < 1 || compressionLevel > 9) {
      throw new IllegalArgumentException(
          "compressionLevel: " + compressionLevel + " (expected: 1 to 9)");
    }
    this.compressionLevel = compressionLevel;
    this.minContentLength = minContentLength;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof HttpRequest request) {
      if (HttpMethod.HEAD.equals(request.method())) {
        accepted.add("");
      } else {
        accepted.add(request.headers().get(HttpHeaderNames.ACCEPT_ENCODING, ""));
      }
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof HttpResponse response) {
      int code = response.status().code();
      if (code >= 100 && code < 200 && code != 101) {
        ctx.write(msg, promise);
        return;
      }
      inFinalResponse = true;
      String accept = accepted.poll();
      ZlibWrapper wrapper = accept == null ? null : choose(accept);
      HttpHeaders h = response.headers();
      boolean eligible =
          code != 204
              && code != 304
              && code != 101
              && !h.contains(HttpHeaderNames.CONTENT_ENCODING);
      if (eligible
          && !h.containsValue(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING, true)) {
        h.add(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
      }
      if (msg instanceof FullHttpResponse full
          && full.content().readableBytes() < minContentLength) {
        eligible = false;
      }
      if (eligible && wrapper != null) {
        encoder = new EmbeddedChannel(new ZlibEncoder(wrapper, compressionLevel));
        h.set(
            HttpHeaderNames.CONTENT_ENCODING,
            wrapper == ZlibWrapper.GZIP ? HttpHeaderValues.GZIP : HttpHeaderValues.DEFLATE);
        if (msg instanceof FullHttpResponse full) {
          writeFull(ctx, full, promise);
          return;
        }
        HttpUtil.setTransferEncodingChunked(response, true);
      }
    }
    if (msg instanceof HttpContent content && encoder != null) {
      writeCompressed(ctx, content, promise);
      return;
    }
    if (inFinalResponse && msg instanceof LastHttpContent) {
      inFinalResponse = false;
    }
    ctx.write(msg, promise);
  }

  private void writeFull(ChannelHandlerContext ctx, FullHttpResponse full, Promise<Void> promise) {
    ByteBuf compressed;
    try {
      compressed = compress(ctx, full.content(), true);
    } catch (RuntimeException e) {
      ReferenceCountUtil.release(full);
      closeEncoder();
      throw e;
    }
    HttpHeaders trailers = full.trailingHeaders();
    FullHttpResponse out =
        new DefaultFullHttpResponse(
            full.protocolVersion(), full.status(), compressed, full.headers(), trailers);
    full.release();
    HttpUtil.setTransferEncodingChunked(out, false);
    HttpUtil.setContentLength(out, compressed.readableBytes());
    inFinalResponse = false;
    ctx.write(out, promise);
  }

  private void writeCompressed(ChannelHandlerContext ctx, HttpContent content, Promise<Void> p) {
    boolean last = content instanceof LastHttpContent;
    ByteBuf compressed;
    try {
      compressed = compress(ctx, content.content(), last);
    } finally {
      if (last) {
        inFinalResponse = false;
      }
    }
    HttpContent out =
        last
            ? new DefaultLastHttpContent(compressed, ((LastHttpContent) content).trailingHeaders())
            : new DefaultHttpContent(compressed);
    content.release();
    ctx.write(out, p);
  }

  /** Runs bytes through the encoder; at the end, closes it and appends the stream's trailer. */
  private ByteBuf compress(ChannelHandlerContext ctx, ByteBuf in, boolean end) {
    EmbeddedChannel ch = encoder;
    if (in.isReadable()) {
      ch.writeOutbound(in.retain());
    }
    if (end) {
      encoder = null;
      ch.finish();
    }
    CompositeByteBuf out = ctx.alloc().compositeBuffer();
    Object o;
    while ((o = ch.readOutbound()) != null) {
      ByteBuf b = (ByteBuf) o;
      if (b.isReadable()) {
        out.addComponent(true, b);
      } else {
        b.release();
      }
    }
    return out;
  }

  private void closeEncoder() {
    if (encoder != null) {
      encoder.finishAndReleaseAll();
      encoder = null;
    }
  }

  /**
   * Picks {@code gzip} or {@code deflate} from an {@code Accept-Encoding} value by quality; {@code
   * *} stands for {@code gzip}.
   *
   * @return the wrapper, or {@code null} for no compression
   */
  static ZlibWrapper choose(String acceptEncoding) {
    float gzip = -1;
    float deflate = -1;
    float star = -1;
    for (String part : acceptEncoding.split(",", -1)) {
      String p = part.strip();
      float q = 1;
      int semi = p.indexOf(';');
      if (semi >= 0) {
        String params = p.substring(semi + 1).strip().toLowerCase(Locale.ROOT);
        p = p.substring(0, semi).strip();
        if (params.startsWith("q=")) {
          try {
            q = Float.parseFloat(params.substring(2).strip());
          } catch (NumberFormatException e) {
            q = 0;
          }
        }
      }
      switch (p.toLowerCase(Locale.ROOT)) {
        case "gzip", "x-gzip" -> gzip = Math.max(gzip, q);
        case "deflate" -> deflate = Math.max(deflate, q);
        case "*" -> star = Math.max(star, q);
        default -> {}
      }
    }
    if (gzip < 0 && star > 0) {
      gzip = star;
    }
    if (gzip > 0 && gzip >= deflate) {
      return ZlibWrapper.GZIP;
    }
    return deflate > 0 ? ZlibWrapper.ZLIB : null;
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    closeEncoder();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    closeEncoder();
    ctx.fireChannelInactive();
  }
}
