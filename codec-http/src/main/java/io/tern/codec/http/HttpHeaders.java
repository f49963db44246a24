package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http.internal.DecimalValues;
import io.tern.codec.http.internal.HeaderChecks;
import io.tern.common.AsciiString;
import java.util.AbstractMap;
import java.util.ArrayList;
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
 * <pre>{@code
 * HttpHeaders h = new HttpHeaders();                       // validates names and values
 * h.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN).setInt(CONTENT_LENGTH, 13);
 * HttpHeaders trusted = HttpHeaders.create(HttpHeaders.Validation.NONE);   // input checked already
 * }</pre>
 *
 * <h2>Names and values</h2>
 *
 * Names are compared ignoring ASCII case; use the {@link HttpHeaderNames} constants, whose hash is
 * cached. Values are kept as given (a {@link String} or an {@link AsciiString}); {@link
 * #get(CharSequence)} returns them as strings, {@link #getInt}, {@link #getLong} and {@link
 * #getTimeMillis} parse them. Insertion order is kept, across names too, and is the order an
 * encoder writes.
 *
 * <h2>Validation</h2>
 *
 * By default a name must be a non-empty token (RFC 9110, section 5.6.2) and a value may contain
 * visible characters, obs-text, spaces and tabs only: never CR, LF, NUL or another control
 * character, and no character above {@code 0xFF}. Invalid input throws {@link
 * IllegalArgumentException}, so a response header built from untrusted data cannot split the
 * response. {@link #create(Validation)} chooses less checking for trusted input; {@link
 * #newTrailers(Validation)} creates trailer fields, which also refuse the framing names.
 *
 * <h2>Layout</h2>
 *
 * Entries live in one array of names and values, in insertion order. A mask of the names' hash bits
 * answers most lookups of an absent name at once; up to 16 entries a lookup otherwise scans the
 * names (identity first, which is how the {@link HttpHeaderNames} constants match); past that an
 * open hash index over the array (bucket heads and per-entry chains, in insertion order) is built
 * on first lookup, so large header sets stay O(1) per lookup while typical requests pay no index at
 * all. Headers nobody writes to (the trailers of most messages) share one empty storage and
 * allocate none of their own until their first write.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time (normally the channel's event loop). The read-only {@link
 * #EMPTY} instance may be shared.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class HttpHeaders implements Iterable<Map.Entry<CharSequence, CharSequence>> {
  /** What {@link HttpHeaders} checks in the names and values it is given. */
  public enum Validation {
    /** Names must be tokens and values free of forbidden characters (the default). */
    NAMES_AND_VALUES(true, true),
    /** Names must be tokens; values are taken as they are. */
    NAMES(true, false),
    /** Nothing is checked: for names and values the caller has checked or written itself. */
    NONE(false, false);

    private final boolean names;
    private final boolean values;

    Validation(boolean names, boolean values) {
      this.names = names;
      this.values = values;
    }

    /**
     * Returns whether names are checked.
     *
     * @return {@code true} if names must be tokens
     */
    public boolean checksNames() {
      return names;
    }

    /**
     * Returns whether values are checked.
     *
     * @return {@code true} if values are checked for forbidden characters
     */
    public boolean checksValues() {
      return values;
    }
  }

  /** What a header set is for: fields, trailer fields, or the shared empty instance. */
  private enum Role {
    FIELDS,
    TRAILERS,
    READ_ONLY
  }

  /** An empty, read-only instance: every mutator throws {@link UnsupportedOperationException}. */
  public static final HttpHeaders EMPTY = new HttpHeaders(Validation.NONE, Role.READ_ONLY);

  // HeaderStorage.EMPTY until the first write (see writable()).
  private HeaderStorage entries;
  private final Validation validation;
  private final Role role;

  /** Creates empty headers that validate names and values ({@link Validation#NAMES_AND_VALUES}). */
  public HttpHeaders() {
    this(Validation.NAMES_AND_VALUES, Role.FIELDS);
  }

  private HttpHeaders(Validation validation, Role role) {
    this(validation, role, HeaderStorage.EMPTY);
  }

  private HttpHeaders(Validation validation, Role role, HeaderStorage entries) {
    this.validation = Objects.requireNonNull(validation, "validation");
    this.role = role;
    this.entries = entries;
  }

  /**
   * Creates empty headers.
   *
   * @param validation what to check in names and values ({@link Validation#NONE} for trusted input
   *     only)
   * @return new, empty headers
   */
  public static HttpHeaders create(Validation validation) {
    return new HttpHeaders(validation, Role.FIELDS);
  }

  /**
   * Creates empty trailer fields that validate names and values, and refuse the names that must not
   * appear in a trailer ({@code Content-Length}, {@code Transfer-Encoding}, {@code Trailer}).
   *
   * @return new, empty trailers
   */
  public static HttpHeaders newTrailers() {
    return newTrailers(Validation.NAMES_AND_VALUES);
  }

  /**
   * Creates empty trailer fields: like {@link #create(Validation)}, and when names are validated
   * they also refuse the names that must not appear in a trailer ({@code Content-Length}, {@code
   * Transfer-Encoding}, {@code Trailer}).
   *
   * @param validation what to check in names and values
   * @return new, empty trailers
   */
  public static HttpHeaders newTrailers(Validation validation) {
    return new HttpHeaders(validation, Role.TRAILERS);
  }

  // -----------------------------------------------------------------------------------------
  // Queries

  /**
   * Returns the number of entries (a name with two values counts twice).
   *
   * @return the entry count
   */
  public int size() {
    return entries.size();
  }

  /**
   * Returns whether there are no entries.
   *
   * @return {@code true} if empty
   */
  public boolean isEmpty() {
    return entries.size() == 0;
  }

  /**
   * Returns what these headers check in the names and values they are given.
   *
   * @return the validation
   */
  public Validation validation() {
    return validation;
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

  /** The first value of {@code name} as stored, or {@code null}. */
  CharSequence value(CharSequence name) {
    int i = entries.first(name, AsciiString.hashCode(name));
    return i < 0 ? null : entries.valueAt(i);
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
    for (int i = entries.first(name, hash); i >= 0; i = entries.following(i, name, hash)) {
      all.add(entries.valueAt(i).toString());
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
    for (int i = entries.first(name, hash); i >= 0; i = entries.following(i, name, hash)) {
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
    return entries.first(name, AsciiString.hashCode(name)) >= 0;
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
    for (int i = entries.first(name, hash); i >= 0; i = entries.following(i, name, hash)) {
      if (ignoreCase
          ? AsciiString.contentEqualsIgnoreCase(entries.valueAt(i), value)
          : AsciiString.contentEquals(entries.valueAt(i), value)) {
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
    for (int i = entries.first(name, hash); i >= 0; i = entries.following(i, name, hash)) {
      if (HeaderChecks.containsElement(entries.valueAt(i), value, ignoreCase)) {
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
    for (int i = 0, n = entries.size(); i < n; i++) {
      if (entries.first(entries.nameAt(i), entries.hashAt(i)) == i) {
        result.add(entries.nameAt(i).toString());
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
    int n = entries.size();
    List<Map.Entry<String, String>> result = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      result.add(
          new AbstractMap.SimpleImmutableEntry<>(
              entries.nameAt(i).toString(), entries.valueAt(i).toString()));
    }
    return result;
  }

  /**
   * Calls {@code action} with each name and value in insertion order, allocating nothing.
   *
   * @param action receives each name and value as stored; must not modify these headers
   */
  public void forEach(BiConsumer<? super CharSequence, ? super CharSequence> action) {
    for (int i = 0, n = entries.size(); i < n; i++) {
      action.accept(entries.nameAt(i), entries.valueAt(i));
    }
  }

  /** Iterates the entries in insertion order; {@link Iterator#remove()} is not supported. */
  @Override
  public Iterator<Map.Entry<CharSequence, CharSequence>> iterator() {
    return new Iterator<>() {
      private int i;

      @Override
      public boolean hasNext() {
        return i < entries.size();
      }

      @Override
      public Map.Entry<CharSequence, CharSequence> next() {
        if (i >= entries.size()) {
          throw new NoSuchElementException();
        }
        Map.Entry<CharSequence, CharSequence> e =
            new AbstractMap.SimpleImmutableEntry<>(entries.nameAt(i), entries.valueAt(i));
        i++;
        return e;
      }
    };
  }

  // -----------------------------------------------------------------------------------------
  // Typed values (numbers and HTTP dates)

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
   * Adds a decimal {@code int} value.
   *
   * @param name the name
   * @param value the value
   * @return these headers
   */
  @CanIgnoreReturnValue
  public HttpHeaders addInt(CharSequence name, int value) {
    return addDecimal(name, value);
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
    return addDecimal(name, value);
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
    return setDecimal(name, value);
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
    return setDecimal(name, value);
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
    writable().append(checkName(name), AsciiString.hashCode(name), checkValue(value));
    return this;
  }

  // Digits are a valid value by construction: only the name is checked.
  private HttpHeaders addDecimal(CharSequence name, long value) {
    checkWritable();
    writable().append(checkName(name), AsciiString.hashCode(name), DecimalValues.of(value));
    return this;
  }

  private HttpHeaders setDecimal(CharSequence name, long value) {
    checkWritable();
    replaceAll(checkName(name), DecimalValues.of(value));
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
      writable().append(name, hash, checkValue(v));
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
    HeaderStorage from = other.entries;
    boolean checkNames = validation.checksNames() && !other.validation.checksNames();
    boolean checkValues = validation.checksValues() && !other.validation.checksValues();
    boolean checkTrailerNames = role == Role.TRAILERS && validation.checksNames();
    for (int i = 0, n = from.size(); i < n; i++) {
      CharSequence name = from.nameAt(i);
      CharSequence value = from.valueAt(i);
      if (checkNames) {
        checkName(name);
      }
      if (checkValues) {
        checkValue(value);
      }
      if (checkTrailerNames) {
        HeaderChecks.trailerName(name);
      }
      writable().append(name, from.hashAt(i), value);
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
    replaceAll(name, value);
    return this;
  }

  /** Replaces every value of a checked name with one checked value. */
  private void replaceAll(CharSequence name, CharSequence value) {
    int hash = AsciiString.hashCode(name);
    int i = entries.first(name, hash);
    if (i < 0) {
      writable().append(name, hash, value);
    } else {
      entries.replace(i, name, value);
      if (entries.following(i, name, hash) >= 0) {
        entries.removeAfter(i, name, hash);
      }
    }
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
      writable().append(name, hash, v);
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
    HeaderStorage from = other.entries;
    for (int i = 0, n = from.size(); i < n; i++) {
      if (from.first(from.nameAt(i), from.hashAt(i)) == i) {
        remove(from.nameAt(i));
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
    int i = entries.first(name, hash);
    if (i < 0) {
      return false;
    }
    entries.removeAfter(i - 1, name, hash);
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
    entries.removeAll();
    return this;
  }

  /**
   * Returns a mutable copy with the same validation settings (a copy of {@link #EMPTY} is
   * writable).
   *
   * @return the copy
   */
  public HttpHeaders copy() {
    return new HttpHeaders(validation, role == Role.READ_ONLY ? Role.FIELDS : role, entries.copy());
  }

  // -----------------------------------------------------------------------------------------
  // For the codecs: trusted input and allocation-free reading by index

  /**
   * Adds an entry the caller has already validated (the decoders do it while parsing).
   *
   * @param name the name
   * @param value the value
   */
  void addTrusted(CharSequence name, CharSequence value) {
    writable().append(name, AsciiString.hashCode(name), value);
  }

  /** Makes room for {@code capacity} entries in all, so appending that many never regrows. */
  void reserve(int capacity) {
    writable().reserve(capacity);
  }

  /** The name of entry {@code i}, as stored. */
  CharSequence nameAt(int i) {
    return entries.nameAt(i);
  }

  /** The value of entry {@code i}, as stored. */
  CharSequence valueAt(int i) {
    return entries.valueAt(i);
  }

  // -----------------------------------------------------------------------------------------
  // Validation (the rules are in HeaderChecks)

  private void checkWritable() {
    if (role == Role.READ_ONLY) {
      throw new UnsupportedOperationException("read-only headers");
    }
  }

  /** The storage to append to: this instance's own, made on the first write. */
  private HeaderStorage writable() {
    HeaderStorage e = entries;
    if (e == HeaderStorage.EMPTY) {
      entries = e = new HeaderStorage();
    }
    return e;
  }

  private CharSequence checkName(CharSequence name) {
    return HeaderChecks.name(name, validation.checksNames(), role == Role.TRAILERS);
  }

  private CharSequence checkValue(CharSequence value) {
    return HeaderChecks.value(value, validation.checksValues());
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
    HeaderStorage mine = entries;
    if (!(o instanceof HttpHeaders h) || h.entries.size() != mine.size()) {
      return false;
    }
    HeaderStorage theirs = h.entries;
    for (int i = 0, n = mine.size(); i < n; i++) {
      CharSequence name = mine.nameAt(i);
      int hash = mine.hashAt(i);
      if (mine.first(name, hash) != i) {
        continue;
      }
      int a = i;
      int b = theirs.first(name, hash);
      while (a >= 0 && b >= 0) {
        if (!AsciiString.contentEquals(mine.valueAt(a), theirs.valueAt(b))) {
          return false;
        }
        a = mine.following(a, name, hash);
        b = theirs.following(b, name, hash);
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
    for (int i = 0, n = entries.size(); i < n; i++) {
      h += entries.hashAt(i) ^ AsciiString.hashCode(entries.valueAt(i));
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("HttpHeaders[");
    for (int i = 0, n = entries.size(); i < n; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(entries.nameAt(i)).append(": ").append(entries.valueAt(i));
    }
    return sb.append(']').toString();
  }
}
