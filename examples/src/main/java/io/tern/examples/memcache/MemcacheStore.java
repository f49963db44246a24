package io.tern.examples.memcache;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The memcache-server example's items: key to value, flags, expiry and CAS version. Shared by every
 * connection on every event loop, so each update is one atomic map operation; expired items are
 * dropped when touched. Thread-safe.
 */
final class MemcacheStore {
  /** Relative expirations are at most 30 days; larger values are Unix times. */
  private static final long MAX_RELATIVE_SECONDS = 60L * 60 * 24 * 30;

  @SuppressWarnings("ArrayRecordComponent") // equals and hashCode compare the contents
  record Key(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  /** An item; {@code expiresAtMillis} is {@code Long.MAX_VALUE} for never. */
  @SuppressWarnings("ArrayRecordComponent") // never compared: the store replaces items whole
  record Item(byte[] value, int flags, long expiresAtMillis, long cas) {}

  private final Map<Key, Item> items = new ConcurrentHashMap<>();
  private final AtomicLong casCounter = new AtomicLong();
  private final LongSupplier clockMillis;
  private volatile long flushedBeforeCas;

  MemcacheStore(LongSupplier clockMillis) {
    this.clockMillis = clockMillis;
  }

  long nextCas() {
    return casCounter.incrementAndGet();
  }

  /** Converts a protocol expiration (0, relative seconds, or Unix seconds) to a deadline. */
  long deadline(long expiration) {
    if (expiration == 0) {
      return Long.MAX_VALUE;
    }
    long now = clockMillis.getAsLong();
    return expiration <= MAX_RELATIVE_SECONDS ? now + expiration * 1000 : expiration * 1000;
  }

  boolean live(Item item) {
    return item != null
        && item.expiresAtMillis() > clockMillis.getAsLong()
        && item.cas() > flushedBeforeCas;
  }

  Item get(Key key) {
    Item item = items.get(key);
    if (item != null && !live(item)) {
      items.remove(key, item);
      return null;
    }
    return item;
  }

  /**
   * Applies {@code update} to the live item (or null) atomically.
   *
   * @return what {@code update} returned: the new item, or null to delete
   */
  Item update(Key key, java.util.function.UnaryOperator<Item> update) {
    return items.compute(key, (k, old) -> update.apply(live(old) ? old : null));
  }

  /** Invalidates every item now. */
  void flush() {
    flushedBeforeCas = casCounter.get();
    items.clear();
  }

  int size() {
    return items.size();
  }
}
