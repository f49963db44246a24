package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DatagramDnsDecoder;
import io.tern.codec.dns.DatagramDnsEncoder;
import io.tern.codec.dns.DnsEnvelope;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.Edns;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.FixedRecvByteBufAllocator;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The UDP sockets queries go out on: a small pool of sockets, each bound to a port the kernel picks
 * at random, each carrying a bounded number of queries before it is retired and a newly bound one
 * takes its place. Every query goes out on a socket chosen at random, under an id chosen at random
 * among those not in flight on it; so an off-path attacker must guess the port and the id together,
 * and a port learnt once is soon useless.
 *
 * <p>Why a pool rather than a fresh socket per query: a socket per query costs a socket, a bind and
 * a registration with the event loop for every lookup, and as many open descriptors as queries in
 * flight; the pool keeps a fixed, small number open (plus retired ones draining their last answers)
 * while the port still changes every few hundred queries.
 *
 * <p>Used on the resolver's event loop only.
 */
final class UdpSockets {
  private final EventLoop loop;
  private final ResolverSettings settings;
  private final QueryIds ids;
  private final ResolverStats stats;
  private final UdpSocket[] slots;
  private final Set<UdpSocket> open = new LinkedHashSet<>();
  private boolean closed;

  UdpSockets(EventLoop loop, ResolverSettings settings, QueryIds ids, ResolverStats stats) {
    this.loop = loop;
    this.settings = settings;
    this.ids = ids;
    this.stats = stats;
    this.slots = new UdpSocket[settings.socketPoolSize()];
  }

  /**
   * Sends a query for {@code pending} on a socket of the pool under a fresh id.
   *
   * @return the handle that forgets the id again (on timeout)
   */
  Sent send(PendingQuery pending, int udpPayloadSize) {
    assert loop.inEventLoop();
    if (closed) {
      pending.sendFailed(new ClosedChannelException());
      return null;
    }
    int slot = ids.nextInt(slots.length);
    UdpSocket socket = slots[slot];
    if (socket == null || socket.retired || socket.dead) {
      socket = new UdpSocket();
      slots[slot] = socket;
      open.add(socket);
      socket.open();
      if (socket.dead) {
        pending.sendFailed(new ClosedChannelException());
        return null;
      }
    }
    int id = socket.register(pending);
    DnsMessage.Builder query =
        DnsMessage.builder().id(id).recursionDesired(true).addQuestion(pending.question());
    if (udpPayloadSize > 512) {
      query.edns(Edns.of(udpPayloadSize));
    }
    stats.udpQuery();
    socket.send(DnsEnvelope.to(query.build(), pending.server()), id);
    return new Sent(socket, id);
  }

  /** A query in flight on one socket under one id. */
  static final class Sent {
    private final UdpSocket socket;
    private final int id;

    private Sent(UdpSocket socket, int id) {
      this.socket = socket;
      this.id = id;
    }

    /** Forgets the id: an answer arriving later is dropped. */
    void forget() {
      socket.forget(id);
    }
  }

  /** Closes every socket; queries in flight fail at once. */
  Future<Void> close() {
    assert loop.inEventLoop();
    closed = true;
    Promise<Void> done = loop.newPromise();
    List<UdpSocket> all = new ArrayList<>(open);
    if (all.isEmpty()) {
      done.setSuccess(null);
      return done;
    }
    int[] left = {all.size()};
    for (UdpSocket s : all) {
      s.closed()
          .addListener(
              f -> {
                if (--left[0] == 0) {
                  done.trySuccess(null);
                }
              });
      s.closeNow(new ClosedChannelException());
    }
    return done;
  }

  /** A query waiting for its socket to be bound. */
  private record Queued(DnsEnvelope envelope, int id) {}

  /** One bound UDP socket and the queries in flight on it, by id. */
  private final class UdpSocket implements ChannelHandler {
    private final Map<Integer, PendingQuery> inFlight = new HashMap<>();
    private final Promise<Void> closedPromise = loop.newPromise();
    private List<Queued> waiting = new ArrayList<>();
    private Channel channel;
    private int issued;
    private boolean retired;
    private boolean dead;

