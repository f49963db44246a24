package io.tern.handler.ipfilter;

import io.tern.transport.channel.ChannelHandlerContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Allows one connection per remote IP address at a time: a new channel from an address that already
 * has an open one is rejected. Channels without an IP remote address are accepted.
 *
 * <p>Thread-safe: share one instance between all the channels it should count (a concurrent set of
 * addresses; an address is freed when its channel closes).
 *
 * <h2>Threading</h2>
 *
 * Thread-safe: share one instance between all the channels it should count.
 *
 * <h2>Ownership</h2>
 *
 * Messages pass on unchanged; a refused channel is closed.
 */
public class UniqueIpFilter extends AbstractRemoteAddressFilter {
  private final Set<InetAddress> connected = ConcurrentHashMap.newKeySet();

  /** Creates a filter with no connected address. */
  public UniqueIpFilter() {}

  @Override
  protected boolean accept(ChannelHandlerContext ctx, SocketAddress remoteAddress) {
    if (!(remoteAddress instanceof InetSocketAddress ip) || ip.getAddress() == null) {
      return true;
    }
    InetAddress address = ip.getAddress();
    if (!connected.add(address)) {
      return false;
    }
    ctx.channel().closeFuture().addListener(f -> connected.remove(address));
    return true;
  }
}
