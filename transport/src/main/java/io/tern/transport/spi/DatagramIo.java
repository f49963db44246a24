package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;

/**
 * The calls a UDP socket answers, as an {@link AbstractDatagramChannel} makes them: its state and
 * addresses, bind, connect and disconnect, receiving and sending datagrams (one per call, or a
 * batch where the OS has {@code recvmmsg}/{@code sendmmsg}), and multicast memberships. A transport
 * implements it once over its socket layer (the JDK's {@code DatagramChannel}, or system calls) and
 * hands it to its datagram channels through {@link AbstractDatagramChannel#io()}; the read and
 * write loops, the checks and the events are the channel's, so every transport behaves alike.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #isOpen()}, {@link #isBound()}, {@link #isConnected()} may be called from any thread;
 * the rest only on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>The buffers passed to {@link #receive} and {@link #send} stay their callers'; {@link
 * #toSendable} takes ownership of its argument only when it returns a different buffer. Closing
 * releases the socket (and every membership with it).
 */
public interface DatagramIo {
  /**
   * Tells whether the socket is open.
   *
   * @return {@code false} once closed
   */
  boolean isOpen();

  /**
   * Tells whether the socket is open and bound (explicitly, or by a connect).
   *
   * @return {@code true} if the channel is active
   */
  boolean isBound();

  /**
   * Tells whether the socket is open and connected to one peer.
   *
   * @return {@code true} if connected
   */
  boolean isConnected();

  /**
   * Returns the bound address.
   *
   * @return the address, or {@code null} if unbound or closed
   */
  SocketAddress localAddress();

  /**
   * Returns the connected peer.
   *
   * @return the address, or {@code null} if not connected or closed
   */
  SocketAddress remoteAddress();

  /**
   * Binds the socket.
   *
   * @param localAddress the address
   * @throws IOException if the OS refuses
   */
  void bind(SocketAddress localAddress) throws IOException;

  /**
   * Connects the socket to one peer (UDP has no handshake: done at once), binding it first to
   * {@code localAddress} if given, else to an ephemeral port if unbound.
   *
   * @param remoteAddress the peer
   * @param localAddress the local address, or {@code null}
   * @throws IOException if the OS refuses
   */
  void connect(SocketAddress remoteAddress, SocketAddress localAddress) throws IOException;

  /**
   * Dissolves the connection; the socket stays bound to the address it had.
   *
   * @throws IOException if the OS refuses
   */
  void disconnect() throws IOException;

  /**
   * Closes the socket, dropping every membership.
   *
   * @throws IOException if closing fails (the socket is closed anyway)
   */
  void close() throws IOException;

  /**
   * Returns how many datagrams {@link #receive} and {@link #send} may move in one call.
   *
   * @return at least 1; constant for the socket's life
   */
  int maxDatagramsPerCall();

  /**
   * Receives up to {@code count} datagrams without blocking: datagram {@code i} into {@code
   * buffers[i]}'s writable bytes (advancing its writer index, truncating what does not fit), its
   * sender into {@code senders[i]}.
   *
   * @param buffers {@code count} empty buffers, still owned by the caller
   * @param senders where to store the senders
   * @param count at most {@link #maxDatagramsPerCall()}
   * @return how many datagrams were received, from index 0; 0 if none was ready
   * @throws IOException if the receive fails before any datagram
   */
  int receive(ByteBuf[] buffers, InetSocketAddress[] senders, int count) throws IOException;

  /**
   * Sends up to {@code count} datagrams without blocking, in order; does not change the buffers'
   * indexes.
   *
   * @param contents the payloads
   * @param recipients their destinations, {@code null} entries for the connected peer
   * @param count at most {@link #maxDatagramsPerCall()}
   * @return how many were sent, from index 0; 0 if the socket cannot take the first now
   * @throws IOException if the first datagram fails (that write fails; the channel stays open)
   */
  int send(ByteBuf[] contents, InetSocketAddress[] recipients, int count) throws IOException;

  /**
   * Converts a payload before it is queued for sending (to direct memory, say); the default keeps
   * it.
   *
   * @param content the payload, owned by the caller; if a new buffer is returned, this method has
   *     released {@code content}
   * @return the payload to queue
   */
  default ByteBuf toSendable(ByteBuf content) {
    return content;
  }

  /**
   * Joins a group.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the only source, or {@code null} for any
   * @throws IOException if the OS refuses
   */
  void joinGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException;

  /**
   * Leaves a group.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the source of a source-specific membership, or {@code null}
   * @throws IOException if the OS refuses or there is no such membership
   */
  void leaveGroup(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException;

  /**
   * Blocks or unblocks a source of an any-source membership.
   *
   * @param group the multicast address
   * @param networkInterface the interface
   * @param source the source
   * @param block {@code true} to block, {@code false} to unblock
   * @throws IOException if the OS refuses or there is no such membership
   */
  void block(
      InetAddress group, NetworkInterface networkInterface, InetAddress source, boolean block)
      throws IOException;
}
