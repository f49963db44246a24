package io.tern.codec.http2.hpack;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.common.AsciiString;
import java.util.Arrays;

/**
 * Encodes header fields into HPACK header blocks (RFC 7541), keeping the dynamic table across
 * blocks.
 *
 * <p><b>Representation.</b> A field found whole in the static or dynamic table is sent as its
 * index. A sensitive field is sent as a literal never indexed (RFC 7541, section 6.2.3), so no
 * intermediary may add it to a table either; {@link #isSensitiveByDefault} names the fields treated
 * so unless the caller says otherwise. Any other field is sent as a literal with incremental
 * indexing, its name as an index where a table has it, unless it is larger than the whole table. A
 * string is Huffman-coded when that makes it shorter (by default; {@link #HpackEncoder(long, int)}
 * leaves strings under a given length uncoded).
 *
 * <p><b>Table size.</b> The table may grow to the smaller of the peer's {@code
 * SETTINGS_HEADER_TABLE_SIZE} ({@link #maxHeaderTableSize(long)}) and the cap given at
 * construction, which bounds the memory one connection's encoder holds. A change is announced by a
 * table size update at the start of the next block ({@link #beginBlock}); a decrease and a later
 * increase before that block are both announced, the smaller first, as section 4.2 requires.
 *
 * <p><b>Lookup.</b> Entries live in a ring addressed by insertion number; a hash index by name
 * chains each entry to the previous one of the same bucket, newest first, and a chain ends at the
 * first evicted entry, so eviction never has to unlink anything. Each entry keeps its value's hash
 * too, so a walk compares bytes only where both hashes agree.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one encoder per connection, used on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Writes into the caller's buffer without retaining it. Keeps references to the names and values it
 * adds to its table, which must therefore not change ({@link AsciiString}s and {@link String}s do
 * not).
 */
public final class HpackEncoder {
  /** The table size cap used by {@link #HpackEncoder()}. */
  public static final int DEFAULT_MAX_TABLE_SIZE = 4096;

  private static final int ENTRY_OVERHEAD = HpackDecoderTable.ENTRY_OVERHEAD;
  // Insertion numbers are renumbered from 0 before they could overflow.
  private static final int RENUMBER_AT = 1 << 30;

  // An integer of up to 2^31 - 1 with any prefix: the prefix byte and five continuation bytes.
  private static final int MAX_INT_BYTES = 6;

  // The ring starts empty and doubles from this many slots as entries arrive, so an idle
  // connection's encoder holds no table.
  private static final int FIRST_SLOTS = 8;
  private static final CharSequence[] NO_STRINGS = new CharSequence[0];
  private static final int[] NO_INTS = new int[0];
  private static final byte[] NO_BYTES = new byte[0];

  private final long tableSizeCap;
  private final int huffmanMinLength; // at least 1: an empty string is never coded

  // The table: ring slots addressed by insertion number & mask (empty until the first entry).
  private CharSequence[] names = NO_STRINGS;
  private CharSequence[] values = NO_STRINGS;
  private int[] hashes = NO_INTS; // of the names
  private int[] valueHashes = NO_INTS;
  private int[] older = NO_INTS; // insertion number of the previous entry in the bucket, or -1
  private int[] buckets = NO_INTS; // newest insertion number per bucket, or -1
  private int inserted; // insertion number of the next entry
  private int oldest; // insertion number of the oldest live entry
  private long size;
  private long maxSize;

  // Table size updates owed at the start of the next block: the smallest maximum since the last
  // block, then the current one.
  private long pendingMinSize = -1;
  private boolean updatePending;

  // Allocated on the first literal, not at construction.
  private byte[] charScratch = NO_BYTES;
  private byte[] fieldScratch = NO_BYTES;

  /** Creates an encoder whose table may grow to {@value #DEFAULT_MAX_TABLE_SIZE} bytes. */
  public HpackEncoder() {
    this(DEFAULT_MAX_TABLE_SIZE);
  }

  /**
   * Creates an encoder.
   *
   * @param tableSizeCap the most bytes its table may use, whatever the peer allows
   */
  public HpackEncoder(long tableSizeCap) {
    this(tableSizeCap, 0);
  }

