package io.tern.examples.dns;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.UsageException;
import io.tern.resolver.dns.DnsNameResolver;
import io.tern.resolver.dns.DnsNameResolverBuilder;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.nio.NioIoHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./run-example dns-lookup --name NAME [--server IP:PORT] [--type MX]}: resolves a name with
 * Tern's asynchronous resolver ({@link DnsNameResolver}) and prints its addresses, or, with {@code
 * --type}, asks one question and prints the answer records. Without {@code --server} the resolver
 * reads {@code /etc/resolv.conf} and {@code /etc/hosts} as the C library does.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #main} runs on the launching thread and waits for the resolver's future.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class DnsLookup {
  private DnsLookup() {}

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the lookup fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    String name = options.get("name", null);
    if (name == null) {
      throw new UsageException("--name NAME is required");
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      DnsNameResolverBuilder builder = DnsNameResolver.builder(group.next());
      String server = options.get("server", null);
      if (server != null) {
        int colon = server.lastIndexOf(':');
        if (colon < 0) {
          throw new UsageException("--server IP:PORT, e.g. 127.0.0.1:10053");
        }
        String host = server.substring(0, colon).replace("[", "").replace("]", "");
        builder.nameServers(
            List.of(
                new InetSocketAddress(
                    InetAddress.ofLiteral(host), Integer.parseInt(server.substring(colon + 1)))));
      }
      DnsNameResolver resolver = builder.build();
      String type = options.get("type", null);
      if (type == null) {
        for (InetAddress address : resolver.resolveAll(name).sync().getNow()) {
          System.out.println(address.getHostAddress());
        }
      } else {
        DnsMessage response =
            resolver
                .query(DnsQuestion.of(name, recordType(type.toUpperCase(Locale.ROOT))))
                .sync()
                .getNow();
        System.out.println(response.responseCode());
        for (DnsRecord r : response.answers()) {
          System.out.println(r);
        }
      }
      resolver.close().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  private static DnsRecordType recordType(String mnemonic) {
    for (DnsRecordType t :
        List.of(
            DnsRecordType.A,
            DnsRecordType.AAAA,
            DnsRecordType.CNAME,
            DnsRecordType.NS,
            DnsRecordType.PTR,
            DnsRecordType.MX,
            DnsRecordType.TXT,
            DnsRecordType.SRV,
            DnsRecordType.SOA,
            DnsRecordType.CAA,
            DnsRecordType.SVCB,
            DnsRecordType.HTTPS)) {
      if (t.toString().equals(mnemonic)) {
        return t;
      }
    }
    throw new UsageException("--type " + mnemonic + ": not a type this example knows");
  }
}
