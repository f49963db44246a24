package io.tern.transport.socket;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * One UDP datagram: its content and addresses. A datagram channel reads each datagram as one packet
 * (sender: the peer, recipient: the channel's local address) and sends each packet written to it to
 * its recipient.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable apart from the content's indexes and count; the content is not thread-safe, so a
 * packet is used by one thread at a time.
 *
 * <h2>Ownership</h2>
 *
 * <p>A packet is reference counted through its content: {@link #retain()} and {@link #release()}
 * change the content's count, so releasing the packet releases the buffer. Whoever holds the last
 * reference releases it: the handler that consumes a received packet, or the channel once it has
 * sent (or failed to send) a written one.
 */
public final class DatagramPacket implements ReferenceCounted {
  private final ByteBuf content;
  private final InetSocketAddress recipient;
  private final InetSocketAddress sender;

  /**
   * Creates a packet to send.
   *
   * @param content the payload; the packet owns it from now on
   * @param recipient where to send it
   */
  public DatagramPacket(ByteBuf content, InetSocketAddress recipient) {
    this(content, recipient, null);
  }

  /**
   * Creates a packet.
   *
   * @param content the payload; the packet owns it from now on
   * @param recipient where it goes; {@code null} for a connected channel's peer
   * @param sender where it came from, or {@code null} (ignored when sending)
   */
  public DatagramPacket(ByteBuf content, InetSocketAddress recipient, InetSocketAddress sender) {
    this.content = Objects.requireNonNull(content, "content");
    this.recipient = recipient;
    this.sender = sender;
  }

  /**
   * Returns the payload.
   *
   * @return the content, owned by this packet
   */
  public ByteBuf content() {
    return content;
  }

  /**
   * Returns where the packet goes (for a received one: the receiving channel's local address).
   *
   * @return the recipient, or {@code null}
   */
  public InetSocketAddress recipient() {
    return recipient;
  }

  /**
   * Returns where the packet came from.
   *
   * @return the sender, or {@code null} for a packet created to be sent
   */
  public InetSocketAddress sender() {
    return sender;
  }

  /**
   * Returns a packet with the same addresses and another content.
   *
   * @param content the new content, owned by the new packet
   * @return the new packet
   */
  public DatagramPacket replace(ByteBuf content) {
    return new DatagramPacket(content, recipient, sender);
  }

  /**
   * Returns a packet with the same addresses and a copy of the readable content.
   *
   * @return a new packet, owning its own buffer
   */
  public DatagramPacket copy() {
    return replace(content.copy());
  }

  /**
   * Returns a packet with the same addresses sharing this content, with its own count reference.
   *
   * @return a new packet holding one more reference to the shared content
   */
  public DatagramPacket retainedDuplicate() {
    return replace(content.retainedDuplicate());
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public DatagramPacket retain() {
    content.retain();
    return this;
  }

  @Override
  public DatagramPacket retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public DatagramPacket touch() {
    content.touch();
    return this;
  }

  @Override
  public DatagramPacket touch(Object hint) {
    content.touch(hint);
    return this;
  }

  @Override
  public boolean release() {
    return content.release();
  }

  @Override
  public boolean release(int decrement) {
    return content.release(decrement);
  }

  @Override
  public String toString() {
    return "DatagramPacket("
        + sender
        + " => "
        + recipient
        + ", "
        + content.readableBytes()
        + " bytes)";
  }
}