  /**
   * Creates an encoder that sends strings shorter than {@code huffmanMinLength} bytes uncoded (and
   * longer ones Huffman-coded where that is shorter): a little CPU saved for bigger blocks. Netty's
   * encoder does this by default for strings under 512 bytes ({@code huffCodeThreshold}).
   *
   * @param tableSizeCap the most bytes its table may use, whatever the peer allows
   * @param huffmanMinLength the shortest string worth Huffman-coding; 0 to code every string whose
   *     code is shorter
   */
  public HpackEncoder(long tableSizeCap, int huffmanMinLength) {
    if (tableSizeCap < 0 || tableSizeCap > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("tableSizeCap: " + tableSizeCap);
    }
    if (huffmanMinLength < 0) {
      throw new IllegalArgumentException("huffmanMinLength: " + huffmanMinLength);
    }
    this.tableSizeCap = tableSizeCap;
    this.huffmanMinLength = Math.max(1, huffmanMinLength);
    this.maxSize = Math.min(HpackDecoder.DEFAULT_HEADER_TABLE_SIZE, tableSizeCap);
    if (maxSize != HpackDecoder.DEFAULT_HEADER_TABLE_SIZE) {
      // The peer's decoder starts at 4096: tell it the smaller size before the first field.
      pendingMinSize = maxSize;
      updatePending = true;
    }
  }

  /**
   * Applies the peer's {@code SETTINGS_HEADER_TABLE_SIZE}: the table may now grow to the smaller of
   * it and the cap. The change is announced at the start of the next block.
   *
   * @param peerMax the peer's setting in bytes
   */
  public void maxHeaderTableSize(long peerMax) {
    if (peerMax < 0 || peerMax > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("maxHeaderTableSize: " + peerMax);
    }
    long newMax = Math.min(peerMax, tableSizeCap);
    if (newMax == maxSize && !updatePending) {
      return;
    }
    pendingMinSize = pendingMinSize < 0 ? newMax : Math.min(pendingMinSize, newMax);
    updatePending = true;
    resize(newMax);
  }

  /**
   * Returns the table's current maximum size.
   *
   * @return bytes
   */
  public long maxHeaderTableSize() {
    return maxSize;
  }

  /**
   * Returns the size of the table's entries.
   *
   * @return bytes
   */
  public long dynamicTableSize() {
    return size;
  }

  /**
   * Starts a header block: writes the table size updates owed since the last block. Call it once
   * before the block's first {@link #encodeHeader}.
   *
   * @param out the buffer the block goes to
   */
  public void beginBlock(ByteBuf out) {
    if (updatePending) {
      if (pendingMinSize < maxSize) {
        writeInt(out, 0x20, 5, pendingMinSize);
      }
      writeInt(out, 0x20, 5, maxSize);
      updatePending = false;
      pendingMinSize = -1;
    }
  }

  /**
   * Returns whether a field is sent never-indexed unless the caller decides otherwise: {@code
   * authorization} and {@code proxy-authorization} always, and {@code cookie} when its value is
   * shorter than 20 bytes (so guessable from the table's size, RFC 7541 section 7.1.3).
   *
   * @param name the field name (lower case)
   * @param value the value
   * @return {@code true} to send it never-indexed
   */
  public static boolean isSensitiveByDefault(CharSequence name, CharSequence value) {
    int n = name.length();
    if (n == 13) {
      return name == HttpHeaderNames.AUTHORIZATION
          || AsciiString.contentEquals(HttpHeaderNames.AUTHORIZATION, name);
    }
    if (n == 6) {
      return value.length() < 20
          && (name == HttpHeaderNames.COOKIE
              || AsciiString.contentEquals(HttpHeaderNames.COOKIE, name));
    }
    return n == 19
        && (name == HttpHeaderNames.PROXY_AUTHORIZATION
            || AsciiString.contentEquals(HttpHeaderNames.PROXY_AUTHORIZATION, name));
  }