    void open() {
      closedPromise.addListener(f -> open.remove(this));
      try {
        bind();
      } catch (RuntimeException e) {
        // The factory could not create a channel (a loop of another transport, say).
        dead = true;
        closedPromise.trySuccess(null);
      }
    }

    private void bind() {
      new Bootstrap()
          .group(loop)
          .channelFactory(settings.datagramChannelFactory())
          .option(
              ChannelOption.RCVBUF_ALLOCATOR,
              new FixedRecvByteBufAllocator(Math.max(settings.udpPayloadSize(), 4096) + 1))
          .handler(
              new ChannelInitializer<Channel>() {
                @Override
                protected void initChannel(Channel ch) {
                  stats.opened(ch);
                  ch.closeFuture().addListener(f -> closedPromise.trySuccess(null));
                  ch.pipeline()
                      .addLast(
                          new DatagramDnsDecoder(settings.limits()),
                          new DatagramDnsEncoder(),
                          UdpSocket.this);
                }
              })
          .bind(settings.localAddress())
          .addListener(
              f -> {
                if (!f.isSuccess()) {
                  closeNow(f.cause());
                  closedPromise.trySuccess(null);
                  return;
                }
                channel = f.getNow();
                if (dead) {
                  channel.close();
                  return;
                }
                List<Queued> queued = waiting;
                waiting = null;
                for (Queued q : queued) {
                  write(q.envelope(), q.id());
                }
              });
    }

    Future<Void> closed() {
      return closedPromise;
    }

    int register(PendingQuery pending) {
      int id;
      do {
        id = ids.nextId();
      } while (inFlight.containsKey(id));
      inFlight.put(id, pending);
      if (++issued >= settings.queriesPerSocket()) {
        retired = true;
      }
      return id;
    }

    void send(DnsEnvelope envelope, int id) {
      if (waiting != null) {
        waiting.add(new Queued(envelope, id));
      } else {
        write(envelope, id);
      }
    }

    private void write(DnsEnvelope envelope, int id) {
      if (!inFlight.containsKey(id)) {
        return; // timed out or cancelled before the socket was bound
      }
      channel
          .writeAndFlush(envelope)
          .addListener(
              f -> {
                if (!f.isSuccess()) {
                  PendingQuery p = inFlight.remove(id);
                  if (p != null) {
                    p.sendFailed(f.cause());
                  }
                  closeIfDrained();
                }
              });
    }

    void forget(int id) {
      inFlight.remove(id);
      closeIfDrained();
    }

    private void closeIfDrained() {
      if (retired && inFlight.isEmpty() && !dead) {
        dead = true;
        if (channel != null) {
          channel.close();
        }
      }
    }

    /** Fails everything in flight and closes the socket. */
    void closeNow(Throwable cause) {
      dead = true;
      if (channel != null) {
        channel.close();
      }
      List<PendingQuery> pending = new ArrayList<>(inFlight.values());
      inFlight.clear();
      for (PendingQuery p : pending) {
        p.sendFailed(cause);
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (!(msg instanceof DnsEnvelope envelope)) {
        ReferenceCountUtil.release(msg);
        stats.dropped();
        return;
      }
      DnsMessage response = envelope.message();
      PendingQuery p = inFlight.get(response.id());
      if (p == null
          || !ResponseCheck.sameEndpoint(p.server(), envelope.sender())
          || !ResponseCheck.answers(response, p.question())) {
        stats.dropped(); // unknown id, wrong source or wrong question: keep waiting
        return;
      }
      inFlight.remove(response.id());
      closeIfDrained();
      p.answered(response);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // A datagram that does not decode, one too long for the buffer, an ICMP error: whatever it
      // was, it answered nothing, and the queries in flight wait on for their own answers.
      stats.dropped();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      if (!dead) {
        closeNow(new ClosedChannelException());
      }
    }
  }
}
