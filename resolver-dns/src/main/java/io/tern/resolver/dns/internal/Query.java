package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.resolver.dns.DnsNameResolverException;
import io.tern.resolver.dns.DnsNameResolverTimeoutException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One question asked of the name servers until one gives a usable answer: {@code attempts} rounds
 * over the servers (from the first, or from the next in turn with {@code rotate}), each attempt
 * waiting {@code timeout}. A truncated answer is asked again over TCP of the same server. {@code
 * NOERROR} and {@code NXDOMAIN} are answers; any other code ({@code SERVFAIL}, {@code REFUSED},
 * ...) moves on to the next server, as a timeout does.
 *
 * <p>Each attempt is its own {@link PendingQuery}, so a late callback of an attempt that already
 * ended (an answer racing its timeout) finds it finished and does nothing.
 *
 * <p>Used on the resolver's event loop only.
 */
final class Query {
  private final ResolverEngine engine;
  private final String hostname;
  private final DnsQuestion question;
  private final Promise<DnsMessage> promise;
  private final List<InetSocketAddress> servers;
  private final int first;
  private final int total;
  private int tried;
  private DnsResponseCode lastCode;
  private Throwable lastError;

  Query(
      ResolverEngine engine,
      String hostname,
      DnsQuestion question,
      int firstServer,
      Promise<DnsMessage> promise) {
    this.engine = engine;
    this.hostname = hostname;
    this.question = question;
    this.promise = promise;
    this.servers = engine.settings().nameServers();
    this.first = firstServer;
    this.total = servers.size() * engine.settings().attempts();
  }

  void start() {
    next();
  }

  private void next() {
    if (promise.isDone()) {
      return;
    }
    if (engine.isClosed()) {
      promise.tryFailure(new DnsNameResolverException(hostname, null, "the resolver is closed"));
      return;
    }
    if (tried == total) {
      fail();
      return;
    }
    InetSocketAddress server = servers.get((first + tried) % servers.size());
    tried++;
    new Attempt(server).start();
  }

  private void fail() {
    DnsNameResolverException e;
    if (lastCode != null) {
      e =
          new DnsNameResolverException(
              hostname,
              lastCode,
              "no server answered "
                  + question.name()
                  + " "
                  + question.type()
                  + " (last: "
                  + lastCode
                  + ")");
    } else {
      e =
          new DnsNameResolverTimeoutException(
              hostname,
              "no answer to "
                  + question.name()
                  + " "
                  + question.type()
                  + " from "
                  + servers
                  + " in "
                  + total
                  + " attempts of "
                  + engine.settings().queryTimeoutMillis()
                  + " ms");
    }
    if (lastError != null) {
      e.initCause(lastError);
    }
    promise.tryFailure(e);
  }

  private void answered(InetSocketAddress server, DnsMessage response) {
    if (response.isTruncated() && engine.settings().tcpFallback()) {
      engine
          .tcp(server, question)
          .addListener(
              f -> {
                if (f.isSuccess()) {
                  decide(f.getNow());
                } else {
                  lastError = f.cause();
                  next();
                }
              });
      return;
    }
    decide(response);
  }

  private void decide(DnsMessage response) {
    DnsResponseCode code = response.responseCode();
    if (code.equals(DnsResponseCode.NOERROR) || code.equals(DnsResponseCode.NXDOMAIN)) {
      promise.trySuccess(response);
    } else {
      lastCode = code;
      next();
    }
  }

  /** One try at one server over UDP. */
  private final class Attempt implements PendingQuery {
    private final InetSocketAddress server;
    private boolean finished;
    private UdpSockets.Sent sent;
    private ScheduledFuture<?> timer;

    Attempt(InetSocketAddress server) {
      this.server = server;
    }

    void start() {
      try {
        sent = engine.sockets().send(this, engine.settings().udpPayloadSize());
      } catch (RuntimeException e) {
        sendFailed(e);
        return;
      }
      if (!finished) {
        timer =
            engine
                .loop()
                .schedule(
                    this::timedOut, engine.settings().queryTimeoutMillis(), TimeUnit.MILLISECONDS);
      }
    }

    private void timedOut() {
      if (finished) {
        return;
      }
      finished = true;
      if (sent != null) {
        sent.forget();
      }
      next();
    }

    private void cancelTimer() {
      if (timer != null) {
        timer.cancel(false);
      }
    }

    @Override
    public DnsQuestion question() {
      return question;
    }

    @Override
    public InetSocketAddress server() {
      return server;
    }

    @Override
    public void answered(DnsMessage response) {
      if (finished) {
        return;
      }
      finished = true;
      cancelTimer();
      Query.this.answered(server, response);
    }

    @Override
    public void sendFailed(Throwable cause) {
      if (finished) {
        return;
      }
      finished = true;
      cancelTimer();
      lastError = cause;
      next();
    }
  }
}