  /**
   * Encodes one field.
   *
   * @param out the buffer the block goes to
   * @param name the name, lower case
   * @param value the value; characters above {@code 0xFF} are sent as {@code '?'}
   * @param sensitive {@code true} to send it as a literal never indexed
   */
  public void encodeHeader(ByteBuf out, CharSequence name, CharSequence value, boolean sensitive) {
    int hash = AsciiString.hashCode(name);
    int staticName = HpackStaticTable.nameIndex(name, hash);
    if (sensitive) {
      int nameIndex = staticName != 0 ? staticName : dynamicNameIndex(name, hash);
      writeLiteral(out, 0x10, 4, nameIndex, name, value);
      return;
    }
    int valueHash = AsciiString.hashCode(value);
    if (staticName != 0) {
      int full = HpackStaticTable.indexOf(staticName, value, valueHash);
      if (full != 0) {
        writeInt(out, 0x80, 7, full);
        return;
      }
    }
    // One walk of the name's chain finds a whole match, or failing that the newest name match. A
    // name may have many entries (cookies, paths): the value's hash rules most of them out before
    // any bytes are compared, and once a name match is known only whole matches are worth a look.
    int nameMatch = -1;
    if (size > 0) {
      int mask = names.length - 1;
      for (int n = buckets[hash & (buckets.length - 1)]; n >= oldest; n = older[n & mask]) {
        int slot = n & mask;
        if (hashes[slot] != hash) {
          continue;
        }
        boolean sameValueHash = valueHashes[slot] == valueHash;
        if (!sameValueHash && nameMatch >= 0) {
          continue;
        }
        CharSequence entryName = names[slot];
        if (entryName != name && !equal(entryName, name)) {
          continue;
        }
        CharSequence entryValue = values[slot];
        if (sameValueHash && (entryValue == value || equal(entryValue, value))) {
          writeInt(out, 0x80, 7, index(n));
          return;
        }
        if (nameMatch < 0) {
          nameMatch = n;
        }
      }
    }
    int nameIndex = staticName != 0 ? staticName : nameMatch >= 0 ? index(nameMatch) : 0;
    long entrySize = (long) name.length() + value.length() + ENTRY_OVERHEAD;
    if (entrySize > maxSize) {
      writeLiteral(out, 0x00, 4, nameIndex, name, value);
      return;
    }
    writeLiteral(out, 0x40, 6, nameIndex, name, value);
    add(name, value, hash, valueHash, entrySize);
  }

  private int index(int insertion) {
    return HpackStaticTable.LENGTH + (inserted - insertion);
  }

  private int dynamicNameIndex(CharSequence name, int hash) {
    if (size == 0) {
      return 0;
    }
    int mask = names.length - 1;
    for (int n = buckets[hash & (buckets.length - 1)]; n >= oldest; n = older[n & mask]) {
      int slot = n & mask;
      if (hashes[slot] == hash && equal(names[slot], name)) {
        return index(n);
      }
    }
    return 0;
  }

  private static boolean equal(CharSequence a, CharSequence b) {
    int n = a.length();
    if (n != b.length()) {
      return false;
    }
    if (a instanceof AsciiString x && b instanceof AsciiString y) {
      int xo = x.arrayOffset();
      int yo = y.arrayOffset();
      return Arrays.equals(x.array(), xo, xo + n, y.array(), yo, yo + n);
    }
    return AsciiString.contentEquals(a, b);
  }

  private void add(CharSequence name, CharSequence value, int hash, int valueHash, long entrySize) {
    while (size + entrySize > maxSize) {
      evictOldest();
    }
    if (inserted == RENUMBER_AT) {
      renumber();
    }
    if (inserted - oldest == names.length) {
      // Full (after eviction): every entry takes at least 32 bytes, so the ring stops growing at
      // the power of two above maxSize / 32.
      rebuild(names.length == 0 ? FIRST_SLOTS : names.length << 1);
    }
    int mask = names.length - 1;
    int slot = inserted & mask;
    int bucket = hash & (buckets.length - 1);
    names[slot] = name;
    values[slot] = value;
    hashes[slot] = hash;
    valueHashes[slot] = valueHash;
    older[slot] = buckets[bucket];
    buckets[bucket] = inserted;
    inserted++;
    size += entrySize;
  }

  private void evictOldest() {
    int slot = oldest & (names.length - 1);
    size -= (long) names[slot].length() + values[slot].length() + ENTRY_OVERHEAD;
    names[slot] = null;
    values[slot] = null;
    oldest++;
  }

  private void resize(long newMax) {
    maxSize = newMax;
    while (size > maxSize) {
      evictOldest();
    }
  }

  /** Moves the live entries into new arrays of {@code slots}, numbered again from 0. */
  private void rebuild(int slots) {
    CharSequence[] oldNames = names;
    CharSequence[] oldValues = values;
    int[] oldHashes = hashes;
    int[] oldValueHashes = valueHashes;
    int oldMask = oldNames.length - 1;
    int from = oldest;
    int to = inserted;
    names = new CharSequence[slots];
    values = new CharSequence[slots];
    hashes = new int[slots];
    valueHashes = new int[slots];
    older = new int[slots];
    buckets = new int[slots * 2];
    Arrays.fill(buckets, -1);
    inserted = 0;
    oldest = 0;
    size = 0;
    for (int n = from; n < to; n++) {
      int s = n & oldMask;
      CharSequence name = oldNames[s];
      CharSequence value = oldValues[s];
      add(
          name,
          value,
          oldHashes[s],
          oldValueHashes[s],
          (long) name.length() + value.length() + ENTRY_OVERHEAD);
    }
  }

