package io.tern.codec.http.cors;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpStatusClass;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.LastHttpContent;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Handles Cross-Origin Resource Sharing (the Fetch standard's CORS protocol) for an HTTP server.
 * Put it after the HTTP codec and before the application's handlers.
 *
 * <ul>
 *   <li>A preflight ({@code OPTIONS} with {@code Origin} and {@code Access-Control-Request-Method})
 *       is answered here with {@code 200 OK} and the allowed origin, methods, headers, credentials
 *       and max-age of the matching {@link CorsConfig}; the request (and any content of it) is
 *       released and never reaches the application.
 *   <li>Any other request passes on; the response written for it gets {@code
 *       Access-Control-Allow-Origin} (and {@code Vary: Origin} when the origin is echoed), {@code
 *       Access-Control-Allow-Credentials} and {@code Access-Control-Expose-Headers} if its origin
 *       is allowed. Responses are matched to requests in order, so pipelined requests are served
 *       correctly; {@code 1xx} responses do not consume a request.
 *   <li>With {@link CorsConfig#isShortCircuit()}, a request whose origin is not allowed is answered
 *       {@code 403 Forbidden} and released.
 * </ul>
 *
 * <p>A response this handler writes itself keeps the connection open only if the request allowed
 * it; otherwise the channel is closed once it is written. Such a response is written at once, so it
 * may overtake responses to earlier pipelined requests still being processed.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop. Holds per-channel state: one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * A preflight request (and the content after it) and a refused request are released here; other
 * messages pass on unchanged.
 */
public final class CorsHandler implements ChannelHandler {
  private static final String ANY_ORIGIN = "*";
  private static final String NULL_ORIGIN = "null";

  private final List<CorsConfig> configs;
  private final boolean shortCircuit;
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  private boolean discardingContent;

  /** What a response to a passed-on request needs: the request's origin and matching config. */
  private record Pending(String origin, CorsConfig config) {}

  private static final Pending NO_CORS = new Pending(null, null);

  /**
   * Creates a handler with one configuration.
   *
   * @param config what is allowed
   */
  public CorsHandler(CorsConfig config) {
    this(List.of(config), config.isShortCircuit());
  }

  /**
   * Creates a handler with several configurations; the first whose origins contain the request's
   * origin applies.
   *
   * @param configs the configurations, in order of preference
   * @param shortCircuit whether to answer requests from disallowed origins with {@code 403}
   */
  public CorsHandler(List<CorsConfig> configs, boolean shortCircuit) {
    this.configs = List.copyOf(Objects.requireNonNull(configs, "configs"));
    this.shortCircuit = shortCircuit;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (discardingContent && msg instanceof HttpContent) {
      if (msg instanceof LastHttpContent) {
        discardingContent = false;
      }
      ReferenceCountUtil.release(msg);
      return;
    }
    if (!(msg instanceof HttpRequest request)) {
      ctx.fireChannelRead(msg);
      return;
    }
    String origin = request.headers().get(HttpHeaderNames.ORIGIN);
    CorsConfig config = configFor(origin);
    if (config != null && !config.isCorsSupportEnabled()) {
      pending.add(NO_CORS);
      ctx.fireChannelRead(msg);
      return;
    }
    if (origin != null && isPreflight(request)) {
      HttpResponse response = newResponse(request, HttpResponseStatus.OK);
      if (config != null && setOrigin(response.headers(), origin, config)) {
        setPreflightHeaders(response.headers(), request, config);
      }
      respond(ctx, request, response);
      return;
    }
    if (shortCircuit && origin != null && config == null) {
      respond(ctx, request, newResponse(request, HttpResponseStatus.FORBIDDEN));
      return;
    }
    pending.add(origin == null || config == null ? NO_CORS : new Pending(origin, config));
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof HttpResponse response
        && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
      Pending p = pending.poll();
      if (p != null && p.config() != null) {
        HttpHeaders h = response.headers();
        if (setOrigin(h, p.origin(), p.config())) {
          if (p.config().isCredentialsAllowed()) {
            h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_CREDENTIALS, "true");
          }
          if (!p.config().exposedHeaders().isEmpty()) {
            h.set(
                HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS,
                String.join(",", p.config().exposedHeaders()));
          }
        }
      }
    }
    ctx.write(msg, promise);
  }

  private CorsConfig configFor(String origin) {
    for (CorsConfig c : configs) {
      if (c.isAnyOriginSupported()
          || (origin != null && c.origins().contains(origin))
          || (NULL_ORIGIN.equals(origin) && c.isNullOriginAllowed())
          || !c.isCorsSupportEnabled()) {
        return c;
      }
    }
    return null;
  }

  private static boolean isPreflight(HttpRequest request) {
    return request.method().equals(HttpMethod.OPTIONS)
        && request.headers().contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD);
  }

  private static boolean setOrigin(HttpHeaders h, String origin, CorsConfig config) {
    if (NULL_ORIGIN.equals(origin) && config.isNullOriginAllowed()) {
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, NULL_ORIGIN);
      return true;
    }
    if (config.isAnyOriginSupported() && !config.isCredentialsAllowed()) {
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, ANY_ORIGIN);
      return true;
    }
    if (config.isAnyOriginSupported() || config.origins().contains(origin)) {
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
      if (!h.containsValue(HttpHeaderNames.VARY, HttpHeaderNames.ORIGIN, true)) {
        h.add(HttpHeaderNames.VARY, HttpHeaderNames.ORIGIN);
      }
      return true;
    }
    return false;
  }

  private static void setPreflightHeaders(HttpHeaders h, HttpRequest request, CorsConfig config) {
    StringBuilder methods = new StringBuilder();
    for (HttpMethod m : config.allowedRequestMethods()) {
      methods.append(methods.isEmpty() ? "" : ",").append(m.name());
    }
    h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS, methods);
    if (!config.allowedRequestHeaders().isEmpty()) {
      h.set(
          HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS,
          String.join(",", config.allowedRequestHeaders()));
    }
    if (config.isCredentialsAllowed()) {
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_CREDENTIALS, "true");
    }
    if (config.maxAge() > 0) {
      h.setLong(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE, config.maxAge());
    }
    if (config.isPrivateNetworkAllowed()
        && request.headers().contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK)) {
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_PRIVATE_NETWORK, "true");
    }
    for (Map.Entry<String, List<String>> e : config.preflightResponseHeaders().entrySet()) {
      h.set(e.getKey(), e.getValue());
    }
  }

  private static HttpResponse newResponse(HttpRequest request, HttpResponseStatus status) {
    DefaultFullHttpResponse response =
        new DefaultFullHttpResponse(request.protocolVersion(), status, Unpooled.EMPTY_BUFFER);
    response.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
    return response;
  }

  private void respond(ChannelHandlerContext ctx, HttpRequest request, HttpResponse response) {
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    HttpUtil.setKeepAlive(response, keepAlive);
    discardingContent = !(request instanceof LastHttpContent);
    ReferenceCountUtil.release(request);
    Future<Void> written = ctx.writeAndFlush(response);
    if (!keepAlive) {
      written.addListener(f -> ctx.close());
    }
  }
}
