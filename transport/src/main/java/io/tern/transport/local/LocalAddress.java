package io.tern.transport.local;

import java.net.SocketAddress;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The address of a local (in-VM) channel: a name. Binding {@link #ANY} picks a fresh name.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; equal when the names are; any thread may use it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class LocalAddress extends SocketAddress implements Comparable<LocalAddress> {
  /** Bind to this to get a fresh, unique address. */
  public static final LocalAddress ANY = new LocalAddress("ANY");

  private static final AtomicLong NEXT_EPHEMERAL = new AtomicLong();

  private final String id;

  /**
   * Creates an address.
   *
   * @param id the name; servers are found by it
   */
  public LocalAddress(String id) {
    this.id = Objects.requireNonNull(id, "id");
  }

  /** A fresh address for a channel that needs one ({@link #ANY} bound, or a client side). */
  static LocalAddress ephemeral() {
    return new LocalAddress("E" + NEXT_EPHEMERAL.incrementAndGet());
  }

  /**
   * Returns the name.
   *
   * @return the name
   */
  public String id() {
    return id;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LocalAddress other && id.equals(other.id);
  }

  @Override
  public int hashCode() {
    return id.hashCode();
  }

  @Override
  public int compareTo(LocalAddress o) {
    return id.compareTo(o.id);
  }

  @Override
  public String toString() {
    return "local:" + id;
  }
}