  private void renumber() {
    rebuild(names.length);
  }

  /**
   * Writes a literal field: it is assembled in a scratch array and reaches the buffer in one copy,
   * each string in its Huffman form when that is shorter.
   */
  private void writeLiteral(
      ByteBuf out,
      int flags,
      int prefixBits,
      int nameIndex,
      CharSequence name,
      CharSequence value) {
    int room = MAX_INT_BYTES + stringRoom(value);
    if (nameIndex == 0) {
      room += stringRoom(name);
    }
    if (fieldScratch.length < room) {
      fieldScratch = new byte[Math.max(room, Math.max(256, fieldScratch.length << 1))];
    }
    byte[] dst = fieldScratch;
    int p = putInt(dst, 0, flags, prefixBits, nameIndex);
    if (nameIndex == 0) {
      p = putString(dst, p, name);
    }
    p = putString(dst, p, value);
    out.writeBytes(dst, 0, p);
  }

  /** Scratch bytes a string may need: its length prefix, its bytes, the Huffman coder's slack. */
  private static int stringRoom(CharSequence s) {
    return MAX_INT_BYTES + s.length() + 8;
  }

  /** Puts a string literal (section 5.2) at {@code p}; returns the position after it. */
  private int putString(byte[] dst, int p, CharSequence s) {
    byte[] bytes;
    int off;
    int len = s.length();
    if (s instanceof AsciiString a) {
      bytes = a.array();
      off = a.arrayOffset();
    } else {
      if (charScratch.length < len) {
        charScratch = new byte[Math.max(len, Math.max(64, charScratch.length << 1))];
      }
      bytes = charScratch;
      off = 0;
      for (int i = 0; i < len; i++) {
        bytes[i] = AsciiString.c2b(s.charAt(i));
      }
    }
    // The code goes where the string would go after its raw length's prefix; a shorter code may
    // need a shorter prefix, and then moves up.
    int rawPrefix = intLength(7, len);
    int coded =
        len < huffmanMinLength ? -1 : HpackHuffman.encode(bytes, off, len, dst, p + rawPrefix, len);
    if (coded >= 0) {
      int prefix = intLength(7, coded);
      if (prefix != rawPrefix) {
        System.arraycopy(dst, p + rawPrefix, dst, p + prefix, coded);
      }
      putInt(dst, p, 0x80, 7, coded);
      return p + prefix + coded;
    }
    p = putInt(dst, p, 0x00, 7, len);
    System.arraycopy(bytes, off, dst, p, len);
    return p + len;
  }

  /** Bytes an integer takes with an N-bit prefix. */
  private static int intLength(int prefixBits, int value) {
    int mask = (1 << prefixBits) - 1;
    if (value < mask) {
      return 1;
    }
    int n = 2;
    for (int rest = value - mask; rest >= 0x80; rest >>>= 7) {
      n++;
    }
    return n;
  }

  /** Puts an integer with an N-bit prefix after the flag bits; returns the position after it. */
  private static int putInt(byte[] dst, int p, int flags, int prefixBits, int value) {
    int mask = (1 << prefixBits) - 1;
    if (value < mask) {
      dst[p] = (byte) (flags | value);
      return p + 1;
    }
    dst[p++] = (byte) (flags | mask);
    int rest = value - mask;
    while (rest >= 0x80) {
      dst[p++] = (byte) ((rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    dst[p] = (byte) rest;
    return p + 1;
  }

  /** Writes an integer with an N-bit prefix (RFC 7541, section 5.1) after the flag bits. */
  private static void writeInt(ByteBuf out, int flags, int prefixBits, long value) {
    int mask = (1 << prefixBits) - 1;
    if (value < mask) {
      out.writeByte(flags | (int) value);
      return;
    }
    out.writeByte(flags | mask);
    long rest = value - mask;
    while (rest >= 0x80) {
      out.writeByte((int) (rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    out.writeByte((int) rest);
  }
}
