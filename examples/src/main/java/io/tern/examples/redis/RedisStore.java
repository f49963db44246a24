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
  /**
   * A key: bytes compared by content. A stored key ({@link #of}) owns a copy of them; a lookup key
   * ({@link #lookup}, one per connection) views the argument of the command being run, so a GET or
   * a SET of a key that exists copies nothing. The store never keeps a lookup key: whatever it
   * inserts is {@link #stored()}.
   */
  static final class Key {
    private final byte[] bytes;
    private ByteBuf view;
    private int hash;

    private Key(byte[] bytes) {
      this.bytes = bytes;
      this.hash = bytes == null ? 0 : Arrays.hashCode(bytes);
    }

    /** A stored key holding a copy of {@code buf}'s readable bytes. */
    static Key of(ByteBuf buf) {
      return new Key(ByteBufUtil.getBytes(buf));
    }

    /** A lookup key, to be pointed at each argument with {@link #view}. */
    static Key lookup() {
      return new Key(null);
    }

    /**
     * Points this lookup key at {@code buf}'s readable bytes (until the next call; the buffer must
     * stay readable while the key is used).
     */
    Key view(ByteBuf buf) {
      if (bytes != null) {
        throw new IllegalStateException("a stored key is immutable");
      }
      view = buf;
      int h = 1;
      for (int i = buf.readerIndex(), end = buf.writerIndex(); i < end; i++) {
        h = 31 * h + buf.getByte(i); // Arrays.hashCode's formula, so equal keys hash alike
      }
      hash = h;
      return this;
    }

    /** This key if it is a stored one, else a stored copy of it. */
    Key stored() {
      return bytes != null ? this : of(view);
    }

    /** The key's bytes (a copy for a lookup key). */
    byte[] bytes() {
      return bytes != null ? bytes : ByteBufUtil.getBytes(view);
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Key other) || other.hash != hash) {
        return false;
      }
      if (bytes != null && other.bytes != null) {
        return Arrays.equals(bytes, other.bytes);
      }
      if (bytes == null && other.bytes == null) {
        return view.equals(other.view);
      }
      return sameBytes(bytes != null ? other.view : view, bytes != null ? bytes : other.bytes);
    }

    private static boolean sameBytes(ByteBuf buf, byte[] array) {
      int n = buf.readableBytes();
      if (n != array.length) {
        return false;
      }
      for (int i = 0, r = buf.readerIndex(); i < n; i++) {
        if (buf.getByte(r + i) != array[i]) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public String toString() {
      return new String(bytes(), java.nio.charset.StandardCharsets.UTF_8);
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
    // An existing entry keeps its stored key: only a new one needs a copy of the key.
    if (data.replace(key, value) == null) {
      data.put(key.stored(), value);
    }
  }

  /** Sets {@code key} only if it is absent (or expired); returns whether it did. */
  boolean setIfAbsent(Key key, Value value) {
    long now = now();
    boolean[] done = {false};
    data.compute(
        key.stored(),
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
        key.stored(),
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
