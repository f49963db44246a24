package io.tern.handler.pcap;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * Records the bytes a channel reads and writes into a {@link PcapWriter}, wrapped in synthesized
 * Ethernet, IP and TCP or UDP headers so that Wireshark shows the channel's traffic as a normal
 * conversation: for TCP a three-way handshake when the channel is active, every buffer read or
 * written as a segment (split at 65,495 bytes) with consistent sequence numbers and an
 * acknowledgement, and a FIN exchange, started by whichever side closed, when it becomes inactive.
 *
 * <p>Only {@link ByteBuf} messages are recorded (put the handler first in the pipeline to see the
 * bytes on the wire); the rest pass by. Everything passes on unchanged. A write failure of the
 * capture file is logged once and ends the capture; the channel is not affected.
 *
 * <p>The addresses in the capture are those given to the {@link Builder}, else the channel's own
 * when they are IP socket addresses, else documentation placeholders ({@code 192.0.2.1:40001}
 * local, {@code 192.0.2.2:40002} remote), as for an {@code EmbeddedChannel}. Which end opened the
 * connection is the builder's word, else whether the channel has a parent (was accepted).
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel (it keeps the TCP sequence numbers).
 *
 * <h2>Ownership</h2>
 *
 * It never consumes or releases messages.
 */
public final class PcapWriteHandler implements ChannelHandler {
  private static final System.Logger LOGGER = System.getLogger(PcapWriteHandler.class.getName());
  private static final InetSocketAddress PLACEHOLDER_LOCAL =
      new InetSocketAddress(InetAddress.ofLiteral("192.0.2.1"), 40001);
  private static final InetSocketAddress PLACEHOLDER_REMOTE =
      new InetSocketAddress(InetAddress.ofLiteral("192.0.2.2"), 40002);

  private final PcapWriter writer;
  private final boolean udp;
  private final Boolean serverOverride;
  private final InetSocketAddress localOverride;
  private final InetSocketAddress remoteOverride;
  private boolean server;
  private InetSocketAddress local = PLACEHOLDER_LOCAL;
  private InetSocketAddress remote = PLACEHOLDER_REMOTE;

  private boolean started;
  private boolean finished;
  private boolean closedLocally;
  private boolean failed;
  private int sendSeq; // next sequence number local -> remote
  private int receiveSeq; // next sequence number remote -> local

  private PcapWriteHandler(Builder b) {
    this.writer = b.writer;
    this.udp = b.udp;
    this.serverOverride = b.server;
    this.localOverride = b.localAddress;
    this.remoteOverride = b.remoteAddress;
  }

