package io.tern.codec.mqtt;

import java.util.Arrays;

/**
 * The MQTT 5 properties of one packet (or of a will): a small map keyed by the property's numeric
 * identifier, with primitive values.
 *
 * <p>Single-valued properties are kept in parallel arrays (identifier, {@code long} value, object
 * value) searched linearly: a packet carries a handful at most, so this beats hashing and boxes
 * nothing. {@link MqttProperty#USER_PROPERTY} pairs and {@link
 * MqttProperty#SUBSCRIPTION_IDENTIFIER} values may repeat and keep their order in arrays of their
 * own. Integer properties are read with {@link #intValue}/{@link #longValue} (four-byte integers
 * are unsigned and may exceed {@code Integer.MAX_VALUE}), UTF-8 strings with {@link #stringValue},
 * binary data with {@link #binaryValue} (the array itself, not a copy).
 *
 * <p>{@link #NONE} is the shared empty instance and cannot be changed; every other instance is
 * mutable until it is handed to a message.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: fill it on one thread, then treat it as read-only (messages are passed between
 * threads through the event loop's queues, which publishes it safely).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects: binary values are plain arrays.
 */
public final class MqttProperties {
  // Declared before NONE: its fields are initialised from these.
  private static final byte[] NO_IDS = new byte[0];
  private static final long[] NO_LONGS = new long[0];
  private static final Object[] NO_OBJECTS = new Object[0];
  private static final String[] NO_STRINGS = new String[0];
  private static final int[] NO_INTS = new int[0];

  /** The empty, unmodifiable property set. */
  public static final MqttProperties NONE = new MqttProperties(true);

  private final boolean frozen;
  private byte[] ids = NO_IDS;
  private long[] numbers = NO_LONGS;
  private Object[] objects = NO_OBJECTS;
  private int size;
  private String[] userPairs = NO_STRINGS;
  private int userCount;
  private int[] subscriptionIds = NO_INTS;
  private int subscriptionIdCount;

  /** Creates an empty, modifiable property set. */
  public MqttProperties() {
    this(false);
  }

  private MqttProperties(boolean frozen) {
    this.frozen = frozen;
  }

  /**
   * Returns the number of properties, counting each user property and subscription identifier.
   *
   * @return the count
   */
  public int size() {
    return size + userCount + subscriptionIdCount;
  }

  /**
   * Tells whether there are no properties.
   *
   * @return {@code true} if empty
   */
  public boolean isEmpty() {
    return size() == 0;
  }

  /**
   * Tells whether a property is present.
   *
   * @param property the property
   * @return {@code true} if present at least once
   */
  public boolean contains(MqttProperty property) {
    return switch (property) {
      case USER_PROPERTY -> userCount > 0;
      case SUBSCRIPTION_IDENTIFIER -> subscriptionIdCount > 0;
      default -> indexOf(property.id()) >= 0;
    };
  }

