package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.common.concurrent.Ticker;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the resolver learnt, kept for as long as the answers' TTLs allow: addresses per name and
 * type, aliases (one CNAME each), and negative answers (a name that does not exist, or has no data
 * of a type) for as long as the zone's SOA says (RFC 2308: the smaller of the SOA record's TTL and
 * its {@code minimum}). TTLs are clamped to the configured bounds; one clamped to 0 is not kept.
 *
 * <p>Bounded: past {@code maxEntries} the least recently used entry goes. An expired entry is
 * dropped when it is next looked at. Keys ignore the case of names.
 *
 * <p>Used on the resolver's event loop only: not thread-safe.
 */
public final class DnsCache {
  /** A cached answer. */
  public sealed interface Entry {
    /**
     * Returns when it expires, on the cache's ticker.
     *
     * @return nanoseconds
     */
    long expiresAtNanos();
  }

  /**
   * Addresses of one type for one name.
   *
   * @param addresses the addresses, in the order of the answer
   * @param expiresAtNanos when they expire
   */
  public record Addresses(List<InetAddress> addresses, long expiresAtNanos) implements Entry {}

  /**
   * One CNAME.
   *
   * @param target the canonical name
   * @param expiresAtNanos when it expires
   */
  public record Alias(String target, long expiresAtNanos) implements Entry {}

  /**
   * A negative answer.
   *
   * @param responseCode {@code NXDOMAIN} for a name that does not exist, {@code NOERROR} for no
   *     data
   * @param expiresAtNanos when it expires
   */
  public record Negative(DnsResponseCode responseCode, long expiresAtNanos) implements Entry {}

  private final Ticker ticker;
  private final long minTtlSeconds;
  private final long maxTtlSeconds;
  private final long maxNegativeTtlSeconds;
  private final Map<String, Entry> entries;

  /**
   * Creates a cache.
   *
   * @param maxEntries most entries kept (0 keeps nothing)
   * @param ticker the clock TTLs count on
   * @param minTtlSeconds a positive TTL below this is raised to it
   * @param maxTtlSeconds a positive TTL above this is lowered to it
   * @param maxNegativeTtlSeconds a negative TTL above this is lowered to it
   */
  public DnsCache(
      int maxEntries,
      Ticker ticker,
      long minTtlSeconds,
      long maxTtlSeconds,
      long maxNegativeTtlSeconds) {
    if (maxEntries < 0 || minTtlSeconds < 0 || maxTtlSeconds < minTtlSeconds) {
      throw new IllegalArgumentException("bad cache bounds");
    }
    this.ticker = ticker;
    this.minTtlSeconds = minTtlSeconds;
    this.maxTtlSeconds = maxTtlSeconds;
    this.maxNegativeTtlSeconds = Math.max(0, maxNegativeTtlSeconds);
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, DnsCache.Entry> eldest) {
            return size() > maxEntries;
          }
        };
  }

  private static String key(String name, DnsRecordType type) {
    return name.toLowerCase(Locale.ROOT) + '/' + type.code();
  }

  /**
   * Returns the live entry for a name and type ({@link DnsRecordType#CNAME} for an alias).
   *
   * @param name an absolute name
   * @param type the type
   * @return the entry, or {@code null} if none or expired
   */
  public Entry get(String name, DnsRecordType type) {
    String key = key(name, type);
    Entry e = entries.get(key);
    if (e != null && e.expiresAtNanos() - ticker.nanoTime() <= 0) {
      entries.remove(key);
      return null;
    }
    return e;
  }

  private long expiry(long ttlSeconds) {
    return ticker.nanoTime() + TimeUnit.SECONDS.toNanos(ttlSeconds);
  }

  private long positive(long ttlSeconds) {
    return Math.min(Math.max(ttlSeconds, minTtlSeconds), maxTtlSeconds);
  }

  /**
   * Keeps the addresses of a name.
   *
   * @param name the owner of the records
   * @param type {@code A} or {@code AAAA}
   * @param addresses the addresses
   * @param ttlSeconds the smallest TTL among their records
   */
  public void putAddresses(
      String name, DnsRecordType type, List<InetAddress> addresses, long ttlSeconds) {
    long ttl = positive(ttlSeconds);
    if (ttl > 0) {
      entries.put(key(name, type), new Addresses(List.copyOf(addresses), expiry(ttl)));
    }
  }

  /**
   * Keeps an alias.
   *
   * @param name the alias
   * @param target its canonical name
   * @param ttlSeconds the CNAME record's TTL
   */
  public void putAlias(String name, String target, long ttlSeconds) {
    long ttl = positive(ttlSeconds);
    if (ttl > 0) {
      entries.put(key(name, DnsRecordType.CNAME), new Alias(target, expiry(ttl)));
    }
  }

  /**
   * Keeps a negative answer.
   *
   * @param name the name asked for (the end of any CNAME chain)
   * @param type the type asked for
   * @param responseCode {@code NXDOMAIN} or {@code NOERROR} (no data)
   * @param ttlSeconds from the SOA record; negative when the answer had none (then nothing is kept,
   *     as RFC 2308 says)
   */
  public void putNegative(
      String name, DnsRecordType type, DnsResponseCode responseCode, long ttlSeconds) {
    long ttl = Math.min(ttlSeconds, maxNegativeTtlSeconds);
    if (ttl > 0) {
      entries.put(key(name, type), new Negative(responseCode, expiry(ttl)));
    }
  }

  /**
   * Returns the number of entries, expired ones not yet dropped included.
   *
   * @return the count
   */
  public int size() {
    return entries.size();
  }

  /** Forgets everything. */
  public void clear() {
    entries.clear();
  }
}
