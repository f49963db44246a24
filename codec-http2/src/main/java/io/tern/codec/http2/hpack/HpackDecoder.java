package io.tern.codec.http2.hpack;

import io.tern.buffer.ByteBuf;
import io.tern.common.AsciiString;

/**
 * Decodes HPACK header blocks (RFC 7541) into name and value strings, keeping the dynamic table
 * across blocks.
 *
 * <p><b>Limits.</b> The header list size (the sum over fields of name length plus value length plus
 * 32, RFC 9113 section 6.5.2) is counted as each field is decoded. Once it passes {@link
 * #maxHeaderListSize()}, no further field reaches the sink and literals that are not added to the
 * table are skipped undecoded, but the rest of the block is still processed, as RFC 9113 (section
 * 4.3) requires, so the dynamic table stays in step with the peer's encoder; {@link #decode}
 * returns {@code false} and the caller answers the stream (a {@code 431}, or a reset). The table
 * never grows past the size this side announced ({@link #maxHeaderTableSize(long)}), and an integer
 * or string that does not fit the block or an {@code int} is an error, so nothing here allocates
 * more than a constant factor of the block.
 *
 * <p><b>Table size updates.</b> An update is accepted only at the start of a block and only up to
 * the announced maximum; after the maximum was lowered below the size in force, the next block must
 * start with an update (RFC 7541, section 4.2).
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one decoder per connection, used on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * {@link #decode} reads the block without retaining or releasing it. The strings handed to the sink
 * are copies, independent of the block, and may be kept.
 */
public final class HpackDecoder {
  /** Receives the fields of a block in order. */
  @FunctionalInterface
  public interface Sink {
    /**
     * Receives one field.
     *
     * @param name the name, as sent (HPACK does not check it)
     * @param value the value, as sent
     */
    void header(AsciiString name, AsciiString value);
  }

  /** RFC 7541's default and HTTP/2's initial {@code SETTINGS_HEADER_TABLE_SIZE}. */
  public static final int DEFAULT_HEADER_TABLE_SIZE = 4096;

  private static final byte[] NO_BYTES = new byte[0];

  private final HpackDecoderTable table;
  private long maxHeaderListSize;
  private long maxTableSizeAllowed;
  private boolean sizeUpdateRequired;
  private byte[] copyScratch = NO_BYTES;
  private byte[] huffmanScratch = NO_BYTES;

  // The block being decoded: its bytes and the read position.
  private byte[] src;
  private int pos;
  private int end;

  /**
   * Creates a decoder with a table of {@value #DEFAULT_HEADER_TABLE_SIZE} bytes.
   *
   * @param maxHeaderListSize see {@link #maxHeaderListSize(long)}
   */
  public HpackDecoder(long maxHeaderListSize) {
    if (maxHeaderListSize < 0) {
      throw new IllegalArgumentException("maxHeaderListSize: " + maxHeaderListSize);
    }
    this.maxHeaderListSize = maxHeaderListSize;
    this.maxTableSizeAllowed = DEFAULT_HEADER_TABLE_SIZE;
    this.table = new HpackDecoderTable(DEFAULT_HEADER_TABLE_SIZE);
  }

  /**
   * Returns the header list size above which fields are dropped and {@link #decode} returns {@code
   * false}.
   *
   * @return the limit in bytes
   */
  public long maxHeaderListSize() {
    return maxHeaderListSize;
  }

  /**
   * Sets the header list size limit.
   *
   * @param max the limit in bytes
   */
  public void maxHeaderListSize(long max) {
    if (max < 0) {
      throw new IllegalArgumentException("maxHeaderListSize: " + max);
    }
    this.maxHeaderListSize = max;
  }

  /**
   * Returns the largest table size the peer's encoder may use: this side's {@code
   * SETTINGS_HEADER_TABLE_SIZE}.
   *
   * @return bytes
   */
  public long maxHeaderTableSize() {
    return maxTableSizeAllowed;
  }

  /**
   * Sets the largest table size the peer's encoder may use, once the peer acknowledged the setting
   * that announced it.
   *
   * @param max bytes, at most {@code 2^32 - 1}
   */
  public void maxHeaderTableSize(long max) {
    if (max < 0 || max > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("maxHeaderTableSize: " + max);
    }
    maxTableSizeAllowed = max;
    if (max < table.maxSize()) {
      sizeUpdateRequired = true;
    }
  }

  /**
   * Returns the size in bytes of the dynamic table's entries (for tests and metrics).
   *
   * @return bytes
   */
  public long dynamicTableSize() {
    return table.size();
  }

  /**
   * Decodes one complete header block, updating the dynamic table.
   *
   * @param block the block's readable bytes; neither its indexes nor its count change
   * @param sink receives each field in order, while the header list is within the limit
   * @return {@code false} if the header list grew past {@link #maxHeaderListSize()} (the fields
   *     after that point were not handed to the sink)
   * @throws HpackException if the block is not valid HPACK; the decoder's table is then unusable
   *     and the connection must end
   */
  public boolean decode(ByteBuf block, Sink sink) throws HpackException {
    int length = block.readableBytes();
    if (block.hasArray()) {
      src = block.array();
      pos = block.arrayOffset() + block.readerIndex();
    } else {
      if (copyScratch.length < length) {
        copyScratch = new byte[Math.max(length, 256)];
      }
      block.getBytes(block.readerIndex(), copyScratch, 0, length);
      src = copyScratch;
      pos = 0;
    }
    end = pos + length;
    try {
      return decode(sink);
    } finally {
      src = null;
    }
  }