  /**
   * Returns an integer property as an {@code int}; a four-byte value above {@code
   * Integer.MAX_VALUE} is returned as {@code Integer.MAX_VALUE}.
   *
   * @param property an integer property (for {@link MqttProperty#SUBSCRIPTION_IDENTIFIER}: the
   *     first one)
   * @param defaultValue returned when absent
   * @return the value
   * @throws IllegalArgumentException if the property is not an integer
   */
  public int intValue(MqttProperty property, int defaultValue) {
    long v = longValue(property, defaultValue);
    return v > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) v;
  }

  /**
   * Returns an integer property.
   *
   * @param property an integer property
   * @param defaultValue returned when absent
   * @return the value (four-byte integers: 0 to 2<sup>32</sup> - 1)
   * @throws IllegalArgumentException if the property is not an integer
   */
  public long longValue(MqttProperty property, long defaultValue) {
    requireType(property, property.type().isInteger());
    if (property == MqttProperty.SUBSCRIPTION_IDENTIFIER) {
      return subscriptionIdCount > 0 ? subscriptionIds[0] : defaultValue;
    }
    int i = indexOf(property.id());
    return i >= 0 ? numbers[i] : defaultValue;
  }

  /**
   * Returns a UTF-8 string property.
   *
   * @param property a string property
   * @return the value, or {@code null} if absent
   * @throws IllegalArgumentException if the property is not a string
   */
  public String stringValue(MqttProperty property) {
    requireType(property, property.type() == MqttProperty.Type.UTF8_STRING);
    int i = indexOf(property.id());
    return i >= 0 ? (String) objects[i] : null;
  }

  /**
   * Returns a binary property: the array itself, not a copy.
   *
   * @param property a binary property
   * @return the value, or {@code null} if absent
   * @throws IllegalArgumentException if the property is not binary data
   */
  public byte[] binaryValue(MqttProperty property) {
    requireType(property, property.type() == MqttProperty.Type.BINARY_DATA);
    int i = indexOf(property.id());
    return i >= 0 ? (byte[]) objects[i] : null;
  }

  /**
   * Returns the number of user properties.
   *
   * @return the count
   */
  public int userPropertyCount() {
    return userCount;
  }

  /**
   * Returns a user property's name.
   *
   * @param index 0 to {@link #userPropertyCount()} - 1, in the order they were added
   * @return the name
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public String userPropertyName(int index) {
    return userPairs[2 * java.util.Objects.checkIndex(index, userCount)];
  }

  /**
   * Returns a user property's value.
   *
   * @param index 0 to {@link #userPropertyCount()} - 1
   * @return the value
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public String userPropertyValue(int index) {
    return userPairs[2 * java.util.Objects.checkIndex(index, userCount) + 1];
  }

  /**
   * Returns the number of subscription identifiers.
   *
   * @return the count
   */
  public int subscriptionIdentifierCount() {
    return subscriptionIdCount;
  }

  /**
   * Returns a subscription identifier.
   *
   * @param index 0 to {@link #subscriptionIdentifierCount()} - 1
   * @return the identifier, 1 to 268,435,455
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public int subscriptionIdentifier(int index) {
    return subscriptionIds[java.util.Objects.checkIndex(index, subscriptionIdCount)];
  }

  /**
   * Sets an integer property, replacing a previous value ({@link
   * MqttProperty#SUBSCRIPTION_IDENTIFIER} adds one more).
   *
   * @param property an integer property
   * @param value the value, within the property type's range
   * @return this
   * @throws IllegalArgumentException if the property is not an integer or the value is out of range
   * @throws UnsupportedOperationException on {@link #NONE}
   */
  public MqttProperties set(MqttProperty property, long value) {
    requireType(property, property.type().isInteger());
    long max =
        switch (property.type()) {
          case BYTE -> 0xFF;
          case TWO_BYTE_INTEGER -> 0xFFFF;
          case FOUR_BYTE_INTEGER -> 0xFFFF_FFFFL;
          default -> MqttVarInt.MAX;
        };
    if (value < 0 || value > max) {
      throw new IllegalArgumentException(property + " " + value + " (expected 0 to " + max + ")");
    }
    if (property == MqttProperty.SUBSCRIPTION_IDENTIFIER) {
      addSubscriptionIdentifier((int) value);
    } else {
      put(property.id(), value, null);
    }
    return this;
  }

  /**
   * Sets a string property, replacing a previous value.
   *
   * @param property a string property
   * @param value the value
   * @return this
   * @throws IllegalArgumentException if the property is not a string
   * @throws NullPointerException if {@code value} is {@code null}
   * @throws UnsupportedOperationException on {@link #NONE}
   */
  public MqttProperties set(MqttProperty property, String value) {
    requireType(property, property.type() == MqttProperty.Type.UTF8_STRING);
    put(property.id(), 0, java.util.Objects.requireNonNull(value, "value"));
    return this;
  }

  /**
   * Sets a binary property, replacing a previous value; the array is kept, not copied.
   *
   * @param property a binary property
   * @param value the value
   * @return this
   * @throws IllegalArgumentException if the property is not binary data
   * @throws NullPointerException if {@code value} is {@code null}
   * @throws UnsupportedOperationException on {@link #NONE}
   */
  public MqttProperties set(MqttProperty property, byte[] value) {
    requireType(property, property.type() == MqttProperty.Type.BINARY_DATA);
    put(property.id(), 0, java.util.Objects.requireNonNull(value, "value"));
    return this;
  }

  /**
   * Adds a user property (names may repeat; order is kept).
   *
   * @param name the name
   * @param value the value
   * @return this
   * @throws UnsupportedOperationException on {@link #NONE}
   */
  public MqttProperties addUserProperty(String name, String value) {
    checkMutable();
    java.util.Objects.requireNonNull(name, "name");
    java.util.Objects.requireNonNull(value, "value");
    if (2 * userCount == userPairs.length) {
      userPairs = Arrays.copyOf(userPairs, Math.max(4, 2 * userPairs.length));
    }
    userPairs[2 * userCount] = name;
    userPairs[2 * userCount + 1] = value;
    userCount++;
    return this;
  }

  /**
   * Adds a subscription identifier.
   *
   * @param id 1 to 268,435,455
   * @return this
   * @throws IllegalArgumentException if {@code id} is out of range
   * @throws UnsupportedOperationException on {@link #NONE}
   */
  public MqttProperties addSubscriptionIdentifier(int id) {
    checkMutable();
    if (id < 1 || id > MqttVarInt.MAX) {
      throw new IllegalArgumentException("subscription identifier " + id);
    }
    if (subscriptionIdCount == subscriptionIds.length) {
      subscriptionIds = Arrays.copyOf(subscriptionIds, Math.max(2, 2 * subscriptionIds.length));
    }
    subscriptionIds[subscriptionIdCount++] = id;
    return this;
  }

  /**
   * Removes a property (every occurrence of a repeatable one).
   *
   * @param property the property
   * @return this
   * @throws UnsupportedOperationException on {@link #NONE}
   */
  public MqttProperties remove(MqttProperty property) {
    checkMutable();
    switch (property) {
      case USER_PROPERTY -> {
        Arrays.fill(userPairs, null);
        userCount = 0;
      }
      case SUBSCRIPTION_IDENTIFIER -> subscriptionIdCount = 0;
      default -> {
        int i = indexOf(property.id());
        if (i >= 0) {
          int tail = size - i - 1;
          System.arraycopy(ids, i + 1, ids, i, tail);
          System.arraycopy(numbers, i + 1, numbers, i, tail);
          System.arraycopy(objects, i + 1, objects, i, tail);
          size--;
          objects[size] = null;
        }
      }
    }
    return this;
  }

  /**
   * Returns a modifiable copy (binary values share their arrays).
   *
   * @return the copy
   */
  public MqttProperties copy() {
    MqttProperties c = new MqttProperties();
    c.ids = Arrays.copyOf(ids, size);
    c.numbers = Arrays.copyOf(numbers, size);
    c.objects = Arrays.copyOf(objects, size);
    c.size = size;
    c.userPairs = Arrays.copyOf(userPairs, 2 * userCount);
    c.userCount = userCount;
    c.subscriptionIds = Arrays.copyOf(subscriptionIds, subscriptionIdCount);
    c.subscriptionIdCount = subscriptionIdCount;
    return c;
  }

  // Positional access for the codec: single-valued properties in insertion order.

  /** Returns the number of single-valued properties. */
  int singleCount() {
    return size;
  }

  /** Returns the identifier of the single-valued property at {@code i}. */
  int idAt(int i) {
    return ids[i];
  }

  /** Returns the number held by the single-valued property at {@code i}. */
  long numberAt(int i) {
    return numbers[i];
  }

  /** Returns the object held by the single-valued property at {@code i}. */
  Object objectAt(int i) {
    return objects[i];
  }

  /**
   * Adds a single-valued property known not to be present yet (the decoder checks duplicates).
   *
   * @return {@code false} if it was present already
   */
  boolean putIfAbsent(int id, long number, Object object) {
    if (indexOf(id) >= 0) {
      return false;
    }
    append(id, number, object);
    return true;
  }

  private void put(int id, long number, Object object) {
    checkMutable();
    int i = indexOf(id);
    if (i >= 0) {
      numbers[i] = number;
      objects[i] = object;
    } else {
      append(id, number, object);
    }
  }

  private void append(int id, long number, Object object) {
    if (size == ids.length) {
      int n = Math.max(4, 2 * size);
      ids = Arrays.copyOf(ids, n);
      numbers = Arrays.copyOf(numbers, n);
      objects = Arrays.copyOf(objects, n);
    }
    ids[size] = (byte) id;
    numbers[size] = number;
    objects[size] = object;
    size++;
  }

  private int indexOf(int id) {
    byte[] a = ids;
    for (int i = 0; i < size; i++) {
      if (a[i] == id) {
        return i;
      }
    }
    return -1;
  }

  private void checkMutable() {
    if (frozen) {
      throw new UnsupportedOperationException("MqttProperties.NONE cannot be changed");
    }
  }

  private static void requireType(MqttProperty property, boolean ok) {
    if (!ok) {
      throw new IllegalArgumentException(property + " holds a " + property.type());
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof MqttProperties p)
        || p.size != size
        || p.userCount != userCount
        || !Arrays.equals(
            subscriptionIds, 0, subscriptionIdCount, p.subscriptionIds, 0, p.subscriptionIdCount)
        || !Arrays.equals(userPairs, 0, 2 * userCount, p.userPairs, 0, 2 * p.userCount)) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      int j = p.indexOf(ids[i]);
      if (j < 0 || p.numbers[j] != numbers[i] || !objectEquals(objects[i], p.objects[j])) {
        return false;
      }
    }
    return true;
  }

  private static boolean objectEquals(Object a, Object b) {
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return Arrays.equals(x, y);
    }
    return java.util.Objects.equals(a, b);
  }

  @Override
  public int hashCode() {
    int h = size() * 31;
    for (int i = 0; i < size; i++) {
      h += ids[i] * 17 + Long.hashCode(numbers[i]);
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < size; i++) {
      MqttProperty p = MqttProperty.valueOf(ids[i]);
      sb.append(sb.length() > 1 ? ", " : "").append(p).append('=');
      Object o = objects[i];
      if (o instanceof byte[] b) {
        sb.append(b.length).append(" bytes");
      } else if (o != null) {
        sb.append(o);
      } else {
        sb.append(numbers[i]);
      }
    }
    for (int i = 0; i < subscriptionIdCount; i++) {
      sb.append(sb.length() > 1 ? ", " : "")
          .append("SUBSCRIPTION_IDENTIFIER=")
          .append(subscriptionIds[i]);
    }
    for (int i = 0; i < userCount; i++) {
      sb.append(sb.length() > 1 ? ", " : "")
          .append(userPairs[2 * i])
          .append(':')
          .append(userPairs[2 * i + 1]);
    }
    return sb.append('}').toString();
  }
}
