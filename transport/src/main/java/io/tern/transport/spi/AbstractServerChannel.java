package io.tern.transport.spi;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.ServerChannel;
import java.io.IOException;
import java.net.SocketAddress;
import java.util.Objects;

/**
 * A listening channel over a readiness-based transport: the accept loop. A transport implements
 * {@link #doAccept()} (one non-blocking accept that creates the child on a loop of {@link
 * #childGroup()}), {@link #readInterest(boolean)}, {@link #doBind} and {@link #doClose()}, and
 * calls {@link #acceptReady()} when its {@code IoHandler} reports a pending connection.
 *
 * <p>The accept loop fires one {@code channelRead} per accepted child (at most {@link
 * ChannelConfig#maxMessagesPerRead()} per loop), then {@code channelReadComplete}. An accept that
 * fails with an {@link IOException} (too many open files, say) is fired as {@code exceptionCaught}
 * and the server keeps listening. A server channel does not connect or write.
 *
 * <h2>Threading</h2>
 *
 * <p>Everything here runs on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>An accepted child belongs to the handler it is fired to (the server bootstrap registers it); a
 * child that cannot be created has its socket closed by the transport.
 */
public abstract class AbstractServerChannel extends AbstractChannel implements ServerChannel {
  private final EventLoopGroup childGroup;
  private boolean readPending;
  private boolean readInterested;

  /**
   * Creates the channel.
   *
   * @param eventLoop the server channel's event loop
   * @param childGroup the group of the accepted children's loops
   */
  protected AbstractServerChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    super(null, eventLoop);
    this.childGroup = Objects.requireNonNull(childGroup, "childGroup");
  }

  @Override
  public final EventLoopGroup childGroup() {
    return childGroup;
  }

  /**
   * Accepts one pending connection without blocking.
   *
   * @return the new child, bound to a loop of {@link #childGroup()} and not yet registered, or
   *     {@code null} if none is pending
   * @throws IOException if accepting fails
   */
  protected abstract Channel doAccept() throws IOException;

  /**
   * Asks the event loop to report (or stop reporting) pending connections; called only on change.
   *
   * @param interested whether to report
   */
  protected abstract void readInterest(boolean interested);

  @Override
  protected SocketAddress queryRemoteAddress() {
    return null;
  }

  @Override
  protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress) {
    throw new UnsupportedOperationException("a server channel does not connect");
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) {
    throw new UnsupportedOperationException("a server channel does not write");
  }

  @Override
  protected Object filterOutboundMessage(Object msg) {
    throw new UnsupportedOperationException("a server channel does not write");
  }

  @Override
  protected void doBeginRead() {
    readPending = true;
    setReadInterest(true);
  }

  @Override
  protected void onAutoReadCleared() {
    readPending = false;
    setReadInterest(false);
  }

  private void setReadInterest(boolean on) {
    if (readInterested != on && isOpen()) {
      readInterested = on;
      readInterest(on);
    }
  }

  /** Runs the accept loop; the transport calls it when a connection is pending. */
  protected final void acceptReady() {
    ChannelConfig config = config();
    ChannelPipeline pipeline = pipeline();
    int max = config.maxMessagesPerRead();
    try {
      for (int accepted = 0; accepted < max && isOpen(); accepted++) {
        Channel child = doAccept();
        if (child == null) {
          break;
        }
        readPending = false;
        pipeline.fireChannelRead(child);
        if (!config.autoRead()) {
          break;
        }
      }
      readComplete();
    } catch (Throwable t) {
      readComplete();
      pipeline.fireExceptionCaught(t);
      if (!(t instanceof IOException)) {
        closeNow(t);
      }
    } finally {
      if (!readPending && !config.autoRead()) {
        setReadInterest(false);
      }
    }
  }
}
