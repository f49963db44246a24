package io.tern.codec.http2.hpack;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The static Huffman code of RFC 7541 (Appendix B), both ways.
 *
 * <p>The code is canonical: codes of one length are consecutive in symbol order and every shorter
 * code sorts before every longer one. So the table below keeps only each symbol's code length (the
 * RFC's bracketed column) and the codes are rebuilt from it; {@code HpackHuffmanTest} checks the
 * rebuilt codes against entries of the RFC's table.
 *
 * <p>Decoding keeps the pending bits left-aligned in a 64-bit accumulator, refilled eight bytes at
 * a time. The next twelve bits index a table (16 KiB) that resolves in one step the one or two
 * codes that fit in them, and whose entry also says how far to shift the accumulator: header text
 * is mostly letters, digits and punctuation of five to eight bits, so most steps yield two bytes.
 * Codes longer than twelve bits, which all start with {@code 0xFF}, are resolved by comparing the
 * next 30 bits against the first code past each length. A string's last one to seven bytes come in
 * with one eight-byte load ending where the string ends (strings in headers are short, so this tail
 * is a good part of each), and only its last bits, fewer than 30, are looked up with ones (EOS's
 * bits) after them; fewer than thirteen bits left that start no short code are padding, checked
 * without the long-code search.
 *
 * <p>Encoding packs the codes into a 64-bit accumulator and stores it eight bytes at a time into a
 * byte array, so that a string reaches its buffer in one copy, and the string is read once: its
 * Huffman form is kept only if it is shorter.
 *
 * <p>Stateless; every method is thread-safe.
 */
final class HpackHuffman {
  /** Code length in bits of each symbol 0..255 and of EOS (256). */
  private static final byte[] LENGTHS = {
    13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, // 0
    28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28, // 16
    6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, // 32
    5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10, // 48
    13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, // 64
    7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6, // 80
    15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, // 96
    6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28, // 112
    20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23, // 128
    24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24, // 144
    22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, // 160
    21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23, // 176
    26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, // 192
    19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27, // 208
    20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23, // 224
    26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26, // 240
    30 // EOS
  };

  private static final int EOS = 256;
  private static final int MAX_LENGTH = 30;
  private static final int MASK30 = (1 << MAX_LENGTH) - 1;

  /** Code of each symbol, right-aligned. */
  static final int[] CODES = new int[257];

  /** Code length of each byte, as an int for the encoder's inner loop. */
  static final int[] CODE_LENGTHS = new int[256];

  private static final int WINDOW = 12;

  /**
   * Per twelve-bit prefix: {@code bits << 22 | firstBits << 18 | count << 16 | second << 8 |
   * first}, the one or two symbols whose codes fit in the prefix, the bits they take and the bits
   * the first takes; 0 where the first code is longer.
   */
  private static final int[] MULTI = new int[1 << WINDOW];

  private static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** Symbols sorted by (length, symbol): the canonical order. */
  private static final short[] SORTED = new short[257];

  // For each code length 1..30: the first code of that length, where its symbols start in SORTED,
  // and the 30-bit left-aligned value of the first code after all codes of at most that length.
  private static final int[] FIRST_CODE = new int[MAX_LENGTH + 1];
  private static final int[] FIRST_INDEX = new int[MAX_LENGTH + 1];
  private static final int[] LIMIT = new int[MAX_LENGTH + 1];

  static {
    int[] count = new int[MAX_LENGTH + 1];
    for (int s = 0; s <= EOS; s++) {
      count[LENGTHS[s]]++;
    }
    int code = 0;
    int index = 0;
    for (int len = 1; len <= MAX_LENGTH; len++) {
      FIRST_CODE[len] = code;
      FIRST_INDEX[len] = index;
      code += count[len];
      index += count[len];
      LIMIT[len] = len == MAX_LENGTH ? MASK30 + 1 : code << (MAX_LENGTH - len);
      code <<= 1;
    }
    int[] next = new int[MAX_LENGTH + 1];
    for (int s = 0; s <= EOS; s++) {
      int len = LENGTHS[s];
      int i = FIRST_INDEX[len] + next[len]++;
      SORTED[i] = (short) s;
      CODES[s] = FIRST_CODE[len] + (i - FIRST_INDEX[len]);
      if (s < EOS) {
        CODE_LENGTHS[s] = len;
      }
    }
    for (int p = 0; p < 1 << WINDOW; p++) {
      int w = p << (MAX_LENGTH - WINDOW);
      int l1 = lengthOf(w);
      if (l1 > WINDOW) {
        continue;
      }
      int first = symbolOf(w, l1);
      int w2 = (w << l1) & MASK30;
      int l2 = lengthOf(w2);
      if (l1 + l2 <= WINDOW) {
        MULTI[p] = ((l1 + l2) << 22) | (l1 << 18) | (2 << 16) | (symbolOf(w2, l2) << 8) | first;
      } else {
        MULTI[p] = (l1 << 22) | (l1 << 18) | (1 << 16) | first;
      }
    }
  }

