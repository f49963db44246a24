package io.tern.codec.haproxy;

import io.tern.common.AttributeKey;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.SocketAddress;

/**
 * Put after an {@link HAProxyMessageDecoder}: takes its {@link HAProxyMessage} and makes {@link
 * Channel#remoteAddress()} report the client the proxy names, for every handler after it and for
 * the application; then removes itself.
 *
 * <pre>{@code
 * pipeline.addLast(new HAProxyMessageDecoder(), new ProxiedAddressHandler(), new MyHandler());
 * // in MyHandler: ctx.channel().remoteAddress() is the client, not the proxy
 * }</pre>
 *
 * <p>The address is replaced only for a {@code PROXY} header with addresses ({@code TCP4}, {@code
 * TCP6}, {@code UDP4}, {@code UDP6}, or {@code UNIX_*} on a Unix-domain channel); a {@code LOCAL}
 * or {@code UNKNOWN} header, or an address the channel's type cannot report (a Unix path on a TCP
 * channel), leaves the connection's own. The message is kept as the channel attribute {@link
 * #MESSAGE} (its TLVs: SSL, ALPN, authority, ...) and fired as a user event.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop. Stateless: one instance may be shared ({@link #INSTANCE}).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the message it consumes holds none either. Other messages
 * pass on untouched.
 */
public final class ProxiedAddressHandler implements ChannelHandler {
  /** The channel attribute that holds the connection's {@link HAProxyMessage}. */
  public static final AttributeKey<HAProxyMessage> MESSAGE =
      AttributeKey.valueOf("io.tern.codec.haproxy.message");

  /** A shared instance. */
  public static final ProxiedAddressHandler INSTANCE = new ProxiedAddressHandler();

  /** Creates a handler; {@link #INSTANCE} serves every channel. */
  public ProxiedAddressHandler() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!(msg instanceof HAProxyMessage message)) {
      ctx.fireChannelRead(msg);
      return;
    }
    Channel channel = ctx.channel();
    channel.attr(MESSAGE).set(message);
    SocketAddress client = message.sourceSocketAddress();
    if (client != null) {
      try {
        channel.replaceRemoteAddress(client);
      } catch (IllegalArgumentException | UnsupportedOperationException | IllegalStateException e) {
        // The channel cannot report this kind of address (or is gone): keep its own.
      }
    }
    ctx.fireUserEventTriggered(message);
    ctx.pipeline().remove(this);
  }
}
