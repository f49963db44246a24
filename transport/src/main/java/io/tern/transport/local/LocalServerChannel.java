package io.tern.transport.local;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.spi.AbstractServerChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.net.BindException;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Listens on a {@link LocalAddress} for {@link LocalChannel}s of the same JVM. Each connect creates
 * the server-side {@link LocalChannel} on a loop of the child group; it is accepted (fired as
 * {@code channelRead}) when the server reads, like a socket's backlog.
 *
 * <p>Binding an address another server holds fails with {@link BindException}. Runs on a loop of a
 * {@link LocalIoHandler} group.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link Channel}.
 *
 * <h2>Ownership</h2>
 *
 * <p>An accepted {@link LocalChannel} belongs to the handler that receives it in {@code
 * channelRead}.
 */
public class LocalServerChannel extends AbstractServerChannel {
  static final ConcurrentMap<LocalAddress, LocalServerChannel> BOUND = new ConcurrentHashMap<>();
  private static final LocalIoHandler.Ready ACCEPT = new LocalIoHandler.Ready(1);

  private final DefaultChannelConfig config = new DefaultChannelConfig(this);
  private final Queue<LocalChannel> backlog = new ArrayDeque<>();
  private final Handle handle = new Handle();
  private volatile LocalAddress address;
  private volatile boolean open = true;
  private boolean acceptInterested;

  /**
   * Creates an unbound server channel.
   *
   * @param eventLoop the channel's loop (running a {@link LocalIoHandler})
   * @param childGroup the group whose loops the accepted channels run on
   */
  public LocalServerChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    super(eventLoop, childGroup);
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public LocalAddress localAddress() {
    return (LocalAddress) super.localAddress();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public boolean isActive() {
    return open && address != null;
  }

  @Override
  protected IoHandle ioHandle() {
    return handle;
  }

  @Override
  protected SocketAddress queryLocalAddress() {
    return address;
  }

  @Override
  protected void doBind(SocketAddress localAddress) throws BindException {
    LocalAddress requested = (LocalAddress) localAddress;
    LocalAddress a = LocalAddress.ANY.equals(requested) ? LocalAddress.ephemeral() : requested;
    LocalServerChannel holder = BOUND.putIfAbsent(a, this);
    if (holder != null) {
      throw new BindException("Address already in use: " + a);
    }
    address = a;
  }

  @Override
  protected void doClose() {
    open = false;
    LocalAddress a = address;
    if (a != null) {
      BOUND.remove(a, this);
    }
    LocalChannel pending;
    while ((pending = backlog.poll()) != null) {
      pending.close(); // its client sees the end of the stream
    }
  }

  @Override
  protected void readInterest(boolean interested) {
    acceptInterested = interested;
    if (interested && !backlog.isEmpty()) {
      registration().submit(ACCEPT);
    }
  }

  @Override
  protected Channel doAccept() {
    return backlog.poll();
  }

  /** A client connects: creates its peer on a child loop and queues it for accepting. */
  void serve(LocalChannel client) {
    eventLoop()
        .execute(
            () -> {
              if (!isActive()) {
                client.refused();
                return;
              }
              LocalChannel child = new LocalChannel(this, childGroup().next(), client);
              backlog.add(child);
              client.accepted(child);
              if (acceptInterested) {
                acceptReady();
              }
            });
  }

  /** Accepts when the loop delivers a wake-up and the server still wants connections. */
  private final class Handle implements IoHandle {
    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      if (acceptInterested) {
        acceptReady();
      }
    }

    @Override
    public void close() {
      closeNow(null);
    }
  }
}
