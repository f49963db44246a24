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
 * <p>Not thread-safe; the subclass decides what may change and validates what goes in.
 */
abstract class HeaderStorage {
  /** Entries up to which a lookup scans instead of building the hash index. */
  static final int INDEX_THRESHOLD = 16;

  private static final CharSequence[] NO_SEQUENCES = new CharSequence[0];
  private static final int[] NO_INTS = new int[0];

  CharSequence[] names = NO_SEQUENCES;
  CharSequence[] values = NO_SEQUENCES;
  int[] hashes = NO_INTS;
  int size;

  private int[] heads;
  private int[] next;

  HeaderStorage() {}

  /**
   * The name of entry {@code i}, as stored (the codecs read entries by index, allocating nothing).
   */
  final CharSequence nameAt(int i) {
    return names[i];
  }

  /** The value of entry {@code i}, as stored. */
  final CharSequence valueAt(int i) {
    return values[i];
  }

  /** Makes room for {@code capacity} entries in all, so appending that many never regrows. */
  final void reserve(int capacity) {
    if (capacity > names.length) {
      names = Arrays.copyOf(names, capacity);
      values = Arrays.copyOf(values, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
    }
  }

  /** Appends an entry; {@code hash} is {@link AsciiString#hashCode(CharSequence)} of the name. */
  final void append(CharSequence name, int hash, CharSequence value) {
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
  final int first(CharSequence name, int hash) {
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
  final int following(int i, CharSequence name, int hash) {
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
  final void removeAfter(int i, CharSequence name, int hash) {
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
  final void removeAll() {
    Arrays.fill(names, 0, size, null);
    Arrays.fill(values, 0, size, null);
    size = 0;
    heads = null;
    next = null;
  }

  /** Copies every entry into {@code target}, which must be empty. */
  final void copyEntriesTo(HeaderStorage target) {
    if (size > 0) {
      target.names = Arrays.copyOf(names, size);
      target.values = Arrays.copyOf(values, size);
      target.hashes = Arrays.copyOf(hashes, size);
      target.size = size;
    }
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
