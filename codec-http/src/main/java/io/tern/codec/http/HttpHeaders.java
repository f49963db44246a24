package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http.internal.HttpChars;
import io.tern.common.AsciiString;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
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
 * <p><b>Layout.</b> Entries live in parallel arrays (names, values, name hashes). Up to {@value
 * #INDEX_THRESHOLD} entries a lookup scans the hash array; past that an open hash index over the
 * arrays (bucket heads and per-entry chains, in insertion order) is built on first lookup, so large
 * header sets stay O(1) per lookup while typical requests pay no index at all.
 *
 * <p><b>Threads.</b> Not thread-safe: one thread at a time (normally the channel's event loop). The
 * read-only {@link #EMPTY} instance may be shared.
 */
public final class HttpHeaders implements Iterable<Map.Entry<CharSequence, CharSequence>> {
  /** An empty, read-only instance: every mutator throws {@link UnsupportedOperationException}. */
  public static final HttpHeaders EMPTY = new HttpHeaders(false, false, true, false);

  /** Entries up to which a lookup scans instead of building the hash index. */
  static final int INDEX_THRESHOLD = 16;

  private static final CharSequence[] NO_SEQUENCES = new CharSequence[0];
  private static final int[] NO_INTS = new int[0];

  private final boolean validateNames;
  private final boolean validateValues;
  private final boolean readOnly;
  private final boolean trailers;

  private CharSequence[] names = NO_SEQUENCES;
  private CharSequence[] values = NO_SEQUENCES;
  private int[] hashes = NO_INTS;
  private int size;

  // Hash index, built lazily past INDEX_THRESHOLD and dropped on removal: heads[hash & mask] and
  // next[i] hold 1 + an entry index (0 ends a chain); chains run in insertion order.
  private int[] heads;
  private int[] next;

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

  CharSequence value(CharSequence name) {
    int i = first(name, AsciiString.hashCode(name));
    return i < 0 ? null : values[i];
  }

  /**
   * Returns the first value of {@code name} as an {@code int}.
   *
   * @param name the name, any case
   * @return the value, or {@code null} if absent or not a decimal {@code int}
   */
  public Integer getInt(CharSequence name) {
    CharSequence v = value(name);
    if (v == null) {
      return null;
    }
    try {
      return Integer.parseInt(v, 0, v.length(), 10);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Returns the first value of {@code name} as an {@code int}, or a default.
   *
   * @param name the name, any case
   * @param defaultValue returned when absent or not a decimal {@code int}
   * @return the value
   */
  public int getInt(CharSequence name, int defaultValue) {
    Integer v = getInt(name);
    return v == null ? defaultValue : v;
  }

  /**
   * Returns the first value of {@code name} as a {@code long}.
   *
   * @param name the name, any case
   * @return the value, or {@code null} if absent or not a decimal {@code long}
   */
  public Long getLong(CharSequence name) {
    CharSequence v = value(name);
    if (v == null) {
      return null;
    }
    try {
      return Long.parseLong(v, 0, v.length(), 10);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Returns the first value of {@code name} as a {@code long}, or a default.
   *
   * @param name the name, any case
   * @param defaultValue returned when absent or not a decimal {@code long}
   * @return the value
   */
  public long getLong(CharSequence name, long defaultValue) {
    Long v = getLong(name);
    return v == null ? defaultValue : v;
  }

  /**
   * Returns the first value of {@code name} parsed as an HTTP date ({@link DateFormatter}).
   *
   * @param name the name, any case
   * @return milliseconds since the epoch, or {@code null} if absent or not a date
   */
  public Long getTimeMillis(CharSequence name) {
    CharSequence v = value(name);
    if (v == null) {
      return null;
    }
    long millis = DateFormatter.parseMillis(v, Long.MIN_VALUE);
    return millis == Long.MIN_VALUE ? null : millis;
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
      if (containsElement(values[i], value, ignoreCase)) {
        return true;
      }
    }
    return false;
  }

  static boolean containsElement(CharSequence list, CharSequence element, boolean ignoreCase) {
    int len = list.length();
    int start = 0;
    while (start <= len) {
      int comma = start;
      while (comma < len && list.charAt(comma) != ',') {
        comma++;
      }
      int s = start;
      int e = comma;
      while (s < e && HttpChars.isOws(list.charAt(s))) {
        s++;
      }
      while (e > s && HttpChars.isOws(list.charAt(e - 1))) {
        e--;
      }
      if (e - s == element.length() && regionEquals(list, s, element, ignoreCase)) {
        return true;
      }
      start = comma + 1;
    }
    return false;
  }

  private static boolean regionEquals(
      CharSequence a, int start, CharSequence b, boolean ignoreCase) {
    for (int i = 0; i < b.length(); i++) {
      char x = a.charAt(start + i);
      char y = b.charAt(i);
      if (x != y && (!ignoreCase || toLower(x) != toLower(y))) {
        return false;
      }
    }
    return true;
  }

  private static char toLower(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
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

  // Package-private indexed access for the codecs: no iterator, no entry objects.

  CharSequence nameAt(int i) {
    return names[i];
  }

  CharSequence valueAt(int i) {
    return values[i];
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
   * Adds a decimal {@code int} value.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders addInt(CharSequence name, int value) {
    return add(name, Integer.toString(value));
  }

  /**
   * Adds a decimal {@code long} value.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders addLong(CharSequence name, long value) {
    return add(name, Long.toString(value));
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
        checkTrailerName(n);
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
   * Replaces every value of {@code name} with a decimal {@code int}.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders setInt(CharSequence name, int value) {
    return set(name, Integer.toString(value));
  }

  /**
   * Replaces every value of {@code name} with a decimal {@code long}.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders setLong(CharSequence name, long value) {
    return set(name, Long.toString(value));
  }

  /**
   * Replaces every value of {@code name} with an HTTP date (RFC 1123 format, GMT).
   *
   * @param name the name
   * @param epochMillis milliseconds since the epoch
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders setTimeMillis(CharSequence name, long epochMillis) {
    return set(name, DateFormatter.format(epochMillis));
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
    Arrays.fill(names, 0, size, null);
    Arrays.fill(values, 0, size, null);
    size = 0;
    heads = null;
    next = null;
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
    if (size > 0) {
      c.names = Arrays.copyOf(names, size);
      c.values = Arrays.copyOf(values, size);
      c.hashes = Arrays.copyOf(hashes, size);
      c.size = size;
    }
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
  // Storage

  private void append(CharSequence name, int hash, CharSequence value) {
    int i = size;
    if (i == names.length) {
      int capacity = Math.max(8, i << 1);
      names = Arrays.copyOf(names, capacity);
      values = Arrays.copyOf(values, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
    }
    names[i] = name;
    values[i] = value;
    hashes[i] = hash;
    size = i + 1;
    if (heads != null) {
      if ((i + 1) * 2 > heads.length) {
        heads = null; // rebuilt larger on the next lookup
        next = null;
      } else {
        link(i);
      }
    }
  }

  private int first(CharSequence name, int hash) {
    if (size > INDEX_THRESHOLD) {
      if (heads == null) {
        buildIndex();
      }
      for (int j = heads[hash & (heads.length - 1)] - 1; j >= 0; j = next[j] - 1) {
        if (hashes[j] == hash && nameEquals(names[j], name)) {
          return j;
        }
      }
      return -1;
    }
    int[] h = hashes;
    CharSequence[] n = names;
    for (int j = 0, s = size; j < s; j++) {
      if (h[j] == hash && nameEquals(n[j], name)) {
        return j;
      }
    }
    return -1;
  }

  private int following(int i, CharSequence name, int hash) {
    if (heads != null) {
      for (int j = next[i] - 1; j >= 0; j = next[j] - 1) {
        if (hashes[j] == hash && nameEquals(names[j], name)) {
          return j;
        }
      }
      return -1;
    }
    for (int j = i + 1; j < size; j++) {
      if (hashes[j] == hash && nameEquals(names[j], name)) {
        return j;
      }
    }
    return -1;
  }

  private static boolean nameEquals(CharSequence a, CharSequence b) {
    return a == b || AsciiString.contentEqualsIgnoreCase(a, b);
  }

  /** Removes the entries of {@code name} after index {@code i}, keeping the order of the rest. */
  private void removeAfter(int i, CharSequence name, int hash) {
    int w = i + 1;
    for (int r = i + 1; r < size; r++) {
      if (hashes[r] == hash && nameEquals(names[r], name)) {
        continue;
      }
      names[w] = names[r];
      values[w] = values[r];
      hashes[w] = hashes[r];
      w++;
    }
    Arrays.fill(names, w, size, null);
    Arrays.fill(values, w, size, null);
    size = w;
    heads = null;
    next = null;
  }

  private void buildIndex() {
    int capacity = Integer.highestOneBit(Math.max(size, INDEX_THRESHOLD) * 4 - 1);
    heads = new int[capacity];
    next = new int[names.length];
    for (int i = 0; i < size; i++) {
      link(i);
    }
  }

  private void link(int i) {
    if (next.length < names.length) {
      next = Arrays.copyOf(next, names.length);
    }
    next[i] = 0;
    int b = hashes[i] & (heads.length - 1);
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

  // -----------------------------------------------------------------------------------------
  // Validation

  private void checkWritable() {
    if (readOnly) {
      throw new UnsupportedOperationException("read-only headers");
    }
  }

  private CharSequence checkName(CharSequence name) {
    Objects.requireNonNull(name, "name");
    if (validateNames) {
      if (name.isEmpty()) {
        throw new IllegalArgumentException("empty header name");
      }
      int bad = HttpChars.firstNonToken(name);
      if (bad >= 0) {
        throw new IllegalArgumentException(
            "invalid header name '"
                + name
                + "': character 0x"
                + Integer.toHexString(name.charAt(bad))
                + " at index "
                + bad
                + " is not a token character");
      }
      if (trailers) {
        checkTrailerName(name);
      }
    }
    return name;
  }

  private static void checkTrailerName(CharSequence name) {
    if (AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_LENGTH)
        || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TRANSFER_ENCODING)
        || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TRAILER)) {
      throw new IllegalArgumentException("prohibited trailer name: " + name);
    }
  }

  private CharSequence checkValue(CharSequence value) {
    Objects.requireNonNull(value, "value");
    if (validateValues) {
      int bad = HttpChars.firstInvalidValueChar(value);
      if (bad >= 0) {
        throw new IllegalArgumentException(
            "invalid header value: character 0x"
                + Integer.toHexString(value.charAt(bad))
                + " at index "
                + bad
                + " is not allowed in a field value");
      }
    }
    return value;
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
