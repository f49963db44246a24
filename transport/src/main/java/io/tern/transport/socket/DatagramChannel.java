package io.tern.transport.socket;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.common.concurrent.Future;
import io.tern.transport.channel.Channel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;

/**
 * A UDP socket, whatever the transport. It reads {@link DatagramPacket}s and writes {@link
 * DatagramPacket}s (to their recipient); once {@linkplain #connect connected} it also writes plain
 * {@link io.tern.buffer.ByteBuf}s (to the peer) and receives only from the peer. It is active once
 * bound (a connect binds it too); {@link #disconnect()} drops the peer and leaves it open.
 *
 * <p><b>Multicast.</b> {@link #joinGroup} and {@link #leaveGroup} change the memberships of the
 * socket on one network interface, for any source or for one source (source-specific multicast,
 * where the platform supports it); {@link #block} stops one source of an any-source membership.
 * Outgoing multicast follows the {@code IP_MULTICAST_IF}, {@code IP_MULTICAST_TTL} and {@code
 * IP_MULTICAST_LOOP_DISABLED} options. A group's address family must suit the socket's: an IPv4
 * socket joins IPv4 groups; an IPv6 socket joins IPv6 groups and, on Linux, IPv4 ones.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link Channel}; the membership operations run on the event loop and complete their futures
 * there.
 *
 * <h2>Ownership</h2>
 *
 * <p>A received {@link DatagramPacket} belongs to the handler it is passed to; a written one
 * belongs to the channel, which releases it once sent or failed.
 */
public interface DatagramChannel extends Channel {
  @Override
  InetSocketAddress localAddress();

  @Override
  InetSocketAddress remoteAddress();

  /**
   * Tells whether the socket is connected to a peer.
   *
   * @return {@code true} between a successful connect and disconnect or close
   */
  boolean isConnected();

  /**
   * Joins a multicast group for any source on the default interface: the {@code IP_MULTICAST_IF}
   * option if set, else the interface that holds the bound local address.
   *
   * @param group the multicast address
   * @return completed once joined; failed if no interface can be determined
   */
  @CanIgnoreReturnValue
  Future<Void> joinGroup(InetAddress group);

  /**
   * Joins a multicast group for any source on an interface.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @return completed once joined
   */
  @CanIgnoreReturnValue
  Future<Void> joinGroup(InetAddress group, NetworkInterface networkInterface);

  /**
   * Joins a multicast group on an interface, receiving from one source only if {@code source} is
   * given (source-specific multicast; fails with {@link UnsupportedOperationException} where the
   * platform lacks it).
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the only sender to receive from, or {@code null} for any
   * @return completed once joined
   */
  @CanIgnoreReturnValue
  Future<Void> joinGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source);

  /**
   * Leaves an any-source membership on the default interface (see {@link #joinGroup(InetAddress)}).
   *
   * @param group the multicast address
   * @return completed once left; failed if there was no such membership
   */
  @CanIgnoreReturnValue
  Future<Void> leaveGroup(InetAddress group);

  /**
   * Leaves an any-source membership on an interface.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @return completed once left; failed if there was no such membership
   */
  @CanIgnoreReturnValue
  Future<Void> leaveGroup(InetAddress group, NetworkInterface networkInterface);

  /**
   * Leaves a membership, source-specific if {@code source} is given.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the source of a source-specific membership, or {@code null} for any-source
   * @return completed once left; failed if there was no such membership
   */
  @CanIgnoreReturnValue
  Future<Void> leaveGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source);

  /**
   * Stops receiving from one source of an any-source membership.
   *
   * @param group the multicast address of a membership joined for any source
   * @param networkInterface its interface
   * @param source the sender to block
   * @return completed once blocked; failed if there is no such membership
   */
  @CanIgnoreReturnValue
  Future<Void> block(InetAddress group, NetworkInterface networkInterface, InetAddress source);

  /**
   * Receives from a blocked source again.
   *
   * @param group the multicast address of a membership joined for any source
   * @param networkInterface its interface
   * @param source the sender to unblock
   * @return completed once unblocked; failed if there is no such membership
   */
  @CanIgnoreReturnValue
  Future<Void> unblock(InetAddress group, NetworkInterface networkInterface, InetAddress source);
}