  /**
   * Starts describing a handler that writes into {@code writer}.
   *
   * @param writer the capture file, possibly shared with other channels
   * @return a builder
   */
  public static Builder builder(PcapWriter writer) {
    return new Builder(writer);
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (ctx.channel().isActive()) {
      start(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    start(ctx);
    ctx.fireChannelActive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof ByteBuf buf) {
      record(ctx, buf, false);
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof ByteBuf buf) {
      record(ctx, buf, true);
    }
    ctx.write(msg, promise);
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    closedLocally = true;
    ctx.close(promise);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    finish();
    ctx.fireChannelInactive();
  }

  /** Resolves the addresses, then writes the three-way handshake, from the client end. */
  private void start(ChannelHandlerContext ctx) {
    if (started) {
      return;
    }
    started = true;
    local = resolve(localOverride, ctx.channel().localAddress(), PLACEHOLDER_LOCAL);
    remote = resolve(remoteOverride, ctx.channel().remoteAddress(), PLACEHOLDER_REMOTE);
    server = serverOverride != null ? serverOverride : ctx.channel().parent() != null;
    if (udp) {
      return;
    }
    boolean clientIsLocal = !server;
    // Sequence numbers start at 0 (Wireshark shows relative numbers anyway); SYN takes one.
    segment(clientIsLocal, 0, 0, Packets.SYN);
    segment(!clientIsLocal, 0, 1, Packets.SYN | Packets.ACK);
    segment(clientIsLocal, 1, 1, Packets.ACK);
    sendSeq = 1;
    receiveSeq = 1;
  }

  /** FIN from the side that closed, FIN+ACK back, final ACK. */
  private void finish() {
    if (!started || finished || udp) {
      finished = true;
      return;
    }
    finished = true;
    boolean local = closedLocally;
    int closerSeq = local ? sendSeq : receiveSeq;
    int otherSeq = local ? receiveSeq : sendSeq;
    segment(local, closerSeq, otherSeq, Packets.FIN | Packets.ACK);
    segment(!local, otherSeq, closerSeq + 1, Packets.FIN | Packets.ACK);
    segment(local, closerSeq + 1, otherSeq + 1, Packets.ACK);
  }

  private static InetSocketAddress resolve(
      InetSocketAddress given, java.net.SocketAddress actual, InetSocketAddress placeholder) {
    if (given != null) {
      return given;
    }
    if (actual instanceof InetSocketAddress ip && !ip.isUnresolved()) {
      return ip;
    }
    return placeholder;
  }

  private void record(ChannelHandlerContext ctx, ByteBuf buf, boolean fromLocal) {
    if (finished || failed) {
      return;
    }
    if (!started) {
      start(ctx);
    }
    int index = buf.readerIndex();
    int remaining = buf.readableBytes();
    do {
      int length = Math.min(remaining, Packets.MAX_PAYLOAD);
      InetSocketAddress src = fromLocal ? local : remote;
      InetSocketAddress dst = fromLocal ? remote : local;
      if (udp) {
        write(Packets.udp(src, dst, fromLocal, buf, index, length));
      } else {
        int seq = fromLocal ? sendSeq : receiveSeq;
        int ack = fromLocal ? receiveSeq : sendSeq;
        write(
            Packets.tcp(
                src, dst, fromLocal, seq, ack, Packets.PSH | Packets.ACK, buf, index, length));
        if (fromLocal) {
          sendSeq += length;
        } else {
          receiveSeq += length;
        }
        segment(!fromLocal, ack, seq + length, Packets.ACK);
      }
      index += length;
      remaining -= length;
    } while (remaining > 0);
  }

  private void segment(boolean fromLocal, int seq, int ack, int flags) {
    InetSocketAddress src = fromLocal ? local : remote;
    InetSocketAddress dst = fromLocal ? remote : local;
    write(Packets.tcp(src, dst, fromLocal, seq, ack, flags, null, 0, 0));
  }

  private void write(byte[] frame) {
    if (failed) {
      return;
    }
    try {
      writer.write(frame);
    } catch (IOException e) {
      failed = true;
      if (!writer.isClosed()) {
        LOGGER.log(Level.WARNING, "pcap capture stopped: cannot write the capture file", e);
      }
    }
  }

  /** Describes a {@link PcapWriteHandler}; not thread-safe. */
  public static final class Builder {
    private final PcapWriter writer;
    private boolean udp;
    private Boolean server;
    private InetSocketAddress localAddress;
    private InetSocketAddress remoteAddress;

    private Builder(PcapWriter writer) {
      this.writer = Objects.requireNonNull(writer, "writer");
    }

    /**
     * Records the traffic as UDP datagrams (no handshake, no sequence numbers).
     *
     * @return this builder
     */
    public Builder udp() {
      this.udp = true;
      return this;
    }

    /**
     * Says which end opened the connection, for the synthesized TCP handshake.
     *
     * @param server {@code true} if this channel accepted the connection; default: whether the
     *     channel has a parent (a server channel accepted it)
     * @return this builder
     */
    public Builder server(boolean server) {
      this.server = server;
      return this;
    }

    /**
     * Sets the addresses shown in the capture instead of the channel's own.
     *
     * @param localAddress this end's address (must be resolved)
     * @param remoteAddress the peer's address (must be resolved)
     * @return this builder
     * @throws IllegalArgumentException if an address is unresolved
     */
    public Builder addresses(InetSocketAddress localAddress, InetSocketAddress remoteAddress) {
      if (localAddress.isUnresolved() || remoteAddress.isUnresolved()) {
        throw new IllegalArgumentException("pcap addresses must be resolved");
      }
      this.localAddress = localAddress;
      this.remoteAddress = remoteAddress;
      return this;
    }

    /**
     * Creates the handler; one per channel.
     *
     * @return the handler
     */
    public PcapWriteHandler build() {
      return new PcapWriteHandler(this);
    }
  }
}
