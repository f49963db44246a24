package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsAddressRecord;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsNameRecord;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.codec.dns.DnsSoaRecord;
import io.tern.common.concurrent.Promise;
import io.tern.resolver.dns.DnsNameResolverException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The addresses of one type for one absolute name, through the cache and the name servers,
 * following CNAMEs: within one answer (a recursive server returns the whole chain), then with a new
 * query for a chain's end that the answer has no data for. Only records on the chain count: an
 * answer's records for other names are ignored and never cached, so a server cannot plant data for
 * names nobody asked it about. Every name on the chain is remembered; meeting one again is a loop,
 * and a chain longer than {@code maxCnameDepth} is refused, both with a {@link
 * DnsNameResolverException}. Only the first {@code maxAnswerRecords} answer records are examined.
 *
 * <p>Used on the resolver's event loop only.
 */
final class AddressLookup {
  private final ResolverEngine engine;
  private final String hostname;
  private final DnsRecordType type;
  private final Promise<TypeAnswer> promise;
  private final Set<String> chain = new HashSet<>();

  AddressLookup(
      ResolverEngine engine, String hostname, DnsRecordType type, Promise<TypeAnswer> promise) {
    this.engine = engine;
    this.hostname = hostname;
    this.type = type;
    this.promise = promise;
  }

  void start(String name) {
    if (visit(name)) {
      follow(name);
    }
  }

  /** Adds a name to the chain; fails the lookup on a loop or a chain too long. */
  private boolean visit(String name) {
    if (!chain.add(name.toLowerCase(Locale.ROOT))) {
      promise.tryFailure(
          new DnsNameResolverException(
              hostname, null, "CNAME loop at " + name + " (" + type + ")"));
      return false;
    }
    if (chain.size() - 1 > engine.settings().maxCnameDepth()) {
      promise.tryFailure(
          new DnsNameResolverException(
              hostname,
              null,
              "CNAME chain longer than " + engine.settings().maxCnameDepth() + " at " + name));
      return false;
    }
    return true;
  }

  private void follow(String name) {
    DnsCache cache = engine.cache();
    DnsCache.Entry cached = cache.get(name, type);
    if (cached instanceof DnsCache.Addresses a) {
      promise.trySuccess(TypeAnswer.of(a.addresses()));
      return;
    }
    if (cached instanceof DnsCache.Negative n) {
      promise.trySuccess(TypeAnswer.negative(n.responseCode()));
      return;
    }
    if (cache.get(name, DnsRecordType.CNAME) instanceof DnsCache.Alias alias) {
      if (visit(alias.target())) {
        follow(alias.target());
      }
      return;
    }
    engine
        .query(hostname, new DnsQuestion(name, type, DnsRecord.CLASS_IN))
        .addListener(
            f -> {
              if (f.isSuccess()) {
                answered(name, f.getNow());
              } else {
                promise.tryFailure(f.cause());
              }
            });
  }

  private void answered(String name, DnsMessage response) {
    DnsCache cache = engine.cache();
    List<DnsRecord> answers = response.answers();
    int examined = Math.min(answers.size(), engine.settings().maxAnswerRecords());
    String current = name;
    for (; ; ) {
      DnsNameRecord cname = null;
      for (int i = 0; i < examined; i++) {
        if (answers.get(i) instanceof DnsNameRecord r
            && r.type().equals(DnsRecordType.CNAME)
            && r.dnsClass() == DnsRecord.CLASS_IN
            && r.name().equalsIgnoreCase(current)) {
          cname = r;
          break;
        }
      }
      if (cname == null) {
        break;
      }
      cache.putAlias(current, cname.target(), cname.ttl());
      if (!visit(cname.target())) {
        return;
      }
      current = cname.target();
    }
    List<InetAddress> addresses = new ArrayList<>();
    long ttl = Long.MAX_VALUE;
    for (int i = 0; i < examined; i++) {
      if (answers.get(i) instanceof DnsAddressRecord r
          && r.type().equals(type)
          && r.dnsClass() == DnsRecord.CLASS_IN
          && r.name().equalsIgnoreCase(current)) {
        addresses.add(r.address());
        ttl = Math.min(ttl, r.ttl());
      }
    }
    if (!addresses.isEmpty()) {
      cache.putAddresses(current, type, addresses, ttl);
      promise.trySuccess(TypeAnswer.of(List.copyOf(addresses)));
      return;
    }
    DnsResponseCode code = response.responseCode();
    if (code.equals(DnsResponseCode.NXDOMAIN)) {
      cache.putNegative(current, type, code, negativeTtl(response));
      promise.trySuccess(TypeAnswer.negative(code));
      return;
    }
    if (!current.equalsIgnoreCase(name)) {
      // The chain ends at a name this answer has no data for (a server that does not chase
      // CNAMEs out of its zone): ask for that name.
      follow(current);
      return;
    }
    cache.putNegative(current, type, DnsResponseCode.NOERROR, negativeTtl(response));
    promise.trySuccess(TypeAnswer.negative(DnsResponseCode.NOERROR));
  }

  /** RFC 2308: the smaller of the SOA's TTL and its minimum; -1 (not cached) without an SOA. */
  private static long negativeTtl(DnsMessage response) {
    for (DnsRecord r : response.authorities()) {
      if (r instanceof DnsSoaRecord soa) {
        return Math.min(soa.ttl(), soa.minimum());
      }
    }
    return -1;
  }
}