  /**
   * Returns the length of the code that starts {@code w}, 30 bits left-aligned. Only the code's own
   * bits matter: each limit's bits past its length are zero.
   */
  private static int lengthOf(int w) {
    return lengthOf(w, 5);
  }

  /** Same, knowing the code is at least {@code from} bits long. */
  private static int lengthOf(int w, int from) {
    int l = from;
    while (w >= LIMIT[l]) {
      l++;
    }
    return l;
  }

  private static int symbolOf(int w, int length) {
    return SORTED[FIRST_INDEX[length] + (w >>> (MAX_LENGTH - length)) - FIRST_CODE[length]];
  }

  private HpackHuffman() {}

  /**
   * Encodes a string, padding the last byte with the most significant bits of EOS (ones), unless
   * the encoding would not be shorter than {@code limit} bytes.
   *
   * @param s the bytes
   * @param off the first byte
   * @param len how many
   * @param out where the code goes; it must hold {@code at + limit + 8} bytes, and bytes past the
   *     returned length may be overwritten
   * @param at where in {@code out} the code starts
   * @param limit stop and return -1 once the code reaches this many bytes
   * @return the encoded length in bytes, or -1 if it is {@code limit} or more
   */
  static int encode(byte[] s, int off, int len, byte[] out, int at, int limit) {
    long acc = 0; // the pending bits, right-aligned
    int bits = 0;
    int o = at;
    int stop = at + limit;
    for (int i = off, end = off + len; i < end; i++) {
      int b = s[i] & 0xFF;
      int l = CODE_LENGTHS[b];
      if (bits + l > 64) {
        // Store the 32 oldest pending bits; the next store overwrites the garbage after them.
        bits -= 32;
        INT_BE.set(out, o, (int) (acc >>> bits));
        o += 4;
        if (o >= stop) {
          return -1;
        }
      }
      acc = (acc << l) | CODES[b];
      bits += l;
    }
    int pad = (8 - (bits & 7)) & 7;
    int total = o - at + ((bits + pad) >>> 3);
    if (total >= limit) {
      return -1;
    }
    // What is pending plus its padding is at most 64 bits: left-align it and store it whole.
    int n = bits + pad;
    if (n > 0) {
      LONG_BE.set(out, o, ((acc << pad) | ((1L << pad) - 1)) << (64 - n));
    }
    return total;
  }

