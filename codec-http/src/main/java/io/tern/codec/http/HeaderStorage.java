package io.tern.codec.http;

import io.tern.common.AsciiString;
import java.util.Arrays;

/**
 * The storage behind {@link HttpHeaders}: entries in insertion order in three parallel arrays
 * (names, values, name hashes), found by name ignoring ASCII case.
 *
 * <p>Up to {@value #INDEX_THRESHOLD} entries a lookup scans the {@code int[]} of hashes: a typical
 * request has 8 to 15 fields and the scan is cheaper than any index. Past that, an open hash index
 * is built on the first lookup and kept up to date by {@link #append}:
 *
 * <pre>
 *   heads[hash &amp; mask] = 1 + first entry of the bucket   (0: empty)
 *   next[i]             = 1 + next entry of i's bucket     (0: end of chain)
 * </pre>
 *
 * Chains run in insertion order, so the values of a name come out in the order they were added.
 * Removal compacts the arrays and drops the index (rebuilt lazily). Colliding hashes are told apart
 * by content: they cost time, never correctness.
 *
 * <p>A plain store: {@link HttpHeaders}, which holds one, decides what may change and validates
 * what goes in. Not thread-safe.
 */
final class HeaderStorage {
  /** Entries up to which a lookup scans instead of building the hash index. */
  static final int INDEX_THRESHOLD = 16;

  private static final CharSequence[] NO_SEQUENCES = new CharSequence[0];
  private static final int[] NO_INTS = new int[0];

  private CharSequence[] names = NO_SEQUENCES;
  private CharSequence[] values = NO_SEQUENCES;
  private int[] hashes = NO_INTS;
  private int size;

  private int[] heads;
  private int[] next;

  HeaderStorage() {}

  /** The number of entries. */
  int size() {
    return size;
  }

  /**
   * The name of entry {@code i}, as stored (the codecs read entries by index, allocating nothing).
   */
  CharSequence nameAt(int i) {
    return names[i];
  }

  /** The value of entry {@code i}, as stored. */
  CharSequence valueAt(int i) {
    return values[i];
  }

  /** The {@link AsciiString#hashCode(CharSequence)} of the name of entry {@code i}. */
  int hashAt(int i) {
    return hashes[i];
  }

  /** Replaces entry {@code i}'s name (same hash: the same name in another case) and value. */
  void replace(int i, CharSequence name, CharSequence value) {
    names[i] = name;
    values[i] = value;
  }

  /** Makes room for {@code capacity} entries in all, so appending that many never regrows. */
  void reserve(int capacity) {
    if (capacity > names.length) {
      names = Arrays.copyOf(names, capacity);
      values = Arrays.copyOf(values, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
    }
  }

  /** Appends an entry; {@code hash} is {@link AsciiString#hashCode(CharSequence)} of the name. */
  void append(CharSequence name, int hash, CharSequence value) {
    int i = size;
    if (i == names.length) {
      int capacity = Math.max(8, i << 1);
      names = Arrays.copyOf(names, capacity);
      values = Arrays.copyOf(values, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
    }
    names[i] = name;
    values[i] = value;
    hashes[i] = hash;
    size = i + 1;
    if (heads != null) {
      if ((i + 1) * 2 > heads.length) {
        heads = null; // rebuilt larger on the next lookup
        next = null;
      } else {
        link(i);
      }
    }
  }

  /** The index of the first entry named {@code name}, or -1. */
  int first(CharSequence name, int hash) {
    if (size > INDEX_THRESHOLD) {
      if (heads == null) {
        buildIndex();
      }
      for (int j = heads[hash & (heads.length - 1)] - 1; j >= 0; j = next[j] - 1) {
        if (hashes[j] == hash && nameEquals(names[j], name)) {
          return j;
        }
      }
      return -1;
    }
    int[] h = hashes;
    CharSequence[] n = names;
    for (int j = 0, s = size; j < s; j++) {
      if (h[j] == hash && nameEquals(n[j], name)) {
        return j;
      }
    }
    return -1;
  }

  /** The index of the next entry named {@code name} after entry {@code i}, or -1. */
  int following(int i, CharSequence name, int hash) {
    if (heads != null) {
      for (int j = next[i] - 1; j >= 0; j = next[j] - 1) {
        if (hashes[j] == hash && nameEquals(names[j], name)) {
          return j;
        }
      }
      return -1;
    }
    for (int j = i + 1; j < size; j++) {
      if (hashes[j] == hash && nameEquals(names[j], name)) {
        return j;
      }
    }
    return -1;
  }

  static boolean nameEquals(CharSequence a, CharSequence b) {
    return a == b || AsciiString.contentEqualsIgnoreCase(a, b);
  }

  /** Removes the entries of {@code name} after index {@code i}, keeping the order of the rest. */
  void removeAfter(int i, CharSequence name, int hash) {
    int w = i + 1;
    for (int r = i + 1; r < size; r++) {
      if (hashes[r] == hash && nameEquals(names[r], name)) {
        continue;
      }
      names[w] = names[r];
      values[w] = values[r];
      hashes[w] = hashes[r];
      w++;
    }
    Arrays.fill(names, w, size, null);
    Arrays.fill(values, w, size, null);
    size = w;
    heads = null;
    next = null;
  }

  /** Removes every entry. */
  void removeAll() {
    Arrays.fill(names, 0, size, null);
    Arrays.fill(values, 0, size, null);
    size = 0;
    heads = null;
    next = null;
  }

  /** Returns a new storage with the same entries, sized to them (the index is rebuilt lazily). */
  HeaderStorage copy() {
    HeaderStorage c = new HeaderStorage();
    if (size > 0) {
      c.names = Arrays.copyOf(names, size);
      c.values = Arrays.copyOf(values, size);
      c.hashes = Arrays.copyOf(hashes, size);
      c.size = size;
    }
    return c;
  }

  private void buildIndex() {
    int capacity = Integer.highestOneBit(Math.max(size, INDEX_THRESHOLD) * 4 - 1);
    heads = new int[capacity];
    next = new int[names.length];
    for (int i = 0; i < size; i++) {
      link(i);
    }
  }

  private void link(int i) {
    if (next.length < names.length) {
      next = Arrays.copyOf(next, names.length);
    }
    next[i] = 0;
    int b = hashes[i] & (heads.length - 1);
    int j = heads[b] - 1;
    if (j < 0) {
      heads[b] = i + 1;
      return;
    }
    while (next[j] != 0) {
      j = next[j] - 1;
    }
    next[j] = i + 1;
  }
}
