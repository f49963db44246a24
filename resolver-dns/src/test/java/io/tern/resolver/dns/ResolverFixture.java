package io.tern.resolver.dns;

import io.tern.common.concurrent.Future;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.nio.NioIoHandler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** An event loop for resolvers under test, and bounded waits. */
final class ResolverFixture implements AutoCloseable {
  final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  /** A builder that reads no system file: no resolv.conf, no hosts file, a short timeout. */
  DnsNameResolverBuilder builder(ScriptedDnsServer... servers) {
    Path none = Path.of("/nonexistent/tern-test");
    DnsNameResolverBuilder b =
        DnsNameResolver.builder(group.next())
            .resolvConf(none.resolve("resolv.conf"))
            .hostsFile(none.resolve("hosts"))
            .queryTimeout(Duration.ofSeconds(5))
            .attempts(1);
    if (servers.length > 0) {
      b.nameServers(java.util.Arrays.stream(servers).map(ScriptedDnsServer::address).toList());
    }
    return b;
  }

  /** Waits (bounded: a guard against a hang, not a timing assertion) and returns the result. */
  static <T> T get(Future<T> f) throws Exception {
    if (!f.await(30, TimeUnit.SECONDS)) {
      throw new AssertionError("not done in 30 s");
    }
    if (!f.isSuccess()) {
      throw new ExecutionException(f.cause());
    }
    return f.getNow();
  }

  /** Waits for a failure and returns its cause. */
  static Throwable failure(Future<?> f) throws Exception {
    if (!f.await(30, TimeUnit.SECONDS)) {
      throw new AssertionError("not done in 30 s");
    }
    if (f.isSuccess()) {
      throw new AssertionError("succeeded with " + f.getNow());
    }
    return f.cause();
  }

  @Override
  public void close() throws InterruptedException {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }
}
