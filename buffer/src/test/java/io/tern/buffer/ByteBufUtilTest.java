package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.internal.SegmentByteBuf;
import io.tern.buffer.internal.UnpooledDirectByteBuf;
import io.tern.common.AsciiString;
import io.tern.common.IllegalReferenceCountException;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ByteBufUtilTest {

  /** An empty, writable buffer of each kind the fast paths distinguish. */
  private static List<Supplier<ByteBuf>> kinds() {
    return List.of(
        () -> Unpooled.buffer(16),
        () -> Unpooled.directBuffer(16),
        () -> new UnpooledDirectByteBuf(BufferKind.ALLOC, 16, Integer.MAX_VALUE), // not tracked
        () -> BufferKind.POOLED.directBuffer(16),
        () -> Unpooled.buffer(2048).writeZero(7).slice(7, 1500).clear(),
        () -> Unpooled.directBuffer(2048).writeZero(5).slice(5, 1500).clear(),
        () -> Unpooled.wrappedBuffer(new byte[1500], 0, 1500).clear(),
        () -> Unpooled.compositeBuffer().addComponent(false, Unpooled.buffer(8)).clear());
  }

  private static String randomText(Random random, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(8)) {
        case 0 -> sb.append((char) (0x80 + random.nextInt(0x780))); // 2 bytes
        case 1 -> sb.append((char) (0x800 + random.nextInt(0xD000))); // 3 bytes, not surrogates
        case 2 -> sb.appendCodePoint(0x10000 + random.nextInt(0x100000)); // surrogate pair
        case 3 -> sb.append((char) (0xD800 + random.nextInt(0x800))); // lone surrogate
        default -> sb.append((char) random.nextInt(0x80));
      }
    }
    return sb.toString();
  }

  @Test
  void writeUtf8MatchesStringGetBytesForEveryKindOfBuffer() {
    Random random = new Random(0xC0FFEE);
    for (Supplier<ByteBuf> kind : kinds()) {
      for (int round = 0; round < 300; round++) {
        String text = randomText(random, random.nextInt(250));
        byte[] expected = text.getBytes(StandardCharsets.UTF_8);
        ByteBuf buf = kind.get();
        try {
          buf.writeByte('>');
          int written = ByteBufUtil.writeUtf8(buf, text);

          assertThat(written).isEqualTo(expected.length);
          assertThat(ByteBufUtil.utf8Bytes(text)).isEqualTo(expected.length);
          assertThat(buf.readByte()).isEqualTo((byte) '>');
          assertThat(ByteBufUtil.getBytes(buf)).as("%s: %s", buf, text).isEqualTo(expected);
        } finally {
          buf.release();
        }
      }
    }
  }

  @Test
  void longTextKeepsSurrogatePairsWhole() {
    Random random = new Random(99);
    List<String> texts = new ArrayList<>();
    for (int prefix = 1360; prefix < 1368; prefix++) {
      texts.add("\u00e9" + "x".repeat(prefix) + "\ud83d\ude00" + randomText(random, 3000));
      texts.add("x".repeat(prefix) + "\ud83d\ude00" + randomText(random, 3000));
    }
    for (String text : texts) {
      byte[] expected = text.getBytes(StandardCharsets.UTF_8);
      for (ByteBuf buf : List.of(Unpooled.directBuffer(16), Unpooled.buffer(16))) {
        try {
          assertThat(ByteBufUtil.writeUtf8(buf, text)).isEqualTo(expected.length);
          assertThat(ByteBufUtil.getBytes(buf)).isEqualTo(expected);
        } finally {
          buf.release();
        }
      }
    }
  }

  @Test
  void writeUtf8IntoRoomForExactlyTheTextDoesNotGrowTheBuffer() {
    // Encoders size their buffer from the message: the text's bytes fit, three per char do not.
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      String text = randomText(random, 1 + random.nextInt(120));
      byte[] expected = text.getBytes(StandardCharsets.UTF_8);
      int room = 1 + expected.length;
      for (ByteBuf owner :
          List.of(
              Unpooled.directBuffer(room),
              BufferKind.POOLED.directBuffer(room),
              Unpooled.buffer(room))) {
        ByteBuf buf = root(owner);
        try {
          int capacity = buf.capacity();
          buf.writeByte('>');
          assertThat(ByteBufUtil.writeUtf8(buf, text)).isEqualTo(expected.length);
          assertThat(buf.capacity()).as("%s: %s", buf, text).isEqualTo(capacity);
          assertThat(buf.readByte()).isEqualTo((byte) '>');
          assertThat(ByteBufUtil.getBytes(buf)).as("%s: %s", buf, text).isEqualTo(expected);
        } finally {
          owner.release();
        }
      }
      // A slice in the middle of an array: the text lands at the slice's offset, nothing after.
      ByteBuf parent = Unpooled.buffer(room + 9).writeZero(room + 9);
      try {
        ByteBuf slice = parent.slice(4, room).clear();
        slice.writeByte('>');
        assertThat(ByteBufUtil.writeUtf8(slice, text)).isEqualTo(expected.length);
        assertThat(slice.readByte()).isEqualTo((byte) '>');
        assertThat(ByteBufUtil.getBytes(slice)).isEqualTo(expected);
        assertThat(parent.getByte(4 + room)).isZero();
      } finally {
        parent.release();
      }
    }
  }

  /** The buffer under a leak-tracking wrapper (tests track every buffer), or the buffer itself. */
  private static ByteBuf root(ByteBuf buf) {
    ByteBuf inner = buf.unwrap();
    return inner == null ? buf : inner;
  }

  @Test
  void textOfEveryShortLengthLandsExactlyInNativeMemory() {
    // Short text goes into native memory store by store, longer Latin-1 text through the scratch
    // array: every length around that boundary, with the first non-ASCII char at every position,
    // and the byte after the written range untouched. Written to the raw buffers, not the tests'
    // leak-tracking wrappers, so the raw-address path is the one under test.
    List<Supplier<ByteBuf>> natives =
        List.of(() -> Unpooled.directBuffer(512), () -> BufferKind.POOLED.directBuffer(512));
    for (Supplier<ByteBuf> kind : natives) {
      for (int length = 0; length <= 80; length++) {
        for (int odd = -1; odd < length; odd += length < 20 ? 1 : 7) {
          StringBuilder sb = new StringBuilder();
          for (int i = 0; i < length; i++) {
            sb.append(i == odd ? '\u00e9' : (char) ('a' + i % 26));
          }
          String text = sb.toString();
          ByteBuf owner = kind.get();
          ByteBuf buf = root(owner);
          try {
            assertThat(buf).isInstanceOf(SegmentByteBuf.class);
            for (int i = 0; i < buf.capacity(); i++) {
              buf.setByte(i, 0x55);
            }
            buf.writeByte('<');
            ByteBufUtil.writeUtf8(buf, text);
            buf.writeByte('>');
            ByteBufUtil.writeAscii(buf, text);
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            byte[] latin1 = text.getBytes(StandardCharsets.ISO_8859_1);
            assertThat(buf.readableBytes()).isEqualTo(2 + utf8.length + latin1.length);
            assertThat(buf.getByte(buf.writerIndex())).isEqualTo((byte) 0x55);
            assertThat(buf.readByte()).isEqualTo((byte) '<');
            assertThat(ByteBufUtil.getBytes(buf.readSlice(utf8.length))).isEqualTo(utf8);
            assertThat(buf.readByte()).isEqualTo((byte) '>');
            assertThat(ByteBufUtil.getBytes(buf)).as("%s", text).isEqualTo(latin1);
          } finally {
            owner.release();
          }
        }
      }
    }
  }

  @Test
  void everyKindOfCharAtEveryPositionLandsExactlyAndNothingBeyond() {
    // The native paths store more than one byte at a time: each kind of char (1 to 4 bytes, lone
    // surrogates) at every position of every length up to 40, in ASCII and in 3-byte text, and the
    // bytes right after the text (which wide stores must never touch) checked.
    String[] specials = {
      "\u00e9", "\u20ac", "\ud83d\ude00", "\ud83d", "\ude00", "\u07ff", "\u0800"
    };
    char[] fillers = {'a', '\u4e2d'};
    // Heap arrays take the same one-store-per-sequence loop through byte[] view handles.
    List<Supplier<ByteBuf>> kinds =
        List.of(
            () -> Unpooled.directBuffer(256),
            () -> BufferKind.POOLED.directBuffer(256),
            () -> Unpooled.buffer(256),
            () -> BufferKind.POOLED.heapBuffer(256));
    for (Supplier<ByteBuf> kind : kinds) {
      for (char filler : fillers) {
        for (String special : specials) {
          for (int length = 0; length <= 40; length++) {
            for (int at = -1; at < length; at++) {
              StringBuilder sb = new StringBuilder();
              for (int i = 0; i < length; i++) {
                if (i == at) {
                  sb.append(special);
                } else {
                  sb.append(filler);
                }
              }
              assertLandsExactly(kind, sb.toString());
            }
          }
        }
      }
    }
  }

  @Test
  void textOfEveryLengthAroundThePathSwitchesLandsExactlyInNativeMemory() {
    Random random = new Random(0x5EED);
    List<Supplier<ByteBuf>> natives =
        List.of(() -> Unpooled.directBuffer(64), () -> BufferKind.POOLED.directBuffer(64));
    for (Supplier<ByteBuf> kind : natives) {
      for (int length = 0; length <= 300; length++) {
        assertLandsExactly(kind, randomText(random, length));
        assertLandsExactly(kind, "x".repeat(length));
        assertLandsExactly(kind, "\u00e9".repeat(length));
        assertLandsExactly(kind, "x".repeat(length) + "\u00e9");
      }
      for (int prefix = 1360; prefix < 1368; prefix++) {
        // Across the scratch array's chunk of 1,364 chars, a pair at every offset around it.
        assertLandsExactly(kind, "x".repeat(prefix) + "\ud83d\ude00" + randomText(random, 3000));
        assertLandsExactly(kind, "\u00e9".repeat(prefix) + "\ud83d\ude00" + "y".repeat(2000));
      }
    }
  }

  /**
   * Writes {@code text} with writeUtf8 and writeAscii into the raw buffer under {@code kind}'s
   * (filled with 0x55 first) and checks the bytes and the 8 bytes after each write.
   */
  private static void assertLandsExactly(Supplier<ByteBuf> kind, String text) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    byte[] latin1 = asciiBytes(text);
    ByteBuf owner = kind.get();
    ByteBuf buf = root(owner);
    try {
      // Room for the worst case (3 bytes per char), so the raw-address paths are the ones taken.
      buf.ensureWritable(3 * text.length() + 16);
      if (owner.isDirect()) {
        assertThat(buf).isInstanceOf(SegmentByteBuf.class);
      }
      fill(buf);
      buf.writeByte('<');
      assertThat(ByteBufUtil.writeUtf8(buf, text)).isEqualTo(utf8.length);
      assertUntouchedAfterWriterIndex(buf, text);
      assertThat(ByteBufUtil.getBytes(buf, 1, utf8.length)).as("%s", text).isEqualTo(utf8);
      fill(buf.clear());
      buf.writeByte('<');
      assertThat(ByteBufUtil.writeAscii(buf, text)).isEqualTo(text.length());
      assertUntouchedAfterWriterIndex(buf, text);
      assertThat(ByteBufUtil.getBytes(buf, 1, latin1.length)).as("%s", text).isEqualTo(latin1);
    } finally {
      owner.release();
    }
  }

  private static void fill(ByteBuf buf) {
    for (int i = 0; i < buf.capacity(); i++) {
      buf.setByte(i, 0x55);
    }
  }

  private static void assertUntouchedAfterWriterIndex(ByteBuf buf, String text) {
    int end = Math.min(buf.capacity(), buf.writerIndex() + 8);
    for (int i = buf.writerIndex(); i < end; i++) {
      assertThat(buf.getByte(i)).as("byte %d after %s", i, text).isEqualTo((byte) 0x55);
    }
  }

  /** What writeAscii writes: a char's value up to 0xFF, '?' above. */
  private static byte[] asciiBytes(String text) {
    byte[] bytes = new byte[text.length()];
    for (int i = 0; i < bytes.length; i++) {
      char c = text.charAt(i);
      bytes[i] = c > 0xFF ? (byte) '?' : (byte) c;
    }
    return bytes;
  }

  @Test
  void latin1TextLongerThanTheScratchArrayLandsExactlyInNativeMemory() {
    String text =
        "Latin-1 \u00e9\u00ff\u0000 text ".repeat(700); // 15,400 chars, one scratch is 4,093
    ByteBuf buf = new UnpooledDirectByteBuf(BufferKind.ALLOC, 16, Integer.MAX_VALUE);
    try {
      buf.writeByte('>');
      assertThat(ByteBufUtil.writeAscii(buf, text)).isEqualTo(text.length());
      assertThat(buf.readByte()).isEqualTo((byte) '>');
      assertThat(ByteBufUtil.getBytes(buf)).isEqualTo(text.getBytes(StandardCharsets.ISO_8859_1));
    } finally {
      buf.release();
    }
  }

  @Test
  void textWritesToAReleasedNativeBufferReportTheRelease() {
    for (ByteBuf owner : List.of(Unpooled.directBuffer(64), BufferKind.POOLED.directBuffer(64))) {
      ByteBuf buf = root(owner);
      owner.release();
      assertThatThrownBy(() -> ByteBufUtil.writeUtf8(buf, "abc"))
          .isInstanceOf(IllegalReferenceCountException.class);
      assertThatThrownBy(() -> ByteBufUtil.writeUtf8(buf, "\u00e9t\u00e9"))
          .isInstanceOf(IllegalReferenceCountException.class);
      assertThatThrownBy(() -> ByteBufUtil.writeAscii(buf, "abc"))
          .isInstanceOf(IllegalReferenceCountException.class);
    }
  }

  @Test
  void writeUtf8OfANonStringSequenceAndOfARange() {
    ByteBuf buf = Unpooled.buffer();
    try {
      CharSequence text = java.nio.CharBuffer.wrap("a\u00e9\ud83d\ude00z");
      assertThat(ByteBufUtil.writeUtf8(buf, text, 1, 4)).isEqualTo(6);
      assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("\u00e9\ud83d\ude00");
      // A pair cut in half by the range end is an unpaired surrogate.
      buf.clear();
      ByteBufUtil.writeUtf8(buf, text, 0, 3);
      assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("a\u00e9?");
      assertThat(ByteBufUtil.utf8Bytes(text, 0, 3)).isEqualTo(4);
    } finally {
      buf.release();
    }
  }

  @Test
  void writeUtf8GrowsTheBufferButOnlyAsFarAsNeededNearMaxCapacity() {
    ByteBuf buf = Unpooled.buffer(0, 7);
    try {
      // Seven bytes; the three-per-char worst case (18) would not fit the max capacity.
      assertThat(ByteBufUtil.writeUtf8(buf, "h\u00e9llo!")).isEqualTo(7);
      assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("h\u00e9llo!");
      assertThatThrownBy(() -> ByteBufUtil.writeUtf8(buf, "x"))
          .isInstanceOf(IndexOutOfBoundsException.class);
    } finally {
      buf.release();
    }
  }

  @Test
  void writeUtf8CountsTheTextOnceWhenTheWorstCaseDoesNotFit() {
    // Max capacity 20: the worst case (3 x 10 chars) cannot be reserved, so the buffer is sized
    // to the exact length, which is counted once and then encoded: two passes over the text (the
    // count reads the first non-ASCII char twice).
    ByteBuf buf = Unpooled.buffer(0, 20);
    try {
      CountingChars text = new CountingChars("h\u00e9llo w\u00f6rld".substring(0, 10));
      assertThat(ByteBufUtil.writeUtf8(buf, text)).isEqualTo(12);
      assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(text.toString());
      // Counting twice and encoding would read at least three times as many chars.
      assertThat(text.reads).isLessThan(3 * text.length());
    } finally {
      buf.release();
    }
  }

  // A CharSequence that counts the chars read from it.
  private static final class CountingChars implements CharSequence {
    private final String chars;
    int reads;

    CountingChars(String chars) {
      this.chars = chars;
    }

    @Override
    public int length() {
      return chars.length();
    }

    @Override
    public char charAt(int index) {
      reads++;
      return chars.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      reads += end - start;
      return chars.substring(start, end);
    }

    @Override
    public String toString() {
      return chars;
    }
  }

  @Test
  void reserveAndWriteUtf8LeavesTheReservedRoom() {
    ByteBuf buf = Unpooled.buffer(1);
    try {
      assertThat(ByteBufUtil.reserveAndWriteUtf8(buf, "abc", 100)).isEqualTo(3);
      assertThat(buf.capacity()).isGreaterThanOrEqualTo(100);
      assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("abc");
      // Too small a reservation still writes everything.
      assertThat(ByteBufUtil.reserveAndWriteUtf8(buf, "\u20ac".repeat(200), 1)).isEqualTo(600);
      assertThat(buf.readableBytes()).isEqualTo(603);
    } finally {
      buf.release();
    }
  }

  @Test
  void writesToReadOnlyBuffersAreRejected() {
    ByteBuf buf = Unpooled.buffer(64);
    try {
      ByteBuf readOnly = buf.asReadOnly().clear();
      assertThatThrownBy(() -> ByteBufUtil.writeUtf8(readOnly, "abc"))
          .isInstanceOf(ReadOnlyBufferException.class);
      assertThatThrownBy(() -> ByteBufUtil.writeAscii(readOnly, "abc"))
          .isInstanceOf(ReadOnlyBufferException.class);
    } finally {
      buf.release();
    }
  }

  @Test
  void writeAsciiWritesOneBytePerCharForEveryKindOfBuffer() {
    String text = "GET /path?q=\u00e9 HTTP/1.1\r\n\u20ac";
    byte[] expected = text.getBytes(StandardCharsets.ISO_8859_1);
    for (Supplier<ByteBuf> kind : kinds()) {
      ByteBuf buf = kind.get();
      try {
        assertThat(ByteBufUtil.writeAscii(buf, text)).isEqualTo(text.length());
        assertThat(ByteBufUtil.writeAscii(buf, AsciiString.of("Host"))).isEqualTo(4);
        assertThat(ByteBufUtil.getBytes(buf))
            .as("%s", buf)
            .isEqualTo((text + "Host").getBytes(StandardCharsets.ISO_8859_1));
        assertThat(ByteBufUtil.getBytes(buf, 0, expected.length)).isEqualTo(expected);
      } finally {
        buf.release();
      }
    }
  }

  @Test
  void writeAsciiOfTextLongerThanTheScratchArrayWritesEveryChar() {
    // Longer than one pass through the per-thread scratch array that native buffers go through.
    String text = "abc\u00e9\u20acxyz-".repeat(1_500);
    byte[] expected = text.getBytes(StandardCharsets.ISO_8859_1);
    List<Supplier<ByteBuf>> kinds =
        List.of(
            () -> Unpooled.buffer(16),
            () -> Unpooled.directBuffer(16),
            () -> new UnpooledDirectByteBuf(BufferKind.ALLOC, 16, Integer.MAX_VALUE),
            () -> Unpooled.buffer(20_000).writeZero(7).slice(7, 15_000).clear(),
            () -> Unpooled.directBuffer(20_000).writeZero(5).slice(5, 15_000).clear(),
            () -> Unpooled.compositeBuffer().addComponent(false, Unpooled.buffer(8)).clear());
    for (Supplier<ByteBuf> kind : kinds) {
      ByteBuf buf = kind.get();
      try {
        buf.writeByte('>');
        assertThat(ByteBufUtil.writeAscii(buf, text)).isEqualTo(text.length());
        assertThat(buf.readByte()).isEqualTo((byte) '>');
        assertThat(ByteBufUtil.getBytes(buf)).as("%s", buf).isEqualTo(expected);
      } finally {
        buf.release();
      }
    }
  }

  @Test
  void writeAsciiNeverTruncatesCharsAboveLatin1IntoOtherBytes() {
    // U+010A's low byte is a line feed, U+0D0D's a carriage return: both must become '?'.
    String shortText = "X-Name: a\u010Ab\u0D0Dc";
    String longText = "x".repeat(700) + "\u010A" + "\u00e9".repeat(690); // fits every kind
    CharSequence notAString = java.nio.CharBuffer.wrap("k\u010A\u00ff");
    for (CharSequence text : List.<CharSequence>of(shortText, longText, notAString)) {
      byte[] expected = text.toString().getBytes(StandardCharsets.ISO_8859_1);
      assertThat(expected).doesNotContain((byte) '\n', (byte) '\r');
      for (Supplier<ByteBuf> kind : kinds()) {
        ByteBuf buf = kind.get();
        try {
          assertThat(ByteBufUtil.writeAscii(buf, text)).isEqualTo(text.length());
          assertThat(ByteBufUtil.getBytes(buf)).as("%s", buf).isEqualTo(expected);
        } finally {
          buf.release();
        }
      }
    }
  }

  @Test
  void writeAsciiCopiesLatin1TextExactly() {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c <= 0xFF; c++) {
      all.append(c);
    }
    String text = all.toString().repeat(5);
    for (Supplier<ByteBuf> kind : kinds()) {
      ByteBuf buf = kind.get();
      try {
        buf.writeByte('>');
        ByteBufUtil.writeAscii(buf, text);
        assertThat(buf.readByte()).isEqualTo((byte) '>');
        assertThat(ByteBufUtil.getBytes(buf))
            .as("%s", buf)
            .isEqualTo(text.getBytes(StandardCharsets.ISO_8859_1));
      } finally {
        buf.release();
      }
    }
  }

  @Test
  void asciiStringRoundTrip() {
    AsciiString source =
        new AsciiString("xxcontent-typexx".getBytes(StandardCharsets.US_ASCII), 2, 12, false);
    ByteBuf buf = Unpooled.directBuffer();
    try {
      ByteBufUtil.writeAscii(buf, source);
      AsciiString back = ByteBufUtil.toAsciiString(buf);
      assertThat(back.contentEquals(source)).isTrue();
      assertThat(ByteBufUtil.toAsciiString(buf, 8, 4).toString()).isEqualTo("type");
    } finally {
      buf.release();
    }
  }

  @Test
  void hexDumpRoundTrips() {
    byte[] bytes = {0, 1, (byte) 0xAB, (byte) 0xFF, 0x7F, 0x10};
    assertThat(ByteBufUtil.hexDump(bytes)).isEqualTo("0001abff7f10");
    assertThat(ByteBufUtil.hexDump(bytes, 2, 2)).isEqualTo("abff");
    assertThat(ByteBufUtil.decodeHexDump("0001ABff7f10")).isEqualTo(bytes);
    assertThat(ByteBufUtil.decodeHexDump("zz0001", 2, 4)).containsExactly(0, 1);
    assertThatThrownBy(() -> ByteBufUtil.decodeHexDump("abc"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ByteBufUtil.decodeHexDump("0g"))
        .isInstanceOf(IllegalArgumentException.class);
    for (Supplier<ByteBuf> kind : kinds()) {
      ByteBuf buf = kind.get();
      try {
        buf.writeBytes(bytes).readerIndex(1);
        assertThat(ByteBufUtil.hexDump(buf)).isEqualTo("01abff7f10");
      } finally {
        buf.release();
      }
    }
  }

  @Test
  void prettyHexDumpDrawsATable() {
    ByteBuf buf = Unpooled.directBuffer();
    try {
      buf.writeByte(0).writeBytes("Hello, world!\r\n0123".getBytes(StandardCharsets.US_ASCII));
      buf.readerIndex(1);
      String nl = System.lineSeparator();
      assertThat(ByteBufUtil.prettyHexDump(buf))
          .isEqualTo(
              "         +-------------------------------------------------+"
                  + nl
                  + "         |  0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f |"
                  + nl
                  + "+--------+-------------------------------------------------+----------------+"
                  + nl
                  + "|00000000| 48 65 6c 6c 6f 2c 20 77 6f 72 6c 64 21 0d 0a 30 |Hello, world!..0|"
                  + nl
                  + "|00000010| 31 32 33                                        |123             |"
                  + nl
                  + "+--------+-------------------------------------------------+----------------+");
      assertThat(buf.readerIndex()).isEqualTo(1);
      assertThat(ByteBufUtil.prettyHexDump(buf, 0, 0)).isEmpty();
    } finally {
      buf.release();
    }
  }

  @Test
  void rangeEqualsAcrossKinds() {
    Random random = new Random(3);
    byte[] data = new byte[100];
    random.nextBytes(data);
    List<ByteBuf> bufs = new ArrayList<>();
    try {
      for (Supplier<ByteBuf> kind : kinds()) {
        bufs.add(kind.get().writeBytes(data));
      }
      for (ByteBuf a : bufs) {
        for (ByteBuf b : bufs) {
          assertThat(ByteBufUtil.equals(a, 3, b, 3, 90)).isTrue();
          assertThat(ByteBufUtil.equals(a, 3, b, 4, 90)).isFalse();
          assertThat(ByteBufUtil.equals(a, 50, b, 50, 51)).isFalse(); // past the writer index
          assertThat(ByteBufUtil.compare(a, b)).isZero();
        }
      }
      bufs.get(0).setByte(95, data[95] + 1);
      assertThat(ByteBufUtil.equals(bufs.get(0), 0, bufs.get(1), 0, 95)).isTrue();
      assertThat(ByteBufUtil.equals(bufs.get(0), 0, bufs.get(1), 0, 96)).isFalse();
      assertThat(ByteBufUtil.equals(bufs.get(2), 0, bufs.get(0), 0, 96)).isFalse();
      assertThatThrownBy(() -> ByteBufUtil.equals(bufs.get(0), -1, bufs.get(1), 0, 1))
          .isInstanceOf(IllegalArgumentException.class);
    } finally {
      bufs.forEach(ByteBuf::release);
    }
  }

  @Test
  void indexOfMatchesNaiveSearch() {
    Random random = new Random(11);
    for (int round = 0; round < 400; round++) {
      byte[] hay = new byte[random.nextInt(200)];
      byte[] needle = new byte[1 + random.nextInt(round % 2 == 0 ? 4 : 80)];
      for (int i = 0; i < hay.length; i++) {
        hay[i] = (byte) random.nextInt(2);
      }
      for (int i = 0; i < needle.length; i++) {
        needle[i] = (byte) random.nextInt(2);
      }
      int expected = naiveIndexOf(hay, 3, needle);
      ByteBuf haystack =
          Unpooled.directBuffer().writeBytes(hay).readerIndex(Math.min(3, hay.length));
      ByteBuf needleBuf = Unpooled.buffer().writeByte(9).writeBytes(needle).readerIndex(1);
      try {
        assertThat(ByteBufUtil.indexOf(needleBuf, haystack))
            .as("round %d", round)
            .isEqualTo(expected);
      } finally {
        haystack.release();
        needleBuf.release();
      }
    }
  }

  private static int naiveIndexOf(byte[] hay, int from, byte[] needle) {
    outer:
    for (int i = from; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void getBytesMayReturnTheBackingArray() {
    byte[] array = {1, 2, 3};
    ByteBuf buf = Unpooled.wrappedBuffer(array);
    try {
      assertThat(ByteBufUtil.getBytes(buf, 0, 3, false)).isSameAs(array);
      assertThat(ByteBufUtil.getBytes(buf, 0, 3, true)).isNotSameAs(array).isEqualTo(array);
      assertThat(ByteBufUtil.getBytes(buf, 1, 2, false)).containsExactly(2, 3);
    } finally {
      buf.release();
    }
  }
}
