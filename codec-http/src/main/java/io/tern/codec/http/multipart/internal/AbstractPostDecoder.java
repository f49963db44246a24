package io.tern.codec.http.multipart.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http.multipart.HttpData;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.codec.http.multipart.HttpPostDecoderException;
import io.tern.codec.http.multipart.HttpPostLimitException;
import io.tern.codec.http.multipart.HttpPostRequestDecoder;
import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ResourceLeakDetector;
import io.tern.common.ResourceLeakTracker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * What both POST decoders share: the undecoded bytes, the fields created and completed, limits, and
 * the one-call cleanup.
 *
 * <p>The undecoded bytes live in a private {@code byte[]} ({@code buf[start, end)}), filled from
 * the offered buffers with one bulk copy per slice of at most {@value #SLICE} bytes; subclasses
 * scan it with plain array loops, so leak detection (which instruments buffer accesses) costs
 * nothing per scanned byte. {@code scan} is where the last unsuccessful search stopped, kept across
 * offers so that no byte is searched twice for the same delimiter. The array is a window of at most
 * about {@value #WINDOW} bytes while a long body streams through it (see {@code ensureWritable});
 * bytes decoded into a field are copied out of it before it is compacted.
 */
abstract class AbstractPostDecoder implements HttpPostRequestDecoder {
  /** The most bytes copied in from an offered buffer before decoding them. */
  static final int SLICE = 64 * 1024;

  /** Size up to which the array of undecoded bytes grows before asking for {@link #makeRoom()}. */
  static final int WINDOW = 64 * 1024;

  private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final ResourceLeakDetector<HttpPostRequestDecoder> LEAKS =
      ResourceLeakDetector.newDetector(HttpPostRequestDecoder.class);

  final HttpDataFactory factory;
  final DecoderLimits limits;

  byte[] buf = new byte[1024];
  int start;
  int end;
  int scan;

  private final List<AbstractHttpData> created = new ArrayList<>();
  private final List<HttpData> completed = new ArrayList<>();
  private int nextIndex;
  AbstractHttpData current;
  private boolean ended;
  private boolean failed;
  private boolean destroyed;
  private final ResourceLeakTracker<HttpPostRequestDecoder> leak;

  AbstractPostDecoder(HttpDataFactory factory, DecoderLimits limits) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.limits = limits;
    this.leak = LEAKS.track(this);
  }

  /**
   * Decodes what {@code buf[start, end)} allows; at {@code last}, the body is complete.
   *
   * @param last whether no more bytes will come
   */
  abstract void decode(boolean last) throws IOException;

  @Override
  public final void offer(HttpContent content) {
    if (destroyed || failed || ended) {
      throw new IllegalStateException(
          destroyed ? "destroyed" : failed ? "failed by an earlier error" : "body already ended");
    }
    try {
      ByteBuf in = content.content();
      int index = in.readerIndex();
      int remaining = in.readableBytes();
      while (remaining > 0) {
        int n = Math.min(remaining, SLICE);
        ensureWritable(n);
        in.getBytes(index, buf, end, n);
        end += n;
        index += n;
        remaining -= n;
        decode(false);
      }
      if (content instanceof LastHttpContent) {
        ended = true;
        decode(true);
        buf = null;
      }
    } catch (IOException e) {
      fail();
      throw new UncheckedIOException("storing a field failed", e);
    } catch (RuntimeException | Error e) {
      fail();
      throw e;
    }
  }

  private void fail() {
    failed = true;
    buf = null;
  }

  /**
   * Makes room for {@code n} more bytes. Below {@value #WINDOW} bytes the array is compacted (its
   * pending bytes moved to the front) when few bytes are pending, and grows (doubling) otherwise.
   * At a window or more, the subclass first moves what it has decoded but kept (a part's body) out
   * with {@link #makeRoom()}, so a long body is moved into its field in runs of about a window, and
   * only the undecoded tail is compacted to the front.
   */
  private void ensureWritable(int n) throws IOException {
    if (buf.length - end >= n) {
      return;
    }
    if (buf.length >= WINDOW) {
      makeRoom();
    }
    int pending = end - start;
    // Below a window, many pending bytes mean a growing body: grow rather than move them again.
    boolean compact = buf.length >= WINDOW || pending <= buf.length / 8;
    if (compact && buf.length - pending >= n) {
      System.arraycopy(buf, start, buf, 0, pending);
    } else {
      // Compacts and grows in one copy; copyOfRange pads with zeros past the old end.
      long capacity = Math.max(pending + (long) n, Math.max(2L * buf.length, 2L * n));
      buf = Arrays.copyOfRange(buf, start, start + (int) Math.min(MAX_ARRAY - start, capacity));
    }
    scan = Math.max(0, scan - start);
    end = pending;
    start = 0;
  }

  /**
   * Called when the array is at least a window long and full: moves bytes that are decoded but
   * still kept in {@code buf[start, …)} out, advancing {@code start}. Does nothing by default.
   */
  void makeRoom() throws IOException {}

  /** Puts bytes in front of the first offered ones (the multipart decoder's virtual CRLF). */
  final void prime(byte[] bytes) {
    System.arraycopy(bytes, 0, buf, 0, bytes.length);
    end = bytes.length;
  }

  /**
   * Returns the first index of {@code b} in {@code buf[from, to)}, or {@code -1}. Eight bytes at a
   * time (SWAR): XOR with {@code b} in every byte turns matches into zero bytes, and {@code (v -
   * 0x01..) & ~v & 0x80..} flags them; the lowest flag is always a true match.
   */
  final int indexOf(byte b, int from, int to) {
    byte[] a = buf;
    int i = from;
    long pattern = (b & 0xFFL) * 0x0101010101010101L;
    for (; i <= to - Long.BYTES; i += Long.BYTES) {
      long v = (long) LONGS.get(a, i) ^ pattern;
      long found = (v - 0x0101010101010101L) & ~v & 0x8080808080808080L;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (a[i] == b) {
        return i;
      }
    }
    return -1;
  }

  // -----------------------------------------------------------------------------------------
  // Fields

  final DefaultAttribute newAttribute(String name, Charset charset) {
    checkFieldCount();
    DefaultAttribute a = new DefaultAttribute(name, charset, factory);
    created.add(a);
    return a;
  }

  final DefaultFileUpload newFileUpload(
      String name, String filename, String contentType, String cte, Charset charset) {
    checkFieldCount();
    DefaultFileUpload f = new DefaultFileUpload(name, filename, contentType, cte, charset, factory);
    created.add(f);
    return f;
  }

  private void checkFieldCount() {
    if (created.size() >= limits.maxFields()) {
      throw new HttpPostLimitException(
          HttpPostLimitException.Limit.FIELDS,
          "the body has more than " + limits.maxFields() + " fields");
    }
  }

  /** Copies {@code buf[from, to)} into the field's storage, enforcing its size limit. */
  final void append(AbstractHttpData data, int from, int to) throws IOException {
    checkSize(data, to - from);
    data.append(buf, from, to - from);
  }

  /** Throws if {@code pending} more bytes would make the field larger than its limit. */
  final void checkSize(AbstractHttpData data, long pending) {
    boolean file = data.kind() == HttpData.Kind.FILE_UPLOAD;
    long max = file ? limits.maxFileSize() : limits.maxFieldSize();
    if (data.length() + pending > max) {
      throw new HttpPostLimitException(
          file ? HttpPostLimitException.Limit.FILE_SIZE : HttpPostLimitException.Limit.FIELD_SIZE,
          (file ? "file" : "field") + " '" + data.name() + "' is larger than " + max + " bytes");
    }
  }

  final void complete(AbstractHttpData data) throws IOException {
    data.complete();
    completed.add(data);
  }

  static HttpPostDecoderException malformed(String message) {
    return new HttpPostDecoderException(message);
  }

  // -----------------------------------------------------------------------------------------
  // HttpPostRequestDecoder

  @Override
  public final boolean hasNext() {
    return nextIndex < completed.size();
  }

  @Override
  public final HttpData next() {
    if (nextIndex >= completed.size()) {
      throw new NoSuchElementException("no completed field is waiting");
    }
    return completed.get(nextIndex++);
  }

  @Override
  public final HttpData currentPartialHttpData() {
    return current;
  }

  @Override
  public final List<HttpData> bodyHttpDatas() {
    return List.copyOf(completed);
  }

  @Override
  public final List<HttpData> bodyHttpDatas(String name) {
    List<HttpData> result = new ArrayList<>(2);
    for (HttpData d : completed) {
      if (d.name().equals(name)) {
        result.add(d);
      }
    }
    return Collections.unmodifiableList(result);
  }

  @Override
  public final HttpData bodyHttpData(String name) {
    for (HttpData d : completed) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }

  @Override
  public final boolean isEndOfData() {
    return ended && !failed;
  }

  @Override
  public final void destroy() {
    if (destroyed) {
      return;
    }
    destroyed = true;
    buf = null;
    current = null;
    for (AbstractHttpData d : created) {
      try {
        d.release();
      } catch (IllegalReferenceCountException e) {
        // The application released our reference already; nothing left for us to do.
      }
    }
    created.clear();
    completed.clear();
    if (leak != null) {
      leak.close(this);
    }
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + "(fields="
        + created.size()
        + (ended ? ", ended" : "")
        + (failed ? ", failed" : "")
        + (destroyed ? ", destroyed" : "")
        + ')';
  }
}
