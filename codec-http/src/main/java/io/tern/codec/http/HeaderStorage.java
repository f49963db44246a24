package io.tern.codec.http;

import io.tern.common.AsciiString;
import java.util.Arrays;

/**
 * The storage behind {@link HttpHeaders}: entries in insertion order in one array of names and
 * values ({@code name0, value0, name1, value1, ...}), found by name ignoring ASCII case.
 *
 * <p>Most lookups on a server's path miss ({@code Connection}, {@code Upgrade} or {@code
 * Transfer-Encoding} on a message without them, each {@code set} of a new name), so a 32-bit mask
 * of the hashes present (one bit per hash: five bits of it folded with bits 12 to 16) answers a
 * miss without touching the array. The mask only gains bits while entries are appended; removal
 * recomputes it. Up to {@value #INDEX_THRESHOLD} entries a lookup that passes the mask scans the
 * names, compared by identity first (the {@link HttpHeaderNames} constants), then by length and
 * content: a typical request has 8 to 15 fields and the scan is cheaper than any index. Past that,
 * an open hash index is built on the first lookup and kept up to date by {@link #append}:
 *
 * <pre>
 *   heads[hash &amp; mask] = 1 + first entry of the bucket   (0: empty)
 *   next[i]             = 1 + next entry of i's bucket     (0: end of chain)
 * </pre>
 *
 * Chains run in insertion order, so the values of a name come out in the order they were added.
 * Removal compacts the array and drops the index (rebuilt lazily). Colliding hashes are told apart
 * by content: they cost time, never correctness. Names' hashes are not stored: an {@link
 * AsciiString} caches its own, and only the index (rare) and whole-set operations need them.
 *
 * <p>The array is made on the first append for {@value #DEFAULT_CAPACITY} entries (a response's
 * usual four to six fields fit), or at the size {@link #reserve} asks for, never copied from empty:
 * one object per header set besides this one. {@link #EMPTY} is the shared storage of headers
 * nobody has written to: it is never appended to.
 *
 * <p>A plain store: {@link HttpHeaders}, which holds one, decides what may change and validates
 * what goes in. Not thread-safe.
 */
final class HeaderStorage {
  /** Entries up to which a lookup scans instead of building the hash index. */
  static final int INDEX_THRESHOLD = 16;

  /** Entries the array is made for on the first append. */
  static final int DEFAULT_CAPACITY = 8;

  private static final Object[] NO_FIELDS = new Object[0];

  /**
   * The storage of headers that have never been written to, shared: {@link HttpHeaders} replaces it
   * with its own before its first write, so it stays empty.
   */
  static final HeaderStorage EMPTY = new HeaderStorage();

