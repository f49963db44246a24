package io.tern.transport.socket;

import io.tern.transport.channel.ChannelException;
import java.net.InetSocketAddress;

/**
 * A received datagram did not fit its receive buffer and was dropped. A datagram channel fires it
 * through {@code exceptionCaught} and stays open; the next datagrams are read as usual. The buffer
 * size comes from the channel's {@code RCVBUF_ALLOCATOR} (see the datagram channel's transport for
 * the default): raise it to accept longer datagrams.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; any thread may read it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: the truncated datagram was released before it was fired.
 */
public class DatagramTruncatedException extends ChannelException {
  private static final long serialVersionUID = 1L;

  /** Not serialized: the exception is for the pipeline, not for the wire. */
  private final transient InetSocketAddress sender;

  private final int maxDatagramBytes;

  /**
   * Creates the exception.
   *
   * @param sender where the datagram came from
   * @param maxDatagramBytes the longest datagram the receive buffer could hold whole
   */
  public DatagramTruncatedException(InetSocketAddress sender, int maxDatagramBytes) {
    super(
        "datagram from "
            + sender
            + " longer than "
            + maxDatagramBytes
            + " bytes dropped (raise the RCVBUF_ALLOCATOR's buffer size to accept it)");
    this.sender = sender;
    this.maxDatagramBytes = maxDatagramBytes;
  }

  /**
   * Returns where the dropped datagram came from.
   *
   * @return the sender, or {@code null} after deserialization
   */
  public InetSocketAddress sender() {
    return sender;
  }

  /**
   * Returns the longest datagram the receive buffer could hold whole.
   *
   * @return bytes
   */
  public int maxDatagramBytes() {
    return maxDatagramBytes;
  }
}
