package io.tern.transport.spi;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelOption;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.util.Objects;

/**
 * The multicast side of an {@link AbstractDatagramChannel}: each membership change runs on the
 * channel's loop through the socket's membership calls ({@link DatagramIo#joinGroup}, {@link
 * DatagramIo#leaveGroup}, {@link DatagramIo#block}) after the checks every transport shares (a
 * multicast group, an open channel, an interface to use), and completes its future there.
 *
 * <p>{@link #change} may be called from any thread; the rest runs on the loop.
 */
final class DatagramMemberships {
  /** What a call does to a membership. */
  enum Op {
    JOIN,
    LEAVE,
    BLOCK,
    UNBLOCK
  }

  private final AbstractDatagramChannel channel;

  DatagramMemberships(AbstractDatagramChannel channel) {
    this.channel = channel;
  }

  /**
   * Changes a membership on the loop.
   *
   * @param op what to do
   * @param group the multicast address
   * @param networkInterface the interface, or {@code null} for {@code IP_MULTICAST_IF} if set, else
   *     the interface of the bound address
   * @param source the source (required to block or unblock), or {@code null}
   * @return completes on the loop once the OS has answered
   */
  Future<Void> change(
      Op op, InetAddress group, NetworkInterface networkInterface, InetAddress source) {
    Promise<Void> promise = channel.newPromise();
    Runnable task = () -> run(promise, op, group, networkInterface, source);
    if (channel.eventLoop().inEventLoop()) {
      task.run();
    } else {
      channel.eventLoop().execute(task);
    }
    return promise;
  }

  private void run(
      Promise<Void> promise,
      Op op,
      InetAddress group,
      NetworkInterface networkInterface,
      InetAddress source) {
    try {
      Objects.requireNonNull(group, "group");
      if (!group.isMulticastAddress()) {
        throw new IllegalArgumentException("not a multicast address: " + group);
      }
      if (!channel.isOpen()) {
        throw new ClosedChannelException();
      }
      NetworkInterface ni = networkInterface != null ? networkInterface : defaultInterface();
      switch (op) {
        case JOIN -> channel.io().joinGroup(group, ni, source);
        case LEAVE -> channel.io().leaveGroup(group, ni, source);
        case BLOCK -> channel.io().block(group, ni, source, true);
        case UNBLOCK -> channel.io().block(group, ni, source, false);
      }
      promise.trySuccess(null);
    } catch (Throwable t) {
      promise.tryFailure(t);
    }
  }

  /** {@code IP_MULTICAST_IF} if set, else the interface of the bound address. */
  private NetworkInterface defaultInterface() throws IOException {
    NetworkInterface configured = channel.config().getOption(ChannelOption.IP_MULTICAST_IF);
    if (configured != null) {
      return configured;
    }
    InetSocketAddress local = channel.localAddress();
    NetworkInterface bound =
        local == null || local.getAddress().isAnyLocalAddress()
            ? null
            : NetworkInterface.getByInetAddress(local.getAddress());
    if (bound == null) {
      throw new SocketException(
          "no interface to join on: bound to "
              + local
              + " and IP_MULTICAST_IF not set; name the interface");
    }
    return bound;
  }
}
