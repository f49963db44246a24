package io.tern.examples.redis;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The redis-server example's data: string keys and values with optional expiry, and the pub/sub
 * subscriptions. Shared by every connection, whichever event loop it runs on, so everything here is
 * thread-safe (concurrent maps, atomic per-key updates). Expired keys are dropped when touched, not
 * by a background sweep: enough for an example.
 */
final class RedisStore {
  /** A key: bytes compared by content. */
  @SuppressWarnings("ArrayRecordComponent") // equals and hashCode compare the contents
  record Key(byte[] bytes) {
    static Key of(ByteBuf buf) {
      return new Key(ByteBufUtil.getBytes(buf));
    }

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

  /** A connection subscribed to channels; {@link #deliver} may be called from any thread. */
  interface Subscriber {
    void deliver(Key channel, byte[] payload);
  }

  /** A value and when it expires ({@code Long.MAX_VALUE}: never), in the clock's milliseconds. */
  @SuppressWarnings("ArrayRecordComponent") // never compared: the store replaces values whole
  record Value(byte[] bytes, long expiresAtMillis) {}

  private final Map<Key, Value> data = new ConcurrentHashMap<>();
  private final Map<Key, Set<Subscriber>> subscribers = new ConcurrentHashMap<>();
  private final LongSupplier clockMillis;

  RedisStore(LongSupplier clockMillis) {
    this.clockMillis = clockMillis;
  }

  long now() {
    return clockMillis.getAsLong();
  }

  /** Returns the live value of {@code key}, or {@code null}. */
  Value get(Key key) {
    Value value = data.get(key);
    if (value != null && value.expiresAtMillis() <= now()) {
      data.remove(key, value);
      return null;
    }
    return value;
  }

  void set(Key key, Value value) {
    data.put(key, value);
  }

  /** Sets {@code key} only if it is absent (or expired); returns whether it did. */
  boolean setIfAbsent(Key key, Value value) {
    long now = now();
    boolean[] done = {false};
    data.compute(
        key,
        (k, old) -> {
          if (old == null || old.expiresAtMillis() <= now) {
            done[0] = true;
            return value;
          }
          return old;
        });
    return done[0];
  }

  /** Replaces {@code key} only if it is present and live; returns whether it did. */
  boolean setIfPresent(Key key, Value value) {
    long now = now();
    boolean[] done = {false};
    data.computeIfPresent(
        key,
        (k, old) -> {
          if (old.expiresAtMillis() <= now) {
            return null;
          }
          done[0] = true;
          return value;
        });
    return done[0];
  }

  boolean delete(Key key) {
    Value old = data.remove(key);
    return old != null && old.expiresAtMillis() > now();
  }

  /**
   * Adds {@code delta} to the integer stored at {@code key} (0 if absent), keeping its expiry.
   *
   * @return the new value
   * @throws NumberFormatException if the value is not an integer
   * @throws ArithmeticException on overflow
   */
  long increment(Key key, long delta) {
    long now = now();
    long[] result = new long[1];
    data.compute(
        key,
        (k, old) -> {
          boolean live = old != null && old.expiresAtMillis() > now;
          long current =
              live
                  ? Long.parseLong(
                      new String(old.bytes(), java.nio.charset.StandardCharsets.US_ASCII))
                  : 0;
          long next = Math.addExact(current, delta);
          result[0] = next;
          return new Value(
              Long.toString(next).getBytes(java.nio.charset.StandardCharsets.US_ASCII),
              live ? old.expiresAtMillis() : Long.MAX_VALUE);
        });
    return result[0];
  }

  /** Sets the expiry of a live key; returns whether the key exists. */
  boolean expire(Key key, long expiresAtMillis) {
    long now = now();
    boolean[] done = {false};
    data.computeIfPresent(
        key,
        (k, old) -> {
          if (old.expiresAtMillis() <= now) {
            return null;
          }
          done[0] = true;
          return expiresAtMillis <= now ? null : new Value(old.bytes(), expiresAtMillis);
        });
    return done[0];
  }

  int size() {
    return data.size();
  }

  void clear() {
    data.clear();
  }

  void subscribe(Key channel, Subscriber subscriber) {
    subscribers.computeIfAbsent(channel, k -> ConcurrentHashMap.newKeySet()).add(subscriber);
  }

  void unsubscribe(Key channel, Subscriber subscriber) {
    subscribers.computeIfPresent(
        channel,
        (k, set) -> {
          set.remove(subscriber);
          return set.isEmpty() ? null : set;
        });
  }

  /** Delivers {@code payload} to every subscriber of {@code channel}; returns how many. */
  int publish(Key channel, byte[] payload) {
    Set<Subscriber> set = subscribers.get(channel);
    if (set == null) {
      return 0;
    }
    int receivers = 0;
    for (Subscriber subscriber : set) {
      subscriber.deliver(channel, payload);
      receivers++;
    }
    return receivers;
  }
}
