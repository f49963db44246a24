package io.tern.transport.channel;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The identity of a {@link Channel}, unique across JVMs and machines with overwhelming probability.
 * It combines a random 64-bit number drawn once per JVM, the process id, a per-JVM sequence number,
 * the creation time and 32 random bits. A channel creates its id when first asked for it, so the
 * time is that of the first use rather than of the channel's birth.
 *
 * <p>{@link #asLongText()} shows all of them ({@code 8f3a…-00001a2b-00000007-…-c0ffee01}); {@link
 * #asShortText()} only the last random part, short enough for every log line but not guaranteed
 * unique.
 *
 * <h2>Threading</h2>
 *
 * <p>Ids are immutable and may be used from any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class ChannelId implements Comparable<ChannelId> {
  private static final long JVM = new SecureRandom().nextLong();
  private static final int PROCESS = (int) ProcessHandle.current().pid();
  private static final AtomicInteger SEQUENCE = new AtomicInteger();
  private static final HexFormat HEX = HexFormat.of();

  private final int sequence;
  private final long timestamp;
  private final int random;
  private String shortText;

  private ChannelId(int sequence, long timestamp, int random) {
    this.sequence = sequence;
    this.timestamp = timestamp;
    this.random = random;
  }

  /**
   * Creates a new id.
   *
   * @return an id no other channel has
   */
  public static ChannelId newInstance() {
    return new ChannelId(
        SEQUENCE.getAndIncrement(),
        System.currentTimeMillis(),
        ThreadLocalRandom.current().nextInt());
  }

  /**
   * Returns the short form, for logs.
   *
   * @return eight hex digits; two channels may share them
   */
  public String asShortText() {
    String s = shortText;
    if (s == null) {
      s = HEX.toHexDigits(random);
      shortText = s; // racy but idempotent
    }
    return s;
  }

  /**
   * Returns the long, globally unique form.
   *
   * @return JVM, process, sequence, timestamp and random parts in hex, separated by dashes
   */
  public String asLongText() {
    return HEX.toHexDigits(JVM)
        + '-'
        + HEX.toHexDigits(PROCESS)
        + '-'
        + HEX.toHexDigits(sequence)
        + '-'
        + HEX.toHexDigits(timestamp)
        + '-'
        + asShortText();
  }

  @Override
  public int compareTo(ChannelId o) {
    int c = Long.compare(timestamp, o.timestamp);
    if (c == 0) {
      c = Integer.compare(sequence, o.sequence);
    }
    if (c == 0) {
      c = Integer.compare(random, o.random);
    }
    return c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChannelId other
        && sequence == other.sequence
        && timestamp == other.timestamp
        && random == other.random;
  }

  @Override
  public int hashCode() {
    return random;
  }

  @Override
  public String toString() {
    return asShortText();
  }
}
