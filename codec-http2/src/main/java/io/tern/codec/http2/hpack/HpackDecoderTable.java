package io.tern.codec.http2.hpack;

import io.tern.common.AsciiString;

/**
 * The decoder's dynamic table (RFC 7541, section 2.3.2): a ring of entries, newest first, whose
 * size (each entry's name and value length plus 32) never exceeds the maximum the encoder last
 * announced. The ring starts empty and doubles as entries arrive, up to the number the maximum
 * allows.
 *
 * <p>Not thread-safe: owned by one decoder.
 */
final class HpackDecoderTable {
  /** RFC 7541, section 4.1: the overhead counted for each entry. */
  static final int ENTRY_OVERHEAD = 32;

  // Empty until the first entry (an idle connection's decoder holds no table), then 8, doubling.
  private static final AsciiString[] NO_STRINGS = new AsciiString[0];
  private static final long[] NO_SIZES = new long[0];
  private static final int FIRST_SLOTS = 8;

  private AsciiString[] names = NO_STRINGS;
  private AsciiString[] values = NO_STRINGS;
  // Each entry's size (name + value + 32): the decoder counts an indexed field's share of the
  // header list from it, and eviction subtracts it, without loading the strings themselves.
  private long[] sizes = NO_SIZES;
  private int tail; // where the next entry goes
  private int count;
  private long size;
  private long maxSize;

  HpackDecoderTable(long maxSize) {
    this.maxSize = maxSize;
  }

  int length() {
    return count;
  }

  long size() {
    return size;
  }

  long maxSize() {
    return maxSize;
  }

  /**
   * Returns the name of an entry.
   *
   * @param i 0 for the newest entry, up to {@code length() - 1}
   */
  AsciiString name(int i) {
    return names[(tail - 1 - i) & (names.length - 1)];
  }

  AsciiString value(int i) {
    return values[(tail - 1 - i) & (values.length - 1)];
  }

  /** Returns an entry's size: its name and value lengths plus {@link #ENTRY_OVERHEAD}. */
  long entrySize(int i) {
    return sizes[(tail - 1 - i) & (sizes.length - 1)];
  }

  /**
   * Adds an entry, evicting the oldest ones to make room; one larger than the maximum empties it.
   */
  void add(AsciiString name, AsciiString value) {
    long entrySize = (long) name.length() + value.length() + ENTRY_OVERHEAD;
    if (entrySize > maxSize) {
      clear();
      return;
    }
    while (size + entrySize > maxSize) {
      evictOldest();
    }
    if (count == names.length) {
      grow();
    }
    int mask = names.length - 1;
    names[tail] = name;
    values[tail] = value;
    sizes[tail] = entrySize;
    tail = (tail + 1) & mask;
    count++;
    size += entrySize;
  }

  /** Applies a dynamic table size update. */
  void maxSize(long newMax) {
    maxSize = newMax;
    while (size > maxSize) {
      evictOldest();
    }
  }

  private void evictOldest() {
    int mask = names.length - 1;
    int oldest = (tail - count) & mask;
    size -= sizes[oldest];
    names[oldest] = null;
    values[oldest] = null;
    count--;
  }

  private void clear() {
    while (count > 0) {
      evictOldest();
    }
  }

  private void grow() {
    int n = names.length;
    int slots = n == 0 ? FIRST_SLOTS : n << 1;
    AsciiString[] newNames = new AsciiString[slots];
    AsciiString[] newValues = new AsciiString[slots];
    long[] newSizes = new long[slots];
    // Oldest first, so the ring starts at 0 and the tail is at n.
    for (int i = 0; i < count; i++) {
      int from = (tail - count + i) & (n - 1);
      newNames[i] = names[from];
      newValues[i] = values[from];
      newSizes[i] = sizes[from];
    }
    names = newNames;
    values = newValues;
    sizes = newSizes;
    tail = count;
  }
}
