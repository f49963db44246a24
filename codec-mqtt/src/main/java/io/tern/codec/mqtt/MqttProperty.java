package io.tern.codec.mqtt;

/**
 * The 27 MQTT 5 properties: identifier, value type, and the packets that may carry each.
 *
 * <h2>Threading</h2>
 *
 * Immutable constants; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum MqttProperty {
  /** 0 unspecified bytes, 1 UTF-8 text (PUBLISH, will). */
  PAYLOAD_FORMAT_INDICATOR(0x01, Type.BYTE, Context.WILL | bit(MqttMessageType.PUBLISH)),
  /** Lifetime of the message in seconds (PUBLISH, will). */
  MESSAGE_EXPIRY_INTERVAL(
      0x02, Type.FOUR_BYTE_INTEGER, Context.WILL | bit(MqttMessageType.PUBLISH)),
  /** MIME type of the payload (PUBLISH, will). */
  CONTENT_TYPE(0x03, Type.UTF8_STRING, Context.WILL | bit(MqttMessageType.PUBLISH)),
  /** Topic for a response (PUBLISH, will). */
  RESPONSE_TOPIC(0x08, Type.UTF8_STRING, Context.WILL | bit(MqttMessageType.PUBLISH)),
  /** Correlates a response with its request (PUBLISH, will). */
  CORRELATION_DATA(0x09, Type.BINARY_DATA, Context.WILL | bit(MqttMessageType.PUBLISH)),
  /**
   * Identifies a subscription (SUBSCRIBE once; PUBLISH to a client once per matching subscription).
   */
  SUBSCRIPTION_IDENTIFIER(
      0x0B,
      Type.VARIABLE_BYTE_INTEGER,
      bit(MqttMessageType.PUBLISH) | bit(MqttMessageType.SUBSCRIBE)),
  /** Seconds the session outlives the connection (CONNECT, CONNACK, DISCONNECT). */
  SESSION_EXPIRY_INTERVAL(
      0x11,
      Type.FOUR_BYTE_INTEGER,
      bit(MqttMessageType.CONNECT)
          | bit(MqttMessageType.CONNACK)
          | bit(MqttMessageType.DISCONNECT)),
  /** Client identifier the server assigned (CONNACK). */
  ASSIGNED_CLIENT_IDENTIFIER(0x12, Type.UTF8_STRING, bit(MqttMessageType.CONNACK)),
  /** Keep-alive the server imposes, in seconds (CONNACK). */
  SERVER_KEEP_ALIVE(0x13, Type.TWO_BYTE_INTEGER, bit(MqttMessageType.CONNACK)),
  /** Name of the extended authentication method (CONNECT, CONNACK, AUTH). */
  AUTHENTICATION_METHOD(
      0x15,
      Type.UTF8_STRING,
      bit(MqttMessageType.CONNECT) | bit(MqttMessageType.CONNACK) | bit(MqttMessageType.AUTH)),
  /** Data of the extended authentication method (CONNECT, CONNACK, AUTH). */
  AUTHENTICATION_DATA(
      0x16,
      Type.BINARY_DATA,
      bit(MqttMessageType.CONNECT) | bit(MqttMessageType.CONNACK) | bit(MqttMessageType.AUTH)),
  /** Whether reason strings and user properties may be sent on failures (CONNECT). */
  REQUEST_PROBLEM_INFORMATION(0x17, Type.BYTE, bit(MqttMessageType.CONNECT)),
  /** Seconds the will waits after the connection ends (will). */
  WILL_DELAY_INTERVAL(0x18, Type.FOUR_BYTE_INTEGER, Context.WILL),
  /** Whether the client asks for response information (CONNECT). */
  REQUEST_RESPONSE_INFORMATION(0x19, Type.BYTE, bit(MqttMessageType.CONNECT)),
  /** Basis for response topics (CONNACK). */
  RESPONSE_INFORMATION(0x1A, Type.UTF8_STRING, bit(MqttMessageType.CONNACK)),
  /** Another server to use (CONNACK, DISCONNECT). */
  SERVER_REFERENCE(
      0x1C, Type.UTF8_STRING, bit(MqttMessageType.CONNACK) | bit(MqttMessageType.DISCONNECT)),
  /** Human-readable diagnostics (every acknowledgement, DISCONNECT, AUTH). */
  REASON_STRING(
      0x1F,
      Type.UTF8_STRING,
      bit(MqttMessageType.CONNACK)
          | bit(MqttMessageType.PUBACK)
          | bit(MqttMessageType.PUBREC)
          | bit(MqttMessageType.PUBREL)
          | bit(MqttMessageType.PUBCOMP)
          | bit(MqttMessageType.SUBACK)
          | bit(MqttMessageType.UNSUBACK)
          | bit(MqttMessageType.DISCONNECT)
          | bit(MqttMessageType.AUTH)),
  /** Unacknowledged QoS 1 and 2 PUBLISH the sender accepts at once (CONNECT, CONNACK). */
  RECEIVE_MAXIMUM(
      0x21, Type.TWO_BYTE_INTEGER, bit(MqttMessageType.CONNECT) | bit(MqttMessageType.CONNACK)),
  /** Highest topic alias the sender accepts (CONNECT, CONNACK). */
  TOPIC_ALIAS_MAXIMUM(
      0x22, Type.TWO_BYTE_INTEGER, bit(MqttMessageType.CONNECT) | bit(MqttMessageType.CONNACK)),
  /** A number standing for a topic name (PUBLISH). */
  TOPIC_ALIAS(0x23, Type.TWO_BYTE_INTEGER, bit(MqttMessageType.PUBLISH)),
  /** Highest QoS the server supports (CONNACK). */
  MAXIMUM_QOS(0x24, Type.BYTE, bit(MqttMessageType.CONNACK)),
  /** Whether the server supports retained messages (CONNACK). */
  RETAIN_AVAILABLE(0x25, Type.BYTE, bit(MqttMessageType.CONNACK)),
  /** A name and value pair; may appear any number of times (every packet with properties). */
  USER_PROPERTY(0x26, Type.UTF8_STRING_PAIR, ~0),
  /** Largest packet the sender accepts (CONNECT, CONNACK). */
  MAXIMUM_PACKET_SIZE(
      0x27, Type.FOUR_BYTE_INTEGER, bit(MqttMessageType.CONNECT) | bit(MqttMessageType.CONNACK)),
  /** Whether the server supports wildcard subscriptions (CONNACK). */
  WILDCARD_SUBSCRIPTION_AVAILABLE(0x28, Type.BYTE, bit(MqttMessageType.CONNACK)),
  /** Whether the server supports subscription identifiers (CONNACK). */
  SUBSCRIPTION_IDENTIFIER_AVAILABLE(0x29, Type.BYTE, bit(MqttMessageType.CONNACK)),
  /** Whether the server supports shared subscriptions (CONNACK). */
  SHARED_SUBSCRIPTION_AVAILABLE(0x2A, Type.BYTE, bit(MqttMessageType.CONNACK));

  /** The value types of properties. */
  public enum Type {
    /** One byte. */
    BYTE,
    /** Two bytes, big-endian, unsigned. */
    TWO_BYTE_INTEGER,
    /** Four bytes, big-endian, unsigned (values up to 2<sup>32</sup> - 1, kept in a long). */
    FOUR_BYTE_INTEGER,
    /** One to four bytes, 7 bits each (values up to 268,435,455). */
    VARIABLE_BYTE_INTEGER,
    /** A length-prefixed UTF-8 string. */
    UTF8_STRING,
    /** Length-prefixed bytes. */
    BINARY_DATA,
    /** Two UTF-8 strings: a name and a value. */
    UTF8_STRING_PAIR;

    /**
     * Tells whether values of this type are numbers.
     *
     * @return {@code true} for the integer types
     */
    public boolean isInteger() {
      return this == BYTE
          || this == TWO_BYTE_INTEGER
          || this == FOUR_BYTE_INTEGER
          || this == VARIABLE_BYTE_INTEGER;
    }
  }

  /** Holds the bit standing for a will's properties in the masks (packet type value 0 is free). */
  private static final class Context {
    static final int WILL = 1;
  }

  private static final MqttProperty[] BY_ID = new MqttProperty[0x2B];

  static {
    for (MqttProperty p : values()) {
      BY_ID[p.id] = p;
    }
  }

  private final int id;
  private final Type type;
  private final int packets;

  MqttProperty(int id, Type type, int packets) {
    this.id = id;
    this.type = type;
    this.packets = packets;
  }

  private static int bit(MqttMessageType type) {
    return 1 << type.value();
  }

  /**
   * Returns the property's identifier.
   *
   * @return the identifier, {@code 0x01} to {@code 0x2A}
   */
  public int id() {
    return id;
  }

  /**
   * Returns the type of the property's value.
   *
   * @return the value type
   */
  public Type type() {
    return type;
  }

  /**
   * Tells whether a packet type may carry this property.
   *
   * @param packet the packet type
   * @return {@code true} if allowed
   */
  public boolean allowedIn(MqttMessageType packet) {
    return (packets & bit(packet)) != 0;
  }

  /**
   * Tells whether a will's properties (in CONNECT) may carry this property.
   *
   * @return {@code true} if allowed
   */
  public boolean allowedInWill() {
    return (packets & Context.WILL) != 0;
  }

  /**
   * Tells whether the property may appear more than once in one packet.
   *
   * @return {@code true} for {@link #USER_PROPERTY} and {@link #SUBSCRIPTION_IDENTIFIER}
   */
  public boolean repeatable() {
    return this == USER_PROPERTY || this == SUBSCRIPTION_IDENTIFIER;
  }

  /**
   * Returns the property with this identifier, from a constant table.
   *
   * @param id an identifier
   * @return the property, or {@code null} if none has it
   */
  public static MqttProperty valueOf(int id) {
    return id > 0 && id < BY_ID.length ? BY_ID[id] : null;
  }

  /**
   * Returns the {@link #allowedIn} mask bit of a packet type, for use by the codec.
   *
   * @param packet a packet type, or {@code null} for a will's properties
   * @return the mask bit
   */
  static int packetBit(MqttMessageType packet) {
    return packet == null ? Context.WILL : bit(packet);
  }

  /**
   * Tells whether the packets mask allows a context bit.
   *
   * @param contextBit from {@link #packetBit}
   * @return {@code true} if allowed
   */
  boolean allowedInContext(int contextBit) {
    return (packets & contextBit) != 0;
  }
}
