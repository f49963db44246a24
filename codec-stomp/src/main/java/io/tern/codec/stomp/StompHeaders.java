package io.tern.codec.stomp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The headers of a {@link StompFrame}: name and value pairs in wire order, repetitions kept. STOMP
 * says that when a name repeats only its first value counts, so {@link #get(String)} returns the
 * first; {@link #getAll(String)} returns every one (a proxy must pass them all on). Names are
 * case-sensitive.
 *
 * <p>Values are the unescaped text: the codec escapes and unescapes them as the frame's {@link
 * StompVersion} requires.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time (the channel's event loop while the frame is in a
 * pipeline).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class StompHeaders {
  /** {@code accept-version}: the versions a client accepts ({@code CONNECT}). */
  public static final String ACCEPT_VERSION = "accept-version";

  /** {@code host}: the virtual host a client connects to ({@code CONNECT}). */
  public static final String HOST = "host";

  /** {@code login}: the user ({@code CONNECT}). */
  public static final String LOGIN = "login";

  /** {@code passcode}: the password ({@code CONNECT}). */
  public static final String PASSCODE = "passcode";

  /** {@code heart-beat}: two intervals in milliseconds, {@code "send,receive"}. */
  public static final String HEART_BEAT = "heart-beat";

  /** {@code version}: the version the server chose ({@code CONNECTED}). */
  public static final String VERSION = "version";

  /** {@code session}: the server's session id ({@code CONNECTED}). */
  public static final String SESSION = "session";

  /** {@code server}: the server's name and version ({@code CONNECTED}). */
  public static final String SERVER = "server";

  /** {@code destination}: where a message goes or comes from. */
  public static final String DESTINATION = "destination";

  /** {@code id}: a subscription's id, or (1.2) the message an {@code ACK}/{@code NACK} is about. */
  public static final String ID = "id";

  /** {@code ack}: a subscription's mode, or (1.2) the id to acknowledge a {@code MESSAGE} with. */
  public static final String ACK = "ack";

  /** {@code transaction}: the transaction a frame belongs to. */
  public static final String TRANSACTION = "transaction";

  /** {@code receipt}: asks the server for a {@code RECEIPT} with this id. */
  public static final String RECEIPT = "receipt";

  /** {@code message-id}: a message's id ({@code MESSAGE}; 1.0 and 1.1 {@code ACK}). */
  public static final String MESSAGE_ID = "message-id";

  /** {@code subscription}: the subscription a {@code MESSAGE} is for (1.1 {@code ACK} too). */
  public static final String SUBSCRIPTION = "subscription";

  /** {@code receipt-id}: the {@code receipt} a {@code RECEIPT} or {@code ERROR} answers. */
  public static final String RECEIPT_ID = "receipt-id";

  /** {@code message}: a short description of an error ({@code ERROR}). */
  public static final String MESSAGE = "message";

  /** {@code content-length}: the body's length in bytes. */
  public static final String CONTENT_LENGTH = "content-length";

  /** {@code content-type}: the body's MIME type. */
  public static final String CONTENT_TYPE = "content-type";

  private String[] entries; // name, value, name, value, ...
  private int size;

  /** Creates empty headers. */
  public StompHeaders() {
    this(4);
  }

  /**
   * Creates empty headers with room for some entries.
   *
   * @param expected how many entries are expected
   */
  public StompHeaders(int expected) {
    entries = new String[Math.max(2, expected * 2)];
  }

  /**
   * Appends a header; an existing one of the same name stays first.
   *
   * @param name the name, not empty
   * @param value the value
   * @return these headers
   */
  public StompHeaders add(String name, String value) {
    Objects.requireNonNull(value, "value");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("empty header name");
    }
    if (size * 2 == entries.length) {
      entries = Arrays.copyOf(entries, entries.length * 2);
    }
    entries[size * 2] = name;
    entries[size * 2 + 1] = value;
    size++;
    return this;
  }

  /**
   * Sets a header: replaces the first entry of the name and removes the others, or appends one.
   *
   * @param name the name, not empty
   * @param value the value
   * @return these headers
   */
  public StompHeaders set(String name, String value) {
    Objects.requireNonNull(value, "value");
    int first = indexOf(name);
    if (first < 0) {
      return add(name, value);
    }
    entries[first * 2 + 1] = value;
    removeFrom(name, first + 1);
    return this;
  }

  /**
   * Returns the first value of a header.
   *
   * @param name the name
   * @return the value, or {@code null} if absent
   */
  public String get(String name) {
    int i = indexOf(name);
    return i < 0 ? null : entries[i * 2 + 1];
  }

  /**
   * Returns the first value of a header, or a default.
   *
   * @param name the name
   * @param defaultValue what to return when absent
   * @return the value
   */
  public String get(String name, String defaultValue) {
    String value = get(name);
    return value == null ? defaultValue : value;
  }

  /**
   * Returns every value of a header, in wire order.
   *
   * @param name the name
   * @return the values, empty if absent
   */
  public List<String> getAll(String name) {
    List<String> values = new ArrayList<>(1);
    for (int i = 0; i < size; i++) {
      if (entries[i * 2].equals(name)) {
        values.add(entries[i * 2 + 1]);
      }
    }
    return values;
  }

  /**
   * Tells whether a header is present.
   *
   * @param name the name
   * @return {@code true} if at least one entry has it
   */
  public boolean contains(String name) {
    return indexOf(name) >= 0;
  }

  /**
   * Removes every entry of a header.
   *
   * @param name the name
   * @return {@code true} if one was removed
   */
  public boolean remove(String name) {
    int first = indexOf(name);
    if (first < 0) {
      return false;
    }
    removeFrom(name, first);
    return true;
  }

  /**
   * Returns the number of entries, repetitions included.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * Tells whether there are no entries.
   *
   * @return {@code true} if empty
   */
  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * Returns the name of an entry.
   *
   * @param index 0 to {@link #size()} - 1, in wire order
   * @return the name
   */
  public String name(int index) {
    Objects.checkIndex(index, size);
    return entries[index * 2];
  }

  /**
   * Returns the value of an entry.
   *
   * @param index 0 to {@link #size()} - 1, in wire order
   * @return the value
   */
  public String value(int index) {
    Objects.checkIndex(index, size);
    return entries[index * 2 + 1];
  }

  /**
   * Appends every entry of other headers.
   *
   * @param other the headers to copy
   * @return these headers
   */
  public StompHeaders addAll(StompHeaders other) {
    for (int i = 0; i < other.size; i++) {
      add(other.entries[i * 2], other.entries[i * 2 + 1]);
    }
    return this;
  }

  /** Removes every entry. */
  public void clear() {
    Arrays.fill(entries, 0, size * 2, null);
    size = 0;
  }

  private int indexOf(String name) {
    for (int i = 0; i < size; i++) {
      if (entries[i * 2].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  private void removeFrom(String name, int from) {
    int kept = from;
    for (int i = from; i < size; i++) {
      if (!entries[i * 2].equals(name)) {
        entries[kept * 2] = entries[i * 2];
        entries[kept * 2 + 1] = entries[i * 2 + 1];
        kept++;
      }
    }
    Arrays.fill(entries, kept * 2, size * 2, null);
    size = kept;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StompHeaders other) || other.size != size) {
      return false;
    }
    return Arrays.equals(entries, 0, size * 2, other.entries, 0, size * 2);
  }

  @Override
  public int hashCode() {
    int hash = 1;
    for (int i = 0; i < size * 2; i++) {
      hash = 31 * hash + entries[i].hashCode();
    }
    return hash;
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < size; i++) {
      if (i > 0) {
        out.append(", ");
      }
      out.append(entries[i * 2]).append(':');
      out.append(entries[i * 2].equals(PASSCODE) ? "<hidden>" : entries[i * 2 + 1]);
    }
    return out.append('}').toString();
  }
}
