package io.tern.codec.http.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http.InvalidHttpMessageException;
import io.tern.codec.http.TooLongHttpHeaderException;
import io.tern.codec.http.TooLongHttpLineException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Finds the line feeds of a head (first line and header fields) or a trailer section, checking line
 * endings and the size limits as it goes. It scans eight bytes at a time over the buffer's own
 * memory, read in place: its {@code byte[]} or its native {@link MemorySegment}. Only a buffer with
 * neither (a composite of several pieces) is copied, into an array that grows as bytes arrive. When
 * a section is incomplete, the next call resumes where this one stopped, so a head arriving byte by
 * byte is still scanned once.
 *
 * <p>Threading: owned by one decoder, on the channel's event loop.
 */
public final class HttpHeadScanner {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong LONG_LE =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private final HttpDecoderConfig config;
  // src[base + i] is byte (readerIndex + i) of the cumulation; lineEnds holds the offsets of the
  // line feeds found so far, scanned the offset where the scan resumes.
  private byte[] mirror = new byte[512];
  private int mirrorLength;
  private int scanned;
  private int[] lineEnds = new int[32];
  private int lineCount;

  public HttpHeadScanner(HttpDecoderConfig config) {
    this.config = config;
  }

  /** Whether a scan is under way (some bytes of a section were seen). */
  public boolean started() {
    return lineCount != 0 || scanned != 0;
  }

  /** The offsets of the line feeds of the last complete section (valid until {@link #reset}). */
  public int[] lineEnds() {
    return lineEnds;
  }

  /** The number of lines of the last complete section, its empty line included. */
  public int lineCount() {
    return lineCount;
  }

  /**
   * Finds the end of a section: the line feed of its empty line.
   *
   * @param head {@code true} for a head (a first line, then fields), {@code false} for trailers
   * @return the section length including its empty line, or -1 if more bytes are needed
   * @throws InvalidHttpMessageException on a bare LF
   * @throws TooLongHttpLineException if the first line is too long
   * @throws TooLongHttpHeaderException if the fields are too large or too many
   */
  public int scan(ByteBuf in, boolean head) {
    int limit = (head ? config.maxInitialLineLength() + 2 : 0) + config.maxHeaderSize() + 2;
    int readable = Math.min(in.readableBytes(), limit + 1);
    if (!in.hasArray() && in.hasMemorySegment()) {
      return scan(in.memorySegment(), in.readerIndex(), readable, head);
    }
    byte[] src;
    int base;
    if (in.hasArray()) {
      src = in.array();
      base = in.arrayOffset() + in.readerIndex();
    } else {
      if (readable > mirrorLength) {
        if (readable > mirror.length) {
          mirror =
              Arrays.copyOf(mirror, Math.min(Math.max(readable, mirror.length * 2), limit + 1));
        }
        in.getBytes(in.readerIndex() + mirrorLength, mirror, mirrorLength, readable - mirrorLength);
        mirrorLength = readable;
      }
      src = mirror;
      base = 0;
    }
    int from = scanned;
    while (true) {
      int lineStart = lineCount == 0 ? 0 : lineEnds[lineCount - 1] + 1;
      int lf = indexOfLf(src, base + from, base + readable);
      if (lf < 0) {
        checkPartial(readable, head);
        scanned = readable;
        return -1;
      }
      lf -= base;
      if (lf == lineStart || src[base + lf - 1] != '\r') {
        throw new InvalidHttpMessageException("a line ends in a bare LF");
      }
      if (lineEnded(lf, lineStart, head)) {
        return lf + 1;
      }
      from = lf + 1;
    }
  }

  /**
   * Records a line ending at {@code lf} (its CR checked) and checks the limits; returns whether it
   * was the empty line ending the section.
   */
  private boolean lineEnded(int lf, int lineStart, boolean head) {
    addLineEnd(lf);
    boolean empty = lf == lineStart + 1;
    if (head && lineCount == 1) {
      if (lf - 1 > config.maxInitialLineLength()) {
        throw lineTooLong();
      }
      return false;
    }
    if (empty) {
      return true;
    }
    int fieldStart = head ? lineEnds[0] + 1 : 0;
    if (lf + 1 - fieldStart > config.maxHeaderSize()) {
      throw headerTooLarge();
    }
    if ((head ? lineCount - 1 : lineCount) > config.maxHeaderCount()) {
      throw new TooLongHttpHeaderException(
          "more than " + config.maxHeaderCount() + " header fields");
    }
    return false;
  }

  /**
   * {@link #scan(ByteBuf, boolean)} over native memory, read in place: a direct buffer is not
   * copied to be scanned (pipelined requests would otherwise copy what follows each head again).
   */
  private int scan(MemorySegment src, long base, int readable, boolean head) {
    int from = scanned;
    while (true) {
      int lineStart = lineCount == 0 ? 0 : lineEnds[lineCount - 1] + 1;
      long found = indexOfLf(src, base + from, base + readable);
      if (found < 0) {
        checkPartial(readable, head);
        scanned = readable;
        return -1;
      }
      int lf = (int) (found - base);
      if (lf == lineStart || src.get(ValueLayout.JAVA_BYTE, found - 1) != '\r') {
        throw new InvalidHttpMessageException("a line ends in a bare LF");
      }
      if (lineEnded(lf, lineStart, head)) {
        return lf + 1;
      }
      from = lf + 1;
    }
  }

  private void checkPartial(int readable, boolean head) {
    if (head && lineCount == 0) {
      if (readable > config.maxInitialLineLength() + 1) {
        throw lineTooLong();
      }
    } else if (readable - (head ? lineEnds[0] + 1 : 0) > config.maxHeaderSize() + 1) {
      throw headerTooLarge();
    }
  }

  private TooLongHttpLineException lineTooLong() {
    return new TooLongHttpLineException(
        "the first line is longer than " + config.maxInitialLineLength() + " bytes");
  }

  private TooLongHttpHeaderException headerTooLarge() {
    return new TooLongHttpHeaderException(
        "the header section is larger than " + config.maxHeaderSize() + " bytes");
  }

  private void addLineEnd(int lf) {
    if (lineCount == lineEnds.length) {
      lineEnds = Arrays.copyOf(lineEnds, lineCount * 2);
    }
    lineEnds[lineCount++] = lf;
  }

  /** Forgets the section; the arrays returned by {@link #lineEnds} may be reused afterwards. */
  public void reset() {
    mirrorLength = 0;
    scanned = 0;
    lineCount = 0;
    if (lineEnds.length > 256) {
      lineEnds = new int[32];
    }
  }

  /** Word-at-a-time search for LF in native memory {@code [from, to)}; -1 if absent. */
  private static long indexOfLf(MemorySegment m, long from, long to) {
    long i = from;
    for (; i <= to - Long.BYTES; i += Long.BYTES) {
      long v = m.get(LONG_LE, i) ^ 0x0A0A0A0A0A0A0A0AL;
      long found = (v - 0x0101010101010101L) & ~v & 0x8080808080808080L;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (m.get(ValueLayout.JAVA_BYTE, i) == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** Word-at-a-time search for LF in {@code a[from, to)}; -1 if absent. */
  private static int indexOfLf(byte[] a, int from, int to) {
    int i = from;
    for (; i <= to - Long.BYTES; i += Long.BYTES) {
      long v = (long) LONGS.get(a, i) ^ 0x0A0A0A0A0A0A0A0AL;
      long found = (v - 0x0101010101010101L) & ~v & 0x8080808080808080L;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (a[i] == '\n') {
        return i;
      }
    }
    return -1;
  }
}