  /**
   * Decodes a string into {@code out}, which must hold at least {@link #maxDecodedLength(int)}
   * bytes (the byte after the decoded ones may be overwritten).
   *
   * @param src the encoded bytes
   * @param off the first encoded byte
   * @param len how many
   * @param out where the decoded bytes go, from index 0
   * @return the number of decoded bytes
   * @throws HpackException if the string holds EOS, or its padding is longer than seven bits or not
   *     the most significant bits of EOS (RFC 7541, section 5.2)
   */
  static int decode(byte[] src, int off, int len, byte[] out) throws HpackException {
    // The pending bits are left-aligned in acc, so a table step is a shift of acc by the bits the
    // entry took (the entry's top bits) and a shift down to the next index: no bit count on the
    // chain from one step's table load to the next. Bits below the pending ones are either zero
    // or copies of the stream's own next bits (an eight-byte refill reads ahead), never garbage.
    long acc = 0;
    int bits = 0;
    int i = off;
    int end = off + len;
    int o = 0;
    while (end - i >= 8) {
      acc |= (long) LONG_BE.get(src, i) >>> bits;
      i += (63 - bits) >>> 3;
      bits |= 56; // now 56..63 pending bits
      do { // every code fits in the pending bits: no padding to think about here
        int e = MULTI[(int) (acc >>> (64 - WINDOW))];
        if (e != 0) {
          SHORT_LE.set(out, o, (short) e); // both symbols (the second is junk in a one-symbol step)
          o += (e >>> 16) & 3;
          acc <<= e >>> 22;
          bits -= e >>> 22;
        } else {
          int w = (int) (acc >>> (64 - MAX_LENGTH));
          int l = lengthOf(w, WINDOW + 1);
          int sym = symbolOf(w, l);
          if (sym == EOS) {
            throw new HpackException("EOS in a Huffman-coded string");
          }
          out[o++] = (byte) sym;
          acc <<= l;
          bits -= l;
        }
      } while (bits >= MAX_LENGTH);
    }
    // Fewer than eight bytes left: take them with one load of the eight bytes of the array that end
    // where the string does (strings are short, so this tail is a good part of each), as many as
    // fit beside the pending bits at a time, and decode whole codes while at least 30 bits are
    // pending; the last bits, fewer than 30, go through the padding-aware steps below.
    acc = bits == 0 ? 0 : acc & (-1L << (64 - bits));
    int rest = end - i;
    long tail = rest == 0 ? 0 : lastBytes(src, end, rest);
    while (rest > 0) {
      int take = Math.min(rest, (64 - bits) >>> 3); // at least 4: fewer than 30 bits pending
      acc |= (tail & (-1L << (64 - (take << 3)))) >>> bits;
      tail <<= take << 3;
      bits += take << 3;
      rest -= take;
      while (bits >= MAX_LENGTH) {
        int e = MULTI[(int) (acc >>> (64 - WINDOW))];
        if (e != 0) {
          SHORT_LE.set(out, o, (short) e);
          o += (e >>> 16) & 3;
          acc <<= e >>> 22;
          bits -= e >>> 22;
        } else {
          int w = (int) (acc >>> (64 - MAX_LENGTH));
          int l = lengthOf(w, WINDOW + 1);
          int sym = symbolOf(w, l);
          if (sym == EOS) {
            throw new HpackException("EOS in a Huffman-coded string");
          }
          out[o++] = (byte) sym;
          acc <<= l;
          bits -= l;
        }
      }
    }
    for (; ; ) {
      if (bits == 0) {
        return o;
      }
      // Ones (EOS's bits) stand in for the bits past the end; keep only codes that end before it.
      long padded = acc | (-1L >>> bits);
      int e = MULTI[(int) (padded >>> (64 - WINDOW))];
      if (e != 0) {
        int total = e >>> 22;
        if (total <= bits) {
          SHORT_LE.set(out, o, (short) e);
          o += (e >>> 16) & 3;
          acc <<= total;
          bits -= total;
          continue;
        }
        int first = (e >>> 18) & 0xF;
        if (first <= bits) {
          out[o++] = (byte) e;
          acc <<= first;
          bits -= first;
          continue;
        }
      } else if (bits > WINDOW) { // else the code is longer than what is left: padding
        int w = (int) (padded >>> (64 - MAX_LENGTH));
        int l = lengthOf(w, WINDOW + 1);
        if (l <= bits) {
          int sym = symbolOf(w, l);
          if (sym == EOS) {
            throw new HpackException("EOS in a Huffman-coded string");
          }
          out[o++] = (byte) sym;
          acc <<= l;
          bits -= l;
          continue;
        }
      }
      // What is left is shorter than the code it starts: it must be padding.
      if (bits > 7) {
        throw new HpackException("Huffman padding longer than 7 bits");
      }
      if ((int) (acc >>> (64 - bits)) != (1 << bits) - 1) {
        throw new HpackException("Huffman padding not the most significant bits of EOS");
      }
      return o;
    }
  }

  /**
   * Returns the {@code n} bytes (1 to 7) before {@code end}, left-aligned, the bits after them
   * zero: one eight-byte load where the array has eight bytes before {@code end}.
   */
  private static long lastBytes(byte[] src, int end, int n) {
    if (end >= 8) {
      return (long) LONG_BE.get(src, end - 8) << ((8 - n) << 3);
    }
    long v = 0;
    for (int k = end - n; k < end; k++) {
      v = (v << 8) | (src[k] & 0xFF);
    }
    return v << ((8 - n) << 3);
  }

  /**
   * Returns the room {@link #decode} needs for {@code encodedLength} encoded bytes: the most bytes
   * they can decode to (every code is at least five bits), plus one byte that a step yielding one
   * symbol may overwrite.
   *
   * @param encodedLength the encoded length
   * @return the bound
   */
  static int maxDecodedLength(int encodedLength) {
    return (int) (((long) encodedLength * 8) / 5) + 1;
  }
}