  // Entry i's name at 2i, its value at 2i + 1, all CharSequences. Typed Object[] (and always made
  // as one) because a store into an array whose element type is an interface pays a full
  // subtype check per store (C2 cannot speculate on the exact class of an interface-typed array);
  // into an Object[] it is one class compare, and the reads cast where the profile is monomorphic.
  private Object[] fields = NO_FIELDS;
  private int size;
  // bit(hash) is set for every entry's name: a clear bit means the name is absent.
  private int present;

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
    return (CharSequence) fields[i << 1];
  }

  /** The value of entry {@code i}, as stored. */
  CharSequence valueAt(int i) {
    return (CharSequence) fields[(i << 1) + 1];
  }

  /** The {@link AsciiString#hashCode(CharSequence)} of the name of entry {@code i}. */
  int hashAt(int i) {
    return AsciiString.hashCode(nameAt(i));
  }

  /** Replaces entry {@code i}'s name (same hash: the same name in another case) and value. */
  void replace(int i, CharSequence name, CharSequence value) {
    fields[i << 1] = name;
    fields[(i << 1) + 1] = value;
  }

  /** Makes room for {@code capacity} entries in all, so appending that many never regrows. */
  void reserve(int capacity) {
    if (capacity * 2 > fields.length) {
      resize(capacity);
    }
  }

  private void resize(int capacity) {
    // Nothing to keep in an empty storage: a new array, not a copy of the empty one.
    fields = size == 0 ? new Object[capacity * 2] : Arrays.copyOf(fields, capacity * 2);
  }

  /** Appends an entry; {@code hash} is {@link AsciiString#hashCode(CharSequence)} of the name. */
  void append(CharSequence name, int hash, CharSequence value) {
    int i = size;
    if (i * 2 == fields.length) {
      resize(Math.max(DEFAULT_CAPACITY, i << 1));
    }
    fields[i << 1] = name;
    fields[(i << 1) + 1] = value;
    size = i + 1;
    present |= bit(hash);
    if (heads != null) {
      if ((i + 1) * 2 > heads.length) {
        heads = null; // rebuilt larger on the next lookup
        next = null;
      } else {
        link(i, hash);
      }
    }
  }

  /** The index of the first entry named {@code name}, or -1. */
  int first(CharSequence name, int hash) {
    if ((present & bit(hash)) == 0) {
      return -1;
    }
    Object[] f = fields;
    if (size > INDEX_THRESHOLD) {
      if (heads == null) {
        buildIndex();
      }
      for (int j = heads[hash & (heads.length - 1)] - 1; j >= 0; j = next[j] - 1) {
        if (nameEquals(f[j << 1], name)) {
          return j;
        }
      }
      return -1;
    }
    for (int j = 0, end = size << 1; j < end; j += 2) {
      if (nameEquals(f[j], name)) {
        return j >> 1;
      }
    }
    return -1;
  }

  /** The index of the next entry named {@code name} after entry {@code i}, or -1. */
  int following(int i, CharSequence name, int hash) {
    Object[] f = fields;
    if (heads != null) {
      for (int j = next[i] - 1; j >= 0; j = next[j] - 1) {
        if (nameEquals(f[j << 1], name)) {
          return j;
        }
      }
      return -1;
    }
    for (int j = i + 1; j < size; j++) {
      if (nameEquals(f[j << 1], name)) {
        return j;
      }
    }
    return -1;
  }

  /** The bit of {@code hash} in the presence mask. */
  private static int bit(int hash) {
    // The int shift takes the low five bits. Folding in bits 12-16 gives the names a server looks
    // up and does not expect (Connection, Upgrade, Transfer-Encoding, Expect, TE, Trailer,
    // Keep-Alive, HTTP2-Settings) bits of their own, apart from those of the usual request and
    // response fields (Host, User-Agent, Accept*, Cookie, Content-Type, Server, Date, ...).
    return 1 << (hash ^ (hash >>> 12));
  }

  static boolean nameEquals(Object a, CharSequence b) {
    return a == b || AsciiString.contentEqualsIgnoreCase((CharSequence) a, b);
  }

  /** Removes the entries of {@code name} after index {@code i}, keeping the order of the rest. */
  void removeAfter(int i, CharSequence name, int hash) {
    Object[] f = fields;
    int w = i + 1;
    int mask = 0;
    for (int j = 0; j <= i; j++) {
      mask |= bit(hashAt(j));
    }
    for (int r = i + 1; r < size; r++) {
      CharSequence n = nameAt(r);
      if (nameEquals(n, name)) {
        continue;
      }
      mask |= bit(AsciiString.hashCode(n));
      f[w << 1] = n;
      f[(w << 1) + 1] = f[(r << 1) + 1];
      w++;
    }
    Arrays.fill(f, w << 1, size << 1, null);
    size = w;
    present = mask;
    heads = null;
    next = null;
  }

  /** Removes every entry. */
  void removeAll() {
    if (size == 0) {
      return; // also keeps EMPTY untouched
    }
    Arrays.fill(fields, 0, size << 1, null);
    size = 0;
    present = 0;
    heads = null;
    next = null;
  }

  /**
   * Returns a new storage with the same entries, sized to them (the index is rebuilt lazily), or
   * {@link #EMPTY} when there are none.
   */
  HeaderStorage copy() {
    if (size == 0) {
      return EMPTY;
    }
    HeaderStorage c = new HeaderStorage();
    c.fields = Arrays.copyOf(fields, size << 1);
    c.size = size;
    c.present = present;
    return c;
  }

  private void buildIndex() {
    int capacity = Integer.highestOneBit(Math.max(size, INDEX_THRESHOLD) * 4 - 1);
    heads = new int[capacity];
    next = new int[fields.length >> 1];
    for (int i = 0; i < size; i++) {
      link(i, hashAt(i));
    }
  }

  private void link(int i, int hash) {
    if (next.length <= i) {
      next = Arrays.copyOf(next, fields.length >> 1);
    }
    next[i] = 0;
    int b = hash & (heads.length - 1);
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
