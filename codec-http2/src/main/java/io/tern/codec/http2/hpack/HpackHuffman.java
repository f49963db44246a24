package io.tern.codec.http2.hpack;

import io.tern.buffer.ByteBuf;

/**
 * The static Huffman code of RFC 7541 (Appendix B), both ways.
 *
 * <p>The code is canonical: codes of one length are consecutive in symbol order and every shorter
 * code sorts before every longer one. So the table below keeps only each symbol's code length (the
 * RFC's bracketed column) and the codes are rebuilt from it; {@code HpackHuffmanTest} checks the
 * rebuilt codes against entries of the RFC's table.
 *
 * <p>Decoding reads the string into a 64-bit accumulator a byte at a time. The next eight bits
 * index a table that resolves every code of at most eight bits (the letters, digits and common
 * punctuation of header values) in one step; longer codes, which all start with {@code 0xFE} or
 * {@code 0xFF}, are resolved by comparing the next 30 bits, left-aligned, against the first code
 * past each length. Stateless; every method is thread-safe.
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

  /** Per eight-bit prefix: {@code length << 9 | symbol}, or 0 where the code is longer. */
  private static final short[] FAST = new short[256];

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
      if (len <= 8) {
        int first = CODES[s] << (8 - len);
        for (int p = 0; p < 1 << (8 - len); p++) {
          FAST[first | p] = (short) ((len << 9) | s);
        }
      }
    }
  }

  private HpackHuffman() {}

  /**
   * Returns the encoded length in bytes of a string, padding included.
   *
   * @param s the bytes
   * @param off the first byte
   * @param len how many
   * @return the length of {@link #encode}'s output
   */
  static int encodedLength(byte[] s, int off, int len) {
    long bits = 0;
    for (int i = off, end = off + len; i < end; i++) {
      bits += CODE_LENGTHS[s[i] & 0xFF];
    }
    return (int) ((bits + 7) >>> 3);
  }

  /**
   * Encodes a string, padding the last byte with the most significant bits of EOS (ones).
   *
   * @param out where to write; grows as needed
   * @param s the bytes
   * @param off the first byte
   * @param len how many
   */
  static void encode(ByteBuf out, byte[] s, int off, int len) {
    long acc = 0;
    int bits = 0;
    for (int i = off, end = off + len; i < end; i++) {
      int b = s[i] & 0xFF;
      int l = CODE_LENGTHS[b];
      acc = (acc << l) | CODES[b];
      bits += l;
      if (bits >= 32) {
        bits -= 32;
        out.writeInt((int) (acc >>> bits));
      }
    }
    if (bits > 0) {
      int pad = (8 - (bits & 7)) & 7;
      acc = (acc << pad) | ((1L << pad) - 1);
      bits += pad;
      while (bits >= 8) {
        bits -= 8;
        out.writeByte((int) (acc >>> bits));
      }
    }
  }

  /**
   * Decodes a string into {@code out}, which must hold at least {@link #maxDecodedLength(int)}
   * bytes.
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
    long acc = 0;
    int bits = 0;
    int i = off;
    int end = off + len;
    int o = 0;
    for (; ; ) {
      while (bits <= 56 && i < end) {
        acc = (acc << 8) | (src[i++] & 0xFF);
        bits += 8;
      }
      if (bits >= 8) {
        int e = FAST[(int) (acc >>> (bits - 8)) & 0xFF];
        if (e != 0) {
          out[o++] = (byte) e;
          bits -= e >>> 9;
          continue;
        }
      } else if (bits == 0) {
        return o;
      }
      // A code longer than eight bits, or the last few bits: resolve it on the next 30 bits, with
      // ones (EOS's bits) standing in for the bits past the end.
      int w =
          bits >= MAX_LENGTH
              ? (int) (acc >>> (bits - MAX_LENGTH)) & MASK30
              : (int) ((acc << (MAX_LENGTH - bits)) | ((1L << (MAX_LENGTH - bits)) - 1)) & MASK30;
      int l = 5;
      while (w >= LIMIT[l]) {
        l++;
      }
      if (l > bits) { // what is left is padding
        if (bits > 7) {
          throw new HpackException("Huffman padding longer than 7 bits");
        }
        long mask = (1L << bits) - 1;
        if ((acc & mask) != mask) {
          throw new HpackException("Huffman padding not the most significant bits of EOS");
        }
        return o;
      }
      int sym = SORTED[FIRST_INDEX[l] + (w >>> (MAX_LENGTH - l)) - FIRST_CODE[l]];
      if (sym == EOS) {
        throw new HpackException("EOS in a Huffman-coded string");
      }
      out[o++] = (byte) sym;
      bits -= l;
    }
  }

  /**
   * Returns the most bytes {@code encodedLength} encoded bytes can decode to (every code is at
   * least five bits).
   *
   * @param encodedLength the encoded length
   * @return the bound
   */
  static int maxDecodedLength(int encodedLength) {
    return (int) (((long) encodedLength * 8) / 5);
  }
}
