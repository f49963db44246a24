package io.tern.codec.http.client;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.codec.compression.BrotliDecoder;
import io.tern.codec.compression.DecompressionLimits;
import io.tern.codec.compression.NativeBrotliDecoder;
import io.tern.codec.compression.NativeZstdDecoder;
import io.tern.codec.compression.ZlibDecoder;
import io.tern.codec.compression.ZlibWrapper;
import io.tern.codec.compression.ZstdDecoder;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.DefaultHttpResponse;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.FullHttpMessage;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMessage;
import io.tern.codec.http.HttpObject;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.LastHttpContent;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Decompresses message content whose {@code Content-Encoding} is {@code gzip}, {@code x-gzip},
 * {@code deflate} or {@code x-deflate}, with the {@code codec} module's {@link ZlibDecoder} and its
 * {@link DecompressionLimits}; also {@code zstd} and {@code br}: with the system's {@code libzstd}
 * and {@code libbrotlidec} through FFM ({@link NativeZstdDecoder}, {@link NativeBrotliDecoder},
 * both streaming) where they load, else with the optional pure-Java libraries ({@link ZstdDecoder}
 * on aircompressor; {@link BrotliDecoder} on {@code org.brotli:dec}, which decompresses a body once
 * it has all of it) when the application added them. Where neither is present such content passes
 * through untouched, like any unknown encoding. Put it after the codec (before an aggregator).
 * Works for requests (server side) and responses (client side).
 *
 * <p>A decompressed message loses its {@code Content-Encoding} and {@code Content-Length} (the new
 * length is unknown until the end) and gets {@code Transfer-Encoding: chunked}; its content is
 * passed on in pieces as it is decompressed. Other encodings pass through untouched. Corrupt input
 * or a broken limit (a decompression bomb) fails with the codec's {@code DecompressionException} or
 * {@code DecompressionLimitException}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Compressed content is released once decompressed.
 */
public class HttpContentDecompressor extends MessageToMessageDecoder<HttpObject> {
  private final DecompressionLimits limits;
  private EmbeddedChannel decoder;

  /** Creates a decompressor with {@link DecompressionLimits#DEFAULT}. */
  public HttpContentDecompressor() {
    this(DecompressionLimits.DEFAULT);
  }

  /**
   * Creates a decompressor.
   *
   * @param limits bounds on each decompressed message
   */
  public HttpContentDecompressor(DecompressionLimits limits) {
    super(HttpObject.class);
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, HttpObject msg, List<Object> out) {
    if (msg instanceof HttpMessage m) {
      closeDecoder();
      String encoding = m.headers().get(HttpHeaderNames.CONTENT_ENCODING);
      ChannelHandler contentDecoder = encoding == null ? null : decoderFor(encoding.strip());
      if (contentDecoder == null) {
        out.add(ReferenceCountUtil.retain(m));
        return;
      }
      decoder = new EmbeddedChannel(contentDecoder);
      m.headers().remove(HttpHeaderNames.CONTENT_ENCODING);
      HttpUtil.setTransferEncodingChunked(m, true);
      if (m instanceof FullHttpMessage full) {
        // Split a full message into head and content so the content goes through the decoder.
        out.add(head(full));
        decompress(full, out);
      } else {
        out.add(m);
      }
      return;
    }
    if (msg instanceof HttpContent c) {
      if (decoder == null) {
        out.add(c.retain());
      } else {
        decompress(c, out);
      }
    }
  }

  private static HttpMessage head(FullHttpMessage full) {
    if (full instanceof FullHttpRequest r) {
      return new DefaultHttpRequest(r.protocolVersion(), r.method(), r.uri(), r.headers());
    }
    FullHttpResponse r = (FullHttpResponse) full;
    return new DefaultHttpResponse(r.protocolVersion(), r.status(), r.headers());
  }

  private void decompress(HttpContent c, List<Object> out) {
    EmbeddedChannel ch = decoder;
    boolean last = c instanceof LastHttpContent;
    if (c.content().isReadable()) {
      ch.writeInbound(c.content().retain());
    }
    if (last) {
      try {
        ch.finish();
      } catch (RuntimeException e) {
        // A stream cut short (or corrupt at its end): release what the decoder still holds, which
        // the streaming decoders fill as they go, and report it.
        closeDecoder();
        throw e;
      }
      decoder = null;
    }
    Object o;
    while ((o = ch.readInbound()) != null) {
      out.add(new DefaultHttpContent((ByteBuf) o));
    }
    if (last) {
      LastHttpContent l = (LastHttpContent) c;
      out.add(
          l.trailingHeaders().isEmpty()
              ? LastHttpContent.EMPTY_LAST_CONTENT
              : new DefaultLastHttpContent(
                  io.tern.buffer.Unpooled.EMPTY_BUFFER, l.trailingHeaders().copy()));
    }
  }

  private ChannelHandler decoderFor(String encoding) {
    return switch (encoding.toLowerCase(Locale.ROOT)) {
      case "gzip", "x-gzip" -> new ZlibDecoder(ZlibWrapper.GZIP, limits, 8192);
      case "deflate", "x-deflate" -> new ZlibDecoder(ZlibWrapper.ZLIB, limits, 8192);
      case "zstd" -> {
        if (NativeZstdDecoder.isAvailable()) {
          yield new NativeZstdDecoder(limits, 8192);
        }
        yield ZstdDecoder.isAvailable() ? new ZstdDecoder(limits, 8192) : null;
      }
      case "br" -> {
        if (NativeBrotliDecoder.isAvailable()) {
          yield new NativeBrotliDecoder(limits, 8192);
        }
        yield BrotliDecoder.isAvailable() ? new BrotliDecoder(limits, 8192) : null;
      }
      default -> null;
    };
  }

  private void closeDecoder() {
    EmbeddedChannel ch = decoder;
    if (ch != null) {
      decoder = null;
      try {
        ch.finishAndReleaseAll();
      } catch (RuntimeException e) {
        // A failure of the abandoned stream was already reported when it happened.
      }
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    closeDecoder();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    closeDecoder();
    ctx.fireChannelInactive();
  }
}
