package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.resolver.dns.DnsNameResolverException;
import java.net.IDN;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves one host name to its addresses: a literal address is returned as it is; a name in the
 * hosts file gets its addresses from there; otherwise each candidate of the search list is looked
 * up, every family asked for in parallel, until one has addresses. A negative answer (the name does
 * not exist, or has no address of those families) moves on to the next candidate; any other failure
 * (no server answered, every server failed, a CNAME loop) ends the resolution with it.
 *
 * <p>The addresses carry the host name as the caller gave it, and come in the order of {@link
 * io.tern.resolver.dns.ResolvedAddressTypes}: the preferred family first.
 *
 * <p>Used on the resolver's event loop only.
 */
final class Resolution {
  private static final int MAX_NAME_LENGTH = 253;
  private static final int MAX_LABEL_LENGTH = 63;

  private final ResolverEngine engine;
  private final String hostname;
  private final Promise<List<InetAddress>> promise;
  private List<String> candidates;
  private boolean sawNoData;

  Resolution(ResolverEngine engine, String hostname, Promise<List<InetAddress>> promise) {
    this.engine = engine;
    this.hostname = hostname;
    this.promise = promise;
  }

  void start() {
    InetAddress literal = literal(hostname);
    if (literal != null) {
      promise.trySuccess(List.of(literal));
      return;
    }
    String ascii = asciiName(hostname);
    if (ascii == null) {
      promise.tryFailure(new DnsNameResolverException(hostname, null, "not a valid host name"));
      return;
    }
    ResolverSettings settings = engine.settings();
    List<InetAddress> fromHosts = settings.hosts().lookup(ascii, settings.addressTypes());
    if (!fromHosts.isEmpty()) {
      promise.trySuccess(fromHosts);
      return;
    }
    candidates = SearchList.candidates(ascii, settings.searchDomains(), settings.ndots());
    tryCandidate(0);
  }

  private void tryCandidate(int index) {
    String name = candidates.get(index);
    List<DnsRecordType> types = engine.settings().addressTypes().recordTypes();
    List<Future<TypeAnswer>> lookups = new ArrayList<>(types.size());
    for (DnsRecordType type : types) {
      lookups.add(engine.lookup(hostname, name, type));
    }
    int[] left = {lookups.size()};
    for (Future<TypeAnswer> f : lookups) {
      f.addListener(
          done -> {
            if (--left[0] == 0) {
              combine(index, lookups);
            }
          });
    }
  }

  private void combine(int index, List<Future<TypeAnswer>> lookups) {
    List<InetAddress> addresses = new ArrayList<>();
    Throwable failure = null;
    boolean nxdomain = false;
    for (Future<TypeAnswer> f : lookups) {
      if (!f.isSuccess()) {
        if (failure == null) {
          failure = f.cause();
        }
        continue;
      }
      TypeAnswer answer = f.getNow();
      for (InetAddress a : answer.addresses()) {
        addresses.add(withName(a));
      }
      if (DnsResponseCode.NXDOMAIN.equals(answer.negative())) {
        nxdomain = true;
      } else if (answer.addresses().isEmpty()) {
        sawNoData = true;
      }
    }
    if (!addresses.isEmpty()) {
      promise.trySuccess(List.copyOf(addresses));
      return;
    }
    if (failure != null) {
      promise.tryFailure(failure);
      return;
    }
    if (index + 1 < candidates.size()) {
      tryCandidate(index + 1);
      return;
    }
    if (sawNoData || !nxdomain) {
      promise.tryFailure(
          new DnsNameResolverException(
              hostname,
              DnsResponseCode.NOERROR,
              "no "
                  + engine.settings().addressTypes().recordTypes()
                  + " records (tried "
                  + candidates
                  + ")"));
    } else {
      promise.tryFailure(
          new DnsNameResolverException(
              hostname,
              DnsResponseCode.NXDOMAIN,
              "no such name (NXDOMAIN; tried " + candidates + ")"));
    }
  }

  private InetAddress withName(InetAddress address) {
    try {
      return InetAddress.getByAddress(hostname, address.getAddress());
    } catch (UnknownHostException e) {
      throw new IllegalStateException("an address of 4 or 16 bytes was refused", e);
    }
  }

  /** An IPv4 or IPv6 literal (IPv6 possibly in brackets), or {@code null}. */
  static InetAddress literal(String host) {
    String h = host;
    if (h.length() > 2 && h.charAt(0) == '[' && h.charAt(h.length() - 1) == ']') {
      h = h.substring(1, h.length() - 1);
    }
    return ResolvConf.literal(h);
  }

  /**
   * The name in ASCII (IDNA for other characters), checked: labels of 1 to 63 characters, at most
   * 253 characters without the final dot; {@code null} if it is not a valid name.
   */
  static String asciiName(String host) {
    String ascii = host;
    if (!host.chars().allMatch(c -> c < 0x80)) {
      try {
        ascii = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
      } catch (IllegalArgumentException e) {
        return null;
      }
    }
    String bare = ascii.endsWith(".") ? ascii.substring(0, ascii.length() - 1) : ascii;
    if (bare.isEmpty() || bare.length() > MAX_NAME_LENGTH) {
      return null;
    }
    int start = 0;
    for (int i = 0; i <= bare.length(); i++) {
      if (i == bare.length() || bare.charAt(i) == '.') {
        int length = i - start;
        if (length == 0 || length > MAX_LABEL_LENGTH) {
          return null;
        }
        start = i + 1;
      } else {
        char c = bare.charAt(i);
        if (c <= ' ' || c >= 0x7F || c == '\\') {
          return null;
        }
      }
    }
    return ascii;
  }
}
