package io.tern.codec.http.server;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.CompositeByteBuf;
import io.tern.codec.compression.BrotliEncoder;
import io.tern.codec.compression.NativeZstdEncoder;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Compresses response content with {@code br}, {@code zstd}, {@code gzip} or {@code deflate} when
 * the request's {@code Accept-Encoding} allows it. Put it after the server codec.
 *
 * <p>The coding is chosen by the request's {@code Accept-Encoding} quality values (RFC 9110,
 * section 12.5.3): the highest wins, {@code q=0} refuses a coding, {@code *} stands for every
 * coding the header does not name, and ties go to the server's preference, by default {@link
 * #DEFAULT_PREFERENCE} ({@code br}, {@code zstd}, {@code gzip}, {@code deflate}). {@code br}
 * ({@link BrotliEncoder}, quality {@value #BROTLI_QUALITY}) and {@code zstd} ({@link
 * NativeZstdEncoder}, level {@value #ZSTD_LEVEL}) use the system's {@code libbrotlienc} and {@code
 * libzstd} through FFM and are offered only where those load; {@code gzip} and {@code deflate}
 * ({@link ZlibEncoder}) always are. Nothing is compressed for responses to {@code HEAD}, {@code
 * 1xx}, {@code 204} and {@code 304} responses, responses that already have a {@code
 * Content-Encoding}, and full responses whose content is shorter than {@code minContentLength}. A
 * compressed full response keeps one piece with its new {@code Content-Length}; a streamed response
 * gets {@code Transfer-Encoding: chunked} and each content piece is compressed as it passes. {@code
 * Vary: Accept-Encoding} is added to responses that could have been compressed.
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
  /** The codings offered when none are given, most preferred first. */
  public static final List<String> DEFAULT_PREFERENCE = List.of("br", "zstd", "gzip", "deflate");

  /** The brotli quality used for {@code br}. */
  public static final int BROTLI_QUALITY = BrotliEncoder.DEFAULT_QUALITY;

  /** The zstd level used for {@code zstd}. */
  public static final int ZSTD_LEVEL = NativeZstdEncoder.DEFAULT_LEVEL;

  private final int compressionLevel;
  private final int minContentLength;
  private final List<String> offered;
  // Per request in order: its Accept-Encoding (or "" when absent); null marks a HEAD request.
  private final ArrayDeque<String> accepted = new ArrayDeque<>(4);
  private EmbeddedChannel encoder;
  private boolean inFinalResponse;

  /** Creates a compressor at level 6 that compresses full responses of 256 bytes and more. */
  public HttpContentCompressor() {
    this(6, 256);
  }

  /**
   * Creates a compressor offering {@link #DEFAULT_PREFERENCE}.
   *
   * @param compressionLevel the gzip and deflate level: 1 (fastest) to 9 (smallest)
   * @param minContentLength full responses with less content are sent as they are
   */
  public HttpContentCompressor(int compressionLevel, int minContentLength) {
    this(compressionLevel, minContentLength, DEFAULT_PREFERENCE.toArray(String[]::new));
  }

  /**
   * Creates a compressor offering the given codings. A native coding whose library cannot be loaded
   * here ({@code br}, {@code zstd}) is left out.
   *
   * @param compressionLevel the gzip and deflate level: 1 (fastest) to 9 (smallest)
   * @param minContentLength full responses with less content are sent as they are
   * @param preference some of {@code br}, {@code zstd}, {@code gzip} and {@code deflate}, most
   *     preferred first (it breaks ties between equal quality values)
   * @throws IllegalArgumentException for an unknown or repeated coding, or a level out of range
   */
  public HttpContentCompressor(int compressionLevel, int minContentLength, String... preference) {
    if (compressionLevel < 1 || compressionLevel > 9) {
      throw new IllegalArgumentException(
          "compressionLevel: " + compressionLevel + " (expected: 1 to 9)");
    }
    List<String> codings = new ArrayList<>(preference.length);
    for (String coding : preference) {
      String c = coding.toLowerCase(Locale.ROOT);
      if (!DEFAULT_PREFERENCE.contains(c) || codings.contains(c)) {
        throw new IllegalArgumentException(
            "coding: " + coding + " (expected: each of " + DEFAULT_PREFERENCE + " at most once)");
      }
      boolean available =
          switch (c) {
            case "br" -> BrotliEncoder.isAvailable();
            case "zstd" -> NativeZstdEncoder.isAvailable();
            default -> true;
          };
      if (available) {
        codings.add(c);
      }
    }
    this.compressionLevel = compressionLevel;
    this.minContentLength = minContentLength;
    this.offered = List.copyOf(codings);
  }

  /**
   * Returns the codings this compressor offers, most preferred first.
   *
   * @return those of its preference that can be used here
   */
  public List<String> offeredCodings() {
    return offered;
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
      String coding = accept == null ? null : AcceptEncoding.choose(accept, offered);
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
      if (eligible && coding != null) {
        encoder = new EmbeddedChannel(encoderFor(coding));
        h.set(HttpHeaderNames.CONTENT_ENCODING, headerValue(coding));
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

  private ChannelHandler encoderFor(String coding) {
    return switch (coding) {
      case "br" -> new BrotliEncoder(BROTLI_QUALITY, BrotliEncoder.DEFAULT_WINDOW_BITS);
      case "zstd" -> new NativeZstdEncoder(ZSTD_LEVEL);
      case "gzip" -> new ZlibEncoder(ZlibWrapper.GZIP, compressionLevel);
      default -> new ZlibEncoder(ZlibWrapper.ZLIB, compressionLevel);
    };
  }

  private static CharSequence headerValue(String coding) {
    return switch (coding) {
      case "br" -> HttpHeaderValues.BR;
      case "zstd" -> HttpHeaderValues.ZSTD;
      case "gzip" -> HttpHeaderValues.GZIP;
      default -> HttpHeaderValues.DEFLATE;
    };
  }

  /**
   * Picks a coding from an {@code Accept-Encoding} value among {@link #DEFAULT_PREFERENCE}, as a
   * compressor that can use all of them would.
   *
   * @param acceptEncoding the header value
   * @return the coding, or {@code null} for no compression
   */
  static String choose(String acceptEncoding) {
    return AcceptEncoding.choose(acceptEncoding, DEFAULT_PREFERENCE);
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