  private boolean decode(Sink sink) throws HpackException {
    long listSize = 0;
    boolean within = true;
    boolean atStart = true;
    while (pos < end) {
      int b = src[pos] & 0xFF;
      AsciiString name;
      AsciiString value;
      long fieldSize = -1; // for literals, counted below from their fresh strings
      if (b >= 0x80) { // indexed field, section 6.1
        int index = readInt(7);
        if (index == 0) {
          throw new HpackException("index 0");
        }
        if (index <= HpackStaticTable.LENGTH) {
          name = HpackStaticTable.name(index);
          value = HpackStaticTable.value(index);
        } else {
          // The table keeps each entry's size, so the strings themselves are not loaded here.
          checkIndex(index);
          int entry = index - HpackStaticTable.LENGTH - 1;
          name = table.name(entry);
          value = table.value(entry);
          fieldSize = table.entrySize(entry);
        }
      } else if (b >= 0x40) { // literal with incremental indexing, section 6.2.1
        int index = readInt(6);
        name = index == 0 ? readString() : nameAt(index);
        value = readString();
        table.add(name, value);
      } else if (b >= 0x20) { // dynamic table size update, section 6.3
        if (!atStart) {
          throw new HpackException("table size update after the start of the block");
        }
        int size = readInt(5);
        if (size > maxTableSizeAllowed) {
          throw new HpackException(
              "table size update to " + size + " above the maximum " + maxTableSizeAllowed);
        }
        table.maxSize(size);
        sizeUpdateRequired = false;
        continue;
      } else { // literal without indexing (0000) or never indexed (0001), sections 6.2.2, 6.2.3
        int index = readInt(4);
        if (!within) { // nothing more reaches the sink, and the table does not need these
          if (index == 0) {
            skipString();
          } else {
            checkIndex(index);
          }
          skipString();
          atStart = false;
          continue;
        }
        name = index == 0 ? readString() : nameAt(index);
        value = readString();
      }
      if (atStart) {
        if (sizeUpdateRequired) {
          throw new HpackException("missing table size update after the maximum was lowered");
        }
        atStart = false;
      }
      if (within) {
        if (fieldSize < 0) {
          fieldSize = (long) name.length() + value.length() + HpackDecoderTable.ENTRY_OVERHEAD;
        }
        listSize += fieldSize;
        if (listSize > maxHeaderListSize) {
          within = false;
        } else {
          sink.header(name, value);
        }
      }
    }
    if (atStart && sizeUpdateRequired) {
      throw new HpackException("missing table size update after the maximum was lowered");
    }
    return within;
  }

  private void checkIndex(int index) throws HpackException {
    if (index > HpackStaticTable.LENGTH + table.length()) {
      throw new HpackException("index " + index + " past the tables");
    }
  }

  private AsciiString nameAt(int index) throws HpackException {
    if (index <= HpackStaticTable.LENGTH) {
      return HpackStaticTable.name(index);
    }
    checkIndex(index);
    return table.name(index - HpackStaticTable.LENGTH - 1);
  }

  /** Reads an integer with an N-bit prefix (section 5.1) that must fit an {@code int}. */
  private int readInt(int prefixBits) throws HpackException {
    int mask = (1 << prefixBits) - 1;
    int value = src[pos++] & mask;
    if (value < mask) {
      return value;
    }
    long v = value;
    for (int shift = 0; ; shift += 7) {
      if (pos == end) {
        throw new HpackException("integer cut off by the end of the block");
      }
      int b = src[pos++];
      v += (long) (b & 0x7F) << shift;
      if (v > Integer.MAX_VALUE) {
        throw new HpackException("integer larger than 2^31 - 1");
      }
      if (b >= 0) {
        return (int) v;
      }
      if (shift == 28) {
        throw new HpackException("integer longer than five continuation bytes");
      }
    }
  }

  private int stringLength() throws HpackException {
    if (pos == end) {
      throw new HpackException("string missing at the end of the block");
    }
    int length = readInt(7);
    if (length > end - pos) {
      throw new HpackException("string longer than the rest of the block");
    }
    return length;
  }

  /** Reads a string literal (section 5.2) into a new string of its own. */
  private AsciiString readString() throws HpackException {
    if (pos == end) {
      throw new HpackException("string missing at the end of the block");
    }
    boolean huffman = src[pos] < 0;
    int length = stringLength();
    int start = pos;
    pos += length;
    if (length == 0) {
      return AsciiString.EMPTY_STRING;
    }
    if (!huffman) {
      return new AsciiString(src, start, length, true);
    }
    int max = HpackHuffman.maxDecodedLength(length);
    if (huffmanScratch.length < max) {
      huffmanScratch = new byte[Math.max(max, Math.max(64, huffmanScratch.length << 1))];
    }
    int n = HpackHuffman.decode(src, start, length, huffmanScratch);
    return n == 0 ? AsciiString.EMPTY_STRING : new AsciiString(huffmanScratch, 0, n, true);
  }

  private void skipString() throws HpackException {
    pos += stringLength();
  }

  @Override
  public String toString() {
    return "HpackDecoder[table "
        + table.size()
        + "/"
        + table.maxSize()
        + " bytes, "
        + table.length()
        + " entries, maxHeaderListSize "
        + maxHeaderListSize
        + "]";
  }
}
