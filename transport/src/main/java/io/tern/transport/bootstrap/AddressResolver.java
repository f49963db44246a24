package io.tern.transport.bootstrap;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Turns the address given to {@link Bootstrap#connect} into one a channel can connect to, for
 * example a host name into an IP address. The hook for custom name resolution (an asynchronous DNS
 * client, service discovery, fixed test addresses).
 *
 * <h2>Threading</h2>
 *
 * <p>Called on the channel's event loop; must not block it: the returned future completes later, on
 * any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
@FunctionalInterface
public interface AddressResolver {
  /**
   * Resolves unresolved {@link InetSocketAddress}es with the JDK's {@link InetAddress#getByName} on
   * a virtual thread (so a slow name service never blocks an event loop); returns every other
   * address as it is.
   */
  AddressResolver DEFAULT = AddressResolver::resolveWithJdk;

  /** Returns every address as it is (no resolution). */
  AddressResolver NONE = (address, loop) -> loop.newSucceededFuture(address);

  /**
   * Resolves an address.
   *
   * @param address what the user asked to connect to
   * @param loop the channel's event loop (for promises)
   * @return completed with the address to connect to, or failed (e.g. {@link
   *     java.net.UnknownHostException})
   */
  Future<SocketAddress> resolve(SocketAddress address, EventLoop loop);

  private static Future<SocketAddress> resolveWithJdk(SocketAddress address, EventLoop loop) {
    if (!(address instanceof InetSocketAddress inet) || !inet.isUnresolved()) {
      return loop.newSucceededFuture(address);
    }
    Promise<SocketAddress> promise = loop.newPromise();
    Thread.ofVirtual()
        .name("tern-resolver")
        .start(
            () -> {
              try {
                InetAddress ip = InetAddress.getByName(inet.getHostString());
                promise.trySuccess(new InetSocketAddress(ip, inet.getPort()));
              } catch (Throwable t) {
                promise.tryFailure(t);
              }
            });
    return promise;
  }
}
