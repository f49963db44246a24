package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.channel.ChannelHandlerContext;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.net.ssl.SSLException;

/**
 * Serves each TLS client with the context for the host name it asks for by SNI: reads (without
 * consuming) the client's hello, picks a server {@link SslContext}, and replaces itself with that
 * context's {@link SslHandler}, which then receives the hello and runs the handshake. Fires an
 * {@link SniCompletionEvent} either way.
 *
 * <pre>{@code
 * SslContext fallback = SslContextBuilder.forServer(defaultCert)
 *     .sni("api.example.com", apiContext)
 *     .sni("*.example.com", wildcardContext)
 *     .build();
 * pipeline.addLast("ssl", new SniHandler(fallback));
 * }</pre>
 *
 * <p>A client that sends no hello within the handshake timeout, bytes that are not a TLS hello, a
 * malformed host name or a hello above the size limit (16 KiB unless set) fails with an exception
 * passed to {@code exceptionCaught}, and the channel is closed.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel. The mapping function is called there
 * too, once per connection, and must not block.
 *
 * <h2>Ownership</h2>
 *
 * Inbound bytes are the decoder's until the host name is known; they are then passed on to the
 * {@link SslHandler} that replaces this handler.
 */
public class SniHandler extends ByteToMessageDecoder {
  /** The default limit on the ClientHello size. */
  public static final int DEFAULT_MAX_CLIENT_HELLO_LENGTH = 16 * 1024;

  private final Function<String, SslContext> mapping;
  private final long timeoutNanos;
  private final int maxClientHelloLength;
  private ScheduledFuture<?> timeout;
  private String hostName;
  private boolean done;

  /**
   * Serves with {@code context}, or the context it maps the requested host name to ({@link
   * SslContext#contextFor}); waits for the hello as long as its handshake timeout.
   *
   * @param context a server context, possibly with {@link SslContextBuilder#sni} entries
   */
  public SniHandler(SslContext context) {
    this(context::contextFor, context.handshakeTimeout(), DEFAULT_MAX_CLIENT_HELLO_LENGTH);
  }

  /**
   * Creates a handler with a custom mapping.
   *
   * @param mapping from the requested host name (lower case, or {@code null} when none was sent) to
   *     the server context to use; must not return {@code null}
   * @param helloTimeout how long to wait for the ClientHello; zero for no limit
   * @param maxClientHelloLength the largest ClientHello accepted, in bytes
   */
  public SniHandler(
      Function<String, SslContext> mapping, Duration helloTimeout, int maxClientHelloLength) {
    if (maxClientHelloLength < 64) {
      throw new IllegalArgumentException(
          "maxClientHelloLength: " + maxClientHelloLength + " (expected: >= 64)");
    }
    this.mapping = Objects.requireNonNull(mapping, "mapping");
    this.timeoutNanos = helloTimeout.toNanos();
    this.maxClientHelloLength = maxClientHelloLength;
  }

  /**
   * Returns the host name the client asked for.
   *
   * @return the name, or {@code null} before the hello arrived or when it named none
   */
  public String hostName() {
    return hostName;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (ctx.channel().isActive()) {
      startTimeout(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    startTimeout(ctx);
    ctx.fireChannelActive();
  }

  private void startTimeout(ChannelHandlerContext ctx) {
    if (timeout == null && timeoutNanos > 0) {
      timeout =
          ctx.executor()
              .schedule(
                  () -> {
                    if (!done) {
                      fail(
                          ctx,
                          new SslHandshakeTimeoutException(
                              "no ClientHello in "
                                  + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                  + " ms"));
                    }
                  },
                  timeoutNanos,
                  TimeUnit.NANOSECONDS);
    }
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws SSLException {
    if (done) {
      return;
    }
    ClientHellos.Lookup lookup;
    try {
      lookup = ClientHellos.serverName(in, maxClientHelloLength);
    } catch (SSLException e) {
      done = true;
      in.skipBytes(in.readableBytes());
      ctx.fireUserEventTriggered(new SniCompletionEvent(null, e));
      ctx.executor().execute(() -> ctx.channel().close());
      throw e;
    }
    if (!lookup.complete()) {
      return;
    }
    done = true;
    hostName = lookup.hostName();
    SslHandler ssl;
    try {
      SslContext context = Objects.requireNonNull(mapping.apply(hostName), "SNI mapping result");
      ssl = context.newHandler();
    } catch (RuntimeException e) {
      in.skipBytes(in.readableBytes());
      ctx.fireUserEventTriggered(new SniCompletionEvent(hostName, e));
      ctx.executor().execute(() -> ctx.channel().close());
      throw e;
    }
    // The hello stays unread: on removal it is handed to the new handler.
    ctx.pipeline().replace(this, ctx.name(), ssl);
    ctx.fireUserEventTriggered(new SniCompletionEvent(hostName, null));
  }

  private void fail(ChannelHandlerContext ctx, Exception cause) {
    done = true;
    ctx.fireUserEventTriggered(new SniCompletionEvent(null, cause));
    ctx.fireExceptionCaught(cause);
    ctx.close();
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    if (timeout != null) {
      timeout.cancel(false);
    }
  }
}
