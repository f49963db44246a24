package io.tern.codec.http2;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http2.internal.Http2HeadersValidator;
import io.tern.common.AsciiString;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.BiConsumer;

/**
 * The header fields of an HTTP/2 message: pseudo-header fields ({@code :method}, {@code :path},
 * {@code :status}, ...) first, then regular fields, each in insertion order, as HPACK sends them.
 *
 * <p><b>Names.</b> HTTP/2 sends names in lower case; {@link #add} and {@link #set} refuse a name
 * with an upper-case letter or any character a field name may not hold (RFC 9113, section 8.2.1),
 * and a pseudo-header name that RFC 9113 does not define. Values may not hold NUL, CR or LF, nor
 * start or end with a space or tab. Lookups ({@link #get}, {@link #contains}, {@link #remove})
 * ignore ASCII case. Headers decoded from the wire were checked by the decoder already, with the
 * rules of section 8 (pseudo-headers first and only the allowed ones, no connection-specific
 * fields, {@code te} only {@code trailers}).
 *
 * <p><b>Layout.</b> Names and values in two parallel arrays, pseudo-headers at the front; a lookup
 * scans them, which for the dozen fields of a typical message beats hashing.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: build it on one thread and hand it over (in a frame) without touching it
 * afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class Http2Headers implements Iterable<Map.Entry<CharSequence, CharSequence>> {
  /** {@code :method}. */
  public static final AsciiString METHOD = AsciiString.cached(":method");

  /** {@code :scheme}. */
  public static final AsciiString SCHEME = AsciiString.cached(":scheme");

  /** {@code :authority}. */
  public static final AsciiString AUTHORITY = AsciiString.cached(":authority");

  /** {@code :path}. */
  public static final AsciiString PATH = AsciiString.cached(":path");

  /** {@code :status}. */
  public static final AsciiString STATUS = AsciiString.cached(":status");

  /** {@code :protocol} (RFC 8441, extended {@code CONNECT}). */
  public static final AsciiString PROTOCOL = AsciiString.cached(":protocol");

  private CharSequence[] names;
  private CharSequence[] values;
  private int size;
  private int pseudoCount;

  /** Creates empty headers. */
  public Http2Headers() {
    this(8);
  }

  /**
   * Creates empty headers with room for some fields.
   *
   * @param capacity fields to make room for
   */
  public Http2Headers(int capacity) {
    int n = Math.max(capacity, 1);
    names = new CharSequence[n];
    values = new CharSequence[n];
  }

  /**
   * Returns the number of fields, pseudo-headers included.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * Returns whether there is no field.
   *
   * @return {@code true} if empty
   */
  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * Returns the name of the field at a position (pseudo-headers first).
   *
   * @param index 0 to {@code size() - 1}
   * @return the name
   */
  public CharSequence name(int index) {
    return names[checkIndex(index)];
  }

  /**
   * Returns the value of the field at a position.
   *
   * @param index 0 to {@code size() - 1}
   * @return the value
   */
  public CharSequence value(int index) {
    return values[checkIndex(index)];
  }

  private int checkIndex(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index);
    }
    return index;
  }

  /**
   * Returns the number of pseudo-header fields (they come first).
   *
   * @return the count
   */
  public int pseudoHeaderCount() {
    return pseudoCount;
  }

  /**
   * Returns the first value of a field.
   *
   * @param name the name, any case
   * @return the value, or {@code null}
   */
  public CharSequence get(CharSequence name) {
    int i = indexOf(name, 0);
    return i < 0 ? null : values[i];
  }

  /**
   * Returns every value of a field, in order.
   *
   * @param name the name, any case
   * @return the values, possibly empty
   */
  public List<CharSequence> getAll(CharSequence name) {
    List<CharSequence> out = new ArrayList<>(2);
    for (int i = indexOf(name, 0); i >= 0; i = indexOf(name, i + 1)) {
      out.add(values[i]);
    }
    return out;
  }

  /**
   * Returns whether a field is present.
   *
   * @param name the name, any case
   * @return {@code true} if present
   */
  public boolean contains(CharSequence name) {
    return indexOf(name, 0) >= 0;
  }

  private int indexOf(CharSequence name, int from) {
    int n = name.length();
    for (int i = from; i < size; i++) {
      CharSequence k = names[i];
      if (k == name || (k.length() == n && AsciiString.contentEqualsIgnoreCase(k, name))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Adds a field after the others of its kind (a pseudo-header after the pseudo-headers).
   *
   * @param name the name, lower case
   * @param value the value
   * @return this
   * @throws IllegalArgumentException if the name or value is not allowed
   */
  @CanIgnoreReturnValue
  public Http2Headers add(CharSequence name, CharSequence value) {
    Http2HeadersValidator.checkName(name);
    Http2HeadersValidator.checkValue(name, value);
    addUnchecked(name, value);
    return this;
  }

  private void addUnchecked(CharSequence name, CharSequence value) {
    if (size == names.length) {
      int n = size << 1;
      names = Arrays.copyOf(names, n);
      values = Arrays.copyOf(values, n);
    }
    if (name.length() > 0 && name.charAt(0) == ':') {
      if (pseudoCount < size) {
        System.arraycopy(names, pseudoCount, names, pseudoCount + 1, size - pseudoCount);
        System.arraycopy(values, pseudoCount, values, pseudoCount + 1, size - pseudoCount);
      }
      names[pseudoCount] = name;
      values[pseudoCount] = value;
      pseudoCount++;
    } else {
      names[size] = name;
      values[size] = value;
    }
    size++;
  }

  /**
   * Replaces every value of a field by one.
   *
   * @param name the name, lower case
   * @param value the value
   * @return this
   * @throws IllegalArgumentException if the name or value is not allowed
   */
  @CanIgnoreReturnValue
  public Http2Headers set(CharSequence name, CharSequence value) {
    Http2HeadersValidator.checkName(name);
    Http2HeadersValidator.checkValue(name, value);
    int i = indexOf(name, 0);
    if (i < 0) {
      addUnchecked(name, value);
      return this;
    }
    values[i] = value;
    for (int j = indexOf(name, i + 1); j >= 0; j = indexOf(name, j)) {
      removeAt(j);
    }
    return this;
  }

  /**
   * Removes every value of a field.
   *
   * @param name the name, any case
   * @return {@code true} if there was one
   */
  public boolean remove(CharSequence name) {
    boolean removed = false;
    for (int i = indexOf(name, 0); i >= 0; i = indexOf(name, i)) {
      removeAt(i);
      removed = true;
    }
    return removed;
  }

  private void removeAt(int i) {
    if (i < pseudoCount) {
      pseudoCount--;
    }
    System.arraycopy(names, i + 1, names, i, size - i - 1);
    System.arraycopy(values, i + 1, values, i, size - i - 1);
    size--;
    names[size] = null;
    values[size] = null;
  }

  /**
   * Removes every field.
   *
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Headers clear() {
    Arrays.fill(names, 0, size, null);
    Arrays.fill(values, 0, size, null);
    size = 0;
    pseudoCount = 0;
    return this;
  }

  /**
   * Returns {@code :method}.
   *
   * @return the value, or {@code null}
   */
  public CharSequence method() {
    return pseudo(METHOD);
  }

  /**
   * Sets {@code :method}.
   *
   * @param value the method
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Headers method(CharSequence value) {
    return set(METHOD, value);
  }

  /**
   * Returns {@code :scheme}.
   *
   * @return the value, or {@code null}
   */
  public CharSequence scheme() {
    return pseudo(SCHEME);
  }

  /**
   * Sets {@code :scheme}.
   *
   * @param value the scheme
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Headers scheme(CharSequence value) {
    return set(SCHEME, value);
  }

  /**
   * Returns {@code :authority}.
   *
   * @return the value, or {@code null}
   */
  public CharSequence authority() {
    return pseudo(AUTHORITY);
  }

  /**
   * Sets {@code :authority}.
   *
   * @param value the authority
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Headers authority(CharSequence value) {
    return set(AUTHORITY, value);
  }

  /**
   * Returns {@code :path}.
   *
   * @return the value, or {@code null}
   */
  public CharSequence path() {
    return pseudo(PATH);
  }

  /**
   * Sets {@code :path}.
   *
   * @param value the path and query
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Headers path(CharSequence value) {
    return set(PATH, value);
  }

  /**
   * Returns {@code :status}.
   *
   * @return the value, or {@code null}
   */
  public CharSequence status() {
    return pseudo(STATUS);
  }

  /**
   * Sets {@code :status}.
   *
   * @param value the three-digit status code
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2Headers status(CharSequence value) {
    return set(STATUS, value);
  }

  /**
   * Returns {@code :protocol}.
   *
   * @return the value, or {@code null}
   */
  public CharSequence protocol() {
    return pseudo(PROTOCOL);
  }

  private CharSequence pseudo(AsciiString name) {
    for (int i = 0; i < pseudoCount; i++) {
      CharSequence k = names[i];
      if (k == name || AsciiString.contentEquals(k, name)) {
        return values[i];
      }
    }
    return null;
  }

  /**
   * Calls {@code action} with each field's name and value in order.
   *
   * @param action receives name and value
   */
  public void forEach(BiConsumer<? super CharSequence, ? super CharSequence> action) {
    for (int i = 0; i < size; i++) {
      action.accept(names[i], values[i]);
    }
  }

  @Override
  public Iterator<Map.Entry<CharSequence, CharSequence>> iterator() {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < size;
      }

      @Override
      public Map.Entry<CharSequence, CharSequence> next() {
        if (next >= size) {
          throw new NoSuchElementException();
        }
        int i = next++;
        return new AbstractMap.SimpleImmutableEntry<>(names[i], values[i]);
      }
    };
  }

  /**
   * Returns a copy.
   *
   * @return new headers with the same fields
   */
  public Http2Headers copy() {
    Http2Headers c = new Http2Headers(Math.max(size, 1));
    System.arraycopy(names, 0, c.names, 0, size);
    System.arraycopy(values, 0, c.values, 0, size);
    c.size = size;
    c.pseudoCount = pseudoCount;
    return c;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Http2Headers h) || h.size != size) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      if (!AsciiString.contentEquals(names[i], h.names[i])
          || !AsciiString.contentEquals(values[i], h.values[i])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = size;
    for (int i = 0; i < size; i++) {
      h = h * 31 + AsciiString.hashCode(names[i]);
      h = h * 31 + AsciiString.hashCode(values[i]);
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("Http2Headers[");
    for (int i = 0; i < size; i++) {
      if (i > 0) {
        b.append(", ");
      }
      b.append(names[i]).append(": ").append(values[i]);
    }
    return b.append(']').toString();
  }
}
