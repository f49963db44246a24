package io.tern.codec.http2.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.DefaultHttpResponse;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.FullHttpMessage;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpMessage;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2StreamFrame;
import io.tern.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.handler.ssl.SslHandler;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The implementation of {@link Http2StreamFrameToHttpObjectCodec}: HTTP/2 stream frames to HTTP/1
 * message objects and back, for one stream.
 *
 * <p>One instance per stream channel, on its event loop.
 */
public final class HttpStreamCodec implements Http2StreamFrameToHttpObjectCodec {
  private final boolean server;
  private boolean headSeen;
  private String scheme = "http";

  /**
   * Creates the codec of one stream channel.
   *
   * @param server {@code true} for the server side
   */
  public HttpStreamCodec(boolean server) {
    this.server = server;
  }

  @Override
  public boolean isServer() {
    return server;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    Channel connection = ctx.channel().parent();
    if (connection != null) {
      for (String name : connection.pipeline().names()) {
        if (connection.pipeline().get(name) instanceof SslHandler) {
          scheme = "https";
          break;
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Inbound: frames to messages

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof Http2HeadersFrame h) {
      ctx.fireChannelRead(fromHeaders(h));
    } else if (msg instanceof Http2DataFrame d) {
      ctx.fireChannelRead(
          d.endStream()
              ? new DefaultLastHttpContent(d.content())
              : new DefaultHttpContent(d.content()));
    } else {
      ctx.fireChannelRead(msg);
    }
  }

  private Object fromHeaders(Http2HeadersFrame frame) {
    Http2Headers h = frame.headers();
    if (headSeen) {
      HttpHeaders trailers = HttpHeaders.newTrailers();
      copyFields(h, trailers);
      return new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER, trailers);
    }
    HttpHeaders headers = new HttpHeaders();
    if (server) {
      headSeen = true;
      CharSequence authority = h.authority();
      if (authority != null) {
        headers.add(HttpHeaderNames.HOST, authority);
      }
      copyFields(h, headers);
      HttpMethod method = HttpMethod.valueOf(String.valueOf(h.method()));
      CharSequence path = h.path();
      String target = String.valueOf(path != null ? path : authority); // CONNECT: the authority
      if (frame.endStream()) {
        return new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1,
            method,
            target,
            Unpooled.EMPTY_BUFFER,
            headers,
            HttpHeaders.newTrailers());
      }
      chunkedUnlessLengthKnown(headers);
      return new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers);
    }
    copyFields(h, headers);
    HttpResponseStatus status = HttpResponseStatus.valueOf(parseStatus(h.status()));
    boolean informational = status.code() < 200;
    if (!informational) {
      headSeen = true;
    }
    if (frame.endStream() || informational) {
      return new DefaultFullHttpResponse(
          HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER, headers, HttpHeaders.newTrailers());
    }
    chunkedUnlessLengthKnown(headers);
    return new DefaultHttpResponse(HttpVersion.HTTP_1_1, status, headers);
  }

  private static int parseStatus(CharSequence status) {
    if (status == null || status.length() != 3) {
      throw new IllegalArgumentException("bad :status: " + status);
    }
    return Integer.parseInt(status.toString());
  }

  private static void chunkedUnlessLengthKnown(HttpHeaders headers) {
    if (!headers.contains(HttpHeaderNames.CONTENT_LENGTH)) {
      headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    }
  }

  /** The regular fields (pseudo-headers skipped), {@code cookie} fields joined into one. */
  private static void copyFields(Http2Headers from, HttpHeaders to) {
    List<CharSequence> cookies = null;
    for (int i = 0; i < from.size(); i++) {
      CharSequence name = from.name(i);
      if (name.length() > 0 && name.charAt(0) == ':') {
        continue;
      }
      if (AsciiString.contentEqualsIgnoreCase(HttpHeaderNames.COOKIE, name)) {
        if (cookies == null) {
          cookies = new ArrayList<>(2);
        }
        cookies.add(from.value(i));
        continue;
      }
      to.add(name, from.value(i));
    }
    if (cookies != null) {
      to.add(HttpHeaderNames.COOKIE, String.join("; ", cookies));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Outbound: messages to frames

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    if (msg instanceof HttpMessage m) {
      Http2Headers headers;
      try {
        headers = head(m);
      } catch (RuntimeException e) {
        ReferenceCountUtil.release(msg);
        promise.tryFailure(e);
        return;
      }
      if (isInformational(m)) {
        ReferenceCountUtil.release(msg); // a 1xx has no content and does not end the stream
        ctx.write(new Http2HeadersFrame(headers, false), promise);
      } else if (m instanceof FullHttpMessage full) {
        writeFull(ctx, headers, full, promise);
      } else {
        ctx.write(new Http2HeadersFrame(headers, false), promise);
      }
    } else if (msg instanceof LastHttpContent last) {
      List<Http2StreamFrame> frames = new ArrayList<>(2);
      last(frames, last);
      writeAll(ctx, frames, promise);
    } else if (msg instanceof HttpContent c) {
      ctx.write(new Http2DataFrame(c.content(), false), promise);
    } else {
      ctx.write(msg, promise);
    }
  }

  private Http2Headers head(HttpMessage m) {
    if (server) {
      if (!(m instanceof HttpResponse response)) {
        throw new IllegalArgumentException("a server stream writes responses, not " + m);
      }
      Http2Headers h = new Http2Headers();
      h.status(response.status().codeAsText());
      copyFields(response.headers(), h);
      return h;
    }
    if (!(m instanceof HttpRequest request)) {
      throw new IllegalArgumentException("a client stream writes requests, not " + m);
    }
    return Http1RequestHeaders.of(request, scheme);
  }

  private static boolean isInformational(HttpMessage m) {
    return m instanceof HttpResponse r && r.status().code() < 200;
  }

  private static void writeFull(
      ChannelHandlerContext ctx,
      Http2Headers headers,
      FullHttpMessage full,
      Promise<Void> promise) {
    if (!full.content().isReadable() && full.trailingHeaders().isEmpty()) {
      full.release();
      ctx.write(new Http2HeadersFrame(headers, true), promise);
      return;
    }
    List<Http2StreamFrame> frames = new ArrayList<>(3);
    frames.add(new Http2HeadersFrame(headers, false));
    last(frames, full);
    writeAll(ctx, frames, promise);
  }

  /** The frames of a last content: DATA that ends the stream, or DATA and trailers. */
  private static void last(List<Http2StreamFrame> frames, LastHttpContent last) {
    ByteBuf content = last.content();
    HttpHeaders trailers = last.trailingHeaders();
    if (trailers.isEmpty()) {
      frames.add(new Http2DataFrame(content, true));
      return;
    }
    if (content.isReadable()) {
      frames.add(new Http2DataFrame(content, false));
    } else {
      content.release();
    }
    Http2Headers h = new Http2Headers();
    copyFields(trailers, h);
    frames.add(new Http2HeadersFrame(h, true));
  }

  /** Writes frames of one message; the promise completes when all are written. */
  private static void writeAll(
      ChannelHandlerContext ctx, List<Http2StreamFrame> frames, Promise<Void> promise) {
    if (frames.size() == 1) {
      ctx.write(frames.get(0), promise);
      return;
    }
    int[] left = {frames.size()};
    for (Http2StreamFrame f : frames) {
      ctx.write(f, ctx.newPromise())
          .addListener(
              done -> {
                if (!done.isSuccess()) {
                  promise.tryFailure(done.cause());
                } else if (--left[0] == 0) {
                  promise.trySuccess(null);
                }
              });
    }
  }

  /** An HTTP/1 message's fields as HTTP/2 fields: lower-case, no connection-specific ones. */
  private static void copyFields(HttpHeaders from, Http2Headers to) {
    String connection = from.get(HttpHeaderNames.CONNECTION);
    for (Map.Entry<CharSequence, CharSequence> e : from) {
      String name = e.getKey().toString().toLowerCase(Locale.ROOT);
      if (Http2HeadersValidator.isConnectionSpecific(name) || namedBy(connection, name)) {
        continue;
      }
      String value = e.getValue().toString().strip();
      if (Http2HeadersValidator.isTe(name) && !value.equalsIgnoreCase("trailers")) {
        continue;
      }
      to.add(name, value);
    }
  }

  private static boolean namedBy(String connection, String name) {
    if (connection == null) {
      return false;
    }
    for (String token : connection.split(",", -1)) {
      if (token.strip().equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }
}
