package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.common.AsciiString;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The header fields of an HTTP message (or the trailer fields of its last content): an ordered
 * multi-map from case-insensitive names to values.
 *
 * <p><b>Names and values.</b> Names are compared ignoring ASCII case; use the {@link
 * HttpHeaderNames} constants, whose hash is cached. Values are kept as given (a {@link String} or
 * an {@link AsciiString}); {@link #get(CharSequence)} returns them as strings. Insertion order is
 * kept, across names too, and is the order an encoder writes.
 *
 * <p><b>Validation.</b> By default a name must be a non-empty token (RFC 9110, section 5.6.2) and a
 * value may contain visible characters, obs-text, spaces and tabs only: never CR, LF, NUL or
 * another control character, and no character above {@code 0xFF}. Invalid input throws {@link
 * IllegalArgumentException}, so a response header built from untrusted data cannot split the
 * response. {@link #HttpHeaders(boolean, boolean)} turns either check off for trusted input.
 *
 * <p><b>Layout.</b> Entries live in parallel arrays (names, values, name hashes). Up to 16 entries
 * a lookup scans the hash array; past that an open hash index over the arrays (bucket heads and
 * per-entry chains, in insertion order) is built on first lookup, so large header sets stay O(1)
 * per lookup while typical requests pay no index at all.
 *
 * <p><b>Threads.</b> Not thread-safe: one thread at a time (normally the channel's event loop). The
 * read-only {@link #EMPTY} instance may be shared.
 */
public final class HttpHeaders extends TypedHeaders
    implements Iterable<Map.Entry<CharSequence, CharSequence>> {
  /** An empty, read-only instance: every mutator throws {@link UnsupportedOperationException}. */
  public static final HttpHeaders EMPTY = new HttpHeaders(false, false, true, false);

  private final boolean validateNames;
  private final boolean validateValues;
  private final boolean readOnly;
  private final boolean trailers;

  /** Creates empty headers that validate names and values. */
  public HttpHeaders() {
    this(true, true, false, false);
  }

  /**
   * Creates empty headers.
   *
   * @param validate whether to validate names and values (turn off for trusted input only)
   */
  public HttpHeaders(boolean validate) {
    this(validate, validate, false, false);
  }

  /**
   * Creates empty headers.
   *
   * @param validateNames whether names must be tokens
   * @param validateValues whether values are checked for forbidden characters
   */
  public HttpHeaders(boolean validateNames, boolean validateValues) {
    this(validateNames, validateValues, false, false);
  }

  private HttpHeaders(
      boolean validateNames, boolean validateValues, boolean readOnly, boolean trailers) {
    this.validateNames = validateNames;
    this.validateValues = validateValues;
    this.readOnly = readOnly;
    this.trailers = trailers;
  }

  /**
   * Creates empty trailer fields: like {@link #HttpHeaders(boolean)}, and when validating they also
   * refuse the names that must not appear in a trailer ({@code Content-Length}, {@code
   * Transfer-Encoding}, {@code Trailer}).
   *
   * @param validate whether to validate
   * @return new, empty trailers
   */
  public static HttpHeaders newTrailers(boolean validate) {
    return new HttpHeaders(validate, validate, false, true);
  }

  // -----------------------------------------------------------------------------------------
  // Queries

  /**
   * Returns the number of entries (a name with two values counts twice).
   *
   * @return the entry count
   */
  public int size() {
    return size;
  }

  /**
   * Returns whether there are no entries.
   *
   * @return {@code true} if empty
   */
  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * Returns whether names are validated.
   *
   * @return {@code true} if names must be tokens
   */
  public boolean validatesNames() {
    return validateNames;
  }

  /**
   * Returns whether values are validated.
   *
   * @return {@code true} if values are checked for forbidden characters
   */
  public boolean validatesValues() {
    return validateValues;
  }

  /**
   * Returns the first value of {@code name}.
   *
   * @param name the name, any case
   * @return the first value, or {@code null}
   */
  public String get(CharSequence name) {
    CharSequence v = value(name);
    return v == null ? null : v.toString();
  }

  /**
   * Returns the first value of {@code name}, or a default.
   *
   * @param name the name, any case
   * @param defaultValue returned when absent
   * @return the first value, or {@code defaultValue}
   */
  public String get(CharSequence name, String defaultValue) {
    CharSequence v = value(name);
    return v == null ? defaultValue : v.toString();
  }

  /**
   * Returns the first value of {@code name} as stored (a {@link String} or an {@link AsciiString}),
   * without conversion.
   *
   * @param name the name, any case
   * @return the first value, or {@code null}
   */
  public CharSequence getAsCharSequence(CharSequence name) {
    return value(name);
  }

  @Override
  CharSequence value(CharSequence name) {
    int i = first(name, AsciiString.hashCode(name));
    return i < 0 ? null : values[i];
  }

  /**
   * Returns every value of {@code name} in insertion order.
   *
   * @param name the name, any case
   * @return a new mutable list, empty if absent
   */
  public List<String> getAll(CharSequence name) {
    int hash = AsciiString.hashCode(name);
    List<String> all = new ArrayList<>(4);
    for (int i = first(name, hash); i >= 0; i = following(i, name, hash)) {
      all.add(values[i].toString());
    }
    return all;
  }

  /**
   * Returns how many values {@code name} has.
   *
   * @param name the name, any case
   * @return the number of entries with this name
   */
  public int count(CharSequence name) {
    int hash = AsciiString.hashCode(name);
    int n = 0;
    for (int i = first(name, hash); i >= 0; i = following(i, name, hash)) {
      n++;
    }
    return n;
  }

  /**
   * Returns whether {@code name} has at least one value.
   *
   * @param name the name, any case
   * @return {@code true} if present
   */
  public boolean contains(CharSequence name) {
    return first(name, AsciiString.hashCode(name)) >= 0;
  }

  /**
   * Returns whether one of the values of {@code name} equals {@code value} as a whole.
   *
   * @param name the name, any case
   * @param value the value to find
   * @param ignoreCase whether to compare the value ignoring ASCII case
   * @return {@code true} if found
   */
  public boolean contains(CharSequence name, CharSequence value, boolean ignoreCase) {
    int hash = AsciiString.hashCode(name);
    for (int i = first(name, hash); i >= 0; i = following(i, name, hash)) {
      if (ignoreCase
          ? AsciiString.contentEqualsIgnoreCase(values[i], value)
          : AsciiString.contentEquals(values[i], value)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Returns whether one of the comma-separated elements of the values of {@code name} equals {@code
   * value}, whitespace around elements ignored: {@code containsValue(CONNECTION, "close", true)} is
   * true for {@code Connection: keep-alive, Close}.
   *
   * @param name the name, any case
   * @param value the element to find
   * @param ignoreCase whether to compare ignoring ASCII case
   * @return {@code true} if found
   */
  public boolean containsValue(CharSequence name, CharSequence value, boolean ignoreCase) {
    int hash = AsciiString.hashCode(name);
    for (int i = first(name, hash); i >= 0; i = following(i, name, hash)) {
      if (HeaderChecks.containsElement(values[i], value, ignoreCase)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Returns the distinct names, each in the case of its first occurrence, in insertion order.
   *
   * @return a new set
   */
  public Set<String> names() {
    Set<String> result = new LinkedHashSet<>();
    for (int i = 0; i < size; i++) {
      if (first(names[i], hashes[i]) == i) {
        result.add(names[i].toString());
      }
    }
    return result;
  }

  /**
   * Returns the entries as strings, in insertion order.
   *
   * @return a new list of immutable entries
   */
  public List<Map.Entry<String, String>> entries() {
    List<Map.Entry<String, String>> result = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      result.add(new AbstractMap.SimpleImmutableEntry<>(names[i].toString(), values[i].toString()));
    }
    return result;
  }

  /**
   * Calls {@code action} with each name and value in insertion order, allocating nothing.
   *
   * @param action receives each name and value as stored; must not modify these headers
   */
  public void forEach(BiConsumer<? super CharSequence, ? super CharSequence> action) {
    for (int i = 0; i < size; i++) {
      action.accept(names[i], values[i]);
    }
  }

  /** Iterates the entries in insertion order; {@link Iterator#remove()} is not supported. */
  @Override
  public Iterator<Map.Entry<CharSequence, CharSequence>> iterator() {
    return new Iterator<>() {
      private int i;

      @Override
      public boolean hasNext() {
        return i < size;
      }

      @Override
      public Map.Entry<CharSequence, CharSequence> next() {
        if (i >= size) {
          throw new NoSuchElementException();
        }
        Map.Entry<CharSequence, CharSequence> e =
            new AbstractMap.SimpleImmutableEntry<>(names[i], values[i]);
        i++;
        return e;
      }
    };
  }

  // -----------------------------------------------------------------------------------------
  // Mutators

  /**
   * Adds a value; earlier values of the name stay.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   * @throws IllegalArgumentException if validation is on and the name or value is invalid
   */
  @Override
  @CanIgnoreReturnValue
  public HttpHeaders add(CharSequence name, CharSequence value) {
    checkWritable();
    append(checkName(name), AsciiString.hashCode(name), checkValue(value));
    return this;
  }

  /**
   * Adds several values for one name.
   *
   * @param name the name
   * @param values the values, in order
   * @return these headers
   * @throws IllegalArgumentException if validation is on and the name or a value is invalid
   */
  @CanIgnoreReturnValue
  public HttpHeaders add(CharSequence name, Iterable<? extends CharSequence> values) {
    checkWritable();
    checkName(name);
    int hash = AsciiString.hashCode(name);
    for (CharSequence v : values) {
      append(name, hash, checkValue(v));
    }
    return this;
  }

  /**
   * Adds every entry of {@code other}.
   *
   * @param other the headers to copy entries from
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders add(HttpHeaders other) {
    checkWritable();
    if (other == this) {
      other = other.copy();
    }
    for (int i = 0; i < other.size; i++) {
      CharSequence n = other.names[i];
      CharSequence v = other.values[i];
      if (validateNames && !other.validateNames) {
        checkName(n);
      }
      if (validateValues && !other.validateValues) {
        checkValue(v);
      }
      if (trailers && validateNames) {
        HeaderChecks.trailerName(n);
      }
      append(n, other.hashes[i], v);
    }
    return this;
  }

  /**
   * Replaces every value of {@code name} with one value.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   * @throws IllegalArgumentException if validation is on and the name or value is invalid
   */
  @Override
  @CanIgnoreReturnValue
  public HttpHeaders set(CharSequence name, CharSequence value) {
    checkWritable();
    checkName(name);
    checkValue(value);
    int hash = AsciiString.hashCode(name);
    int i = first(name, hash);
    if (i < 0) {
      append(name, hash, value);
    } else {
      names[i] = name;
      values[i] = value;
      if (following(i, name, hash) >= 0) {
        removeAfter(i, name, hash);
      }
    }
    return this;
  }

  /**
   * Replaces every value of {@code name} with {@code values}.
   *
   * @param name the name
   * @param values the new values, in order
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders set(CharSequence name, Iterable<? extends CharSequence> values) {
    checkWritable();
    checkName(name);
    List<CharSequence> checked = new ArrayList<>();
    for (CharSequence v : values) {
      checked.add(checkValue(v));
    }
    remove(name);
    int hash = AsciiString.hashCode(name);
    for (CharSequence v : checked) {
      append(name, hash, v);
    }
    return this;
  }

  /**
   * Replaces the contents with those of {@code other}.
   *
   * @param other the headers to copy
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders set(HttpHeaders other) {
    checkWritable();
    if (other != this) {
      clear();
      add(other);
    }
    return this;
  }

  /**
   * For each name in {@code other}, replaces its values here with those of {@code other}; other
   * names stay.
   *
   * @param other the headers to copy
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders setAll(HttpHeaders other) {
    checkWritable();
    if (other == this) {
      return this;
    }
    for (int i = 0; i < other.size; i++) {
      if (other.first(other.names[i], other.hashes[i]) == i) {
        remove(other.names[i]);
      }
    }
    return add(other);
  }

  /**
   * Removes every value of {@code name}.
   *
   * @param name the name, any case
   * @return whether anything was removed
   */
  @CanIgnoreReturnValue
  public boolean remove(CharSequence name) {
    checkWritable();
    int hash = AsciiString.hashCode(name);
    int i = first(name, hash);
    if (i < 0) {
      return false;
    }
    removeAfter(i - 1, name, hash);
    return true;
  }

  /**
   * Removes every entry.
   *
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders clear() {
    checkWritable();
    removeAll();
    return this;
  }

  /**
   * Returns a mutable copy with the same validation settings (a copy of {@link #EMPTY} is
   * writable).
   *
   * @return the copy
   */
  public HttpHeaders copy() {
    HttpHeaders c = new HttpHeaders(validateNames, validateValues, false, trailers);
    copyEntriesTo(c);
    return c;
  }

  /**
   * Adds an entry the caller has already validated (the decoders do it while parsing).
   *
   * @param name the name
   * @param value the value
   */
  void addTrusted(CharSequence name, CharSequence value) {
    append(name, AsciiString.hashCode(name), value);
  }

  // -----------------------------------------------------------------------------------------
  // Validation (the rules are in HeaderChecks)

  private void checkWritable() {
    if (readOnly) {
      throw new UnsupportedOperationException("read-only headers");
    }
  }

  private CharSequence checkName(CharSequence name) {
    return HeaderChecks.name(name, validateNames, trailers);
  }

  private CharSequence checkValue(CharSequence value) {
    return HeaderChecks.value(value, validateValues);
  }

  // -----------------------------------------------------------------------------------------
  // Object

  /**
   * Equal to other headers with the same names and, per name, the same values in the same order
   * (names ignoring case, values exactly); the interleaving of different names does not matter.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof HttpHeaders other) || other.size != size) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      if (first(names[i], hashes[i]) != i) {
        continue;
      }
      int a = i;
      int b = other.first(names[i], hashes[i]);
      while (a >= 0 && b >= 0) {
        if (!AsciiString.contentEquals(values[a], other.values[b])) {
          return false;
        }
        a = following(a, names[i], hashes[i]);
        b = other.following(b, names[i], hashes[i]);
      }
      if (a != b) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 0;
    for (int i = 0; i < size; i++) {
      h += hashes[i] ^ AsciiString.hashCode(values[i]);
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("HttpHeaders[");
    for (int i = 0; i < size; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(names[i]).append(": ").append(values[i]);
    }
    return sb.append(']').toString();
  }
}
