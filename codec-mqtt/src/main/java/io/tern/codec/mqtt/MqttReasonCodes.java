package io.tern.codec.mqtt;

/**
 * The MQTT 5 reason codes, as {@code int} constants (messages carry them as plain {@code int}s so
 * that no object is looked up or allocated per packet), and their mapping onto the return codes of
 * MQTT 3.1 and 3.1.1.
 *
 * <p>Codes below {@code 0x80} report success, the others failure. Several codes share a value and
 * differ in name by the packet they appear in ({@code 0x00} is {@link #SUCCESS}, {@link
 * #NORMAL_DISCONNECTION} and {@link #GRANTED_QOS_0}). Write MQTT 5 codes everywhere: the encoder
 * turns them into the older versions' codes for a 3.1 or 3.1.1 connection (see {@link
 * #toConnectReturnCode} and {@link #toSubscribeReturnCode}).
 *
 * <h2>Threading</h2>
 *
 * Constants and pure functions; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class MqttReasonCodes {
  /** Success (CONNACK, PUBACK, PUBREC, PUBREL, PUBCOMP, UNSUBACK, AUTH). */
  public static final int SUCCESS = 0x00;

  /** Normal disconnection (DISCONNECT). */
  public static final int NORMAL_DISCONNECTION = 0x00;

  /** Granted QoS 0 (SUBACK). */
  public static final int GRANTED_QOS_0 = 0x00;

  /** Granted QoS 1 (SUBACK). */
  public static final int GRANTED_QOS_1 = 0x01;

  /** Granted QoS 2 (SUBACK). */
  public static final int GRANTED_QOS_2 = 0x02;

  /** Disconnect with will message (DISCONNECT from a client). */
  public static final int DISCONNECT_WITH_WILL_MESSAGE = 0x04;

  /** No matching subscribers (PUBACK, PUBREC). */
  public static final int NO_MATCHING_SUBSCRIBERS = 0x10;

  /** No subscription existed (UNSUBACK). */
  public static final int NO_SUBSCRIPTION_EXISTED = 0x11;

  /** Continue authentication (AUTH). */
  public static final int CONTINUE_AUTHENTICATION = 0x18;

  /** Re-authenticate (AUTH). */
  public static final int RE_AUTHENTICATE = 0x19;

  /** Unspecified error. */
  public static final int UNSPECIFIED_ERROR = 0x80;

  /** Malformed packet. */
  public static final int MALFORMED_PACKET = 0x81;

  /** Protocol error. */
  public static final int PROTOCOL_ERROR = 0x82;

  /** Implementation specific error. */
  public static final int IMPLEMENTATION_SPECIFIC_ERROR = 0x83;

  /** Unsupported protocol version (CONNACK). */
  public static final int UNSUPPORTED_PROTOCOL_VERSION = 0x84;

  /** Client identifier not valid (CONNACK). */
  public static final int CLIENT_IDENTIFIER_NOT_VALID = 0x85;

  /** Bad user name or password (CONNACK). */
  public static final int BAD_USER_NAME_OR_PASSWORD = 0x86;

  /** Not authorized. */
  public static final int NOT_AUTHORIZED = 0x87;

  /** Server unavailable (CONNACK). */
  public static final int SERVER_UNAVAILABLE = 0x88;

  /** Server busy. */
  public static final int SERVER_BUSY = 0x89;

  /** Banned (CONNACK). */
  public static final int BANNED = 0x8A;

  /** Server shutting down (DISCONNECT). */
  public static final int SERVER_SHUTTING_DOWN = 0x8B;

  /** Bad authentication method. */
  public static final int BAD_AUTHENTICATION_METHOD = 0x8C;

  /** Keep alive timeout (DISCONNECT). */
  public static final int KEEP_ALIVE_TIMEOUT = 0x8D;

  /** Session taken over (DISCONNECT). */
  public static final int SESSION_TAKEN_OVER = 0x8E;

  /** Topic filter invalid (SUBACK, UNSUBACK, DISCONNECT). */
  public static final int TOPIC_FILTER_INVALID = 0x8F;

  /** Topic name invalid. */
  public static final int TOPIC_NAME_INVALID = 0x90;

  /** Packet identifier in use. */
  public static final int PACKET_IDENTIFIER_IN_USE = 0x91;

  /** Packet identifier not found (PUBREL, PUBCOMP). */
  public static final int PACKET_IDENTIFIER_NOT_FOUND = 0x92;

  /** Receive maximum exceeded (DISCONNECT). */
  public static final int RECEIVE_MAXIMUM_EXCEEDED = 0x93;

  /** Topic alias invalid (DISCONNECT). */
  public static final int TOPIC_ALIAS_INVALID = 0x94;

  /** Packet too large. */
  public static final int PACKET_TOO_LARGE = 0x95;

  /** Message rate too high (DISCONNECT). */
  public static final int MESSAGE_RATE_TOO_HIGH = 0x96;

  /** Quota exceeded. */
  public static final int QUOTA_EXCEEDED = 0x97;

  /** Administrative action (DISCONNECT). */
  public static final int ADMINISTRATIVE_ACTION = 0x98;

  /** Payload format invalid. */
  public static final int PAYLOAD_FORMAT_INVALID = 0x99;

  /** Retain not supported. */
  public static final int RETAIN_NOT_SUPPORTED = 0x9A;

  /** QoS not supported. */
  public static final int QOS_NOT_SUPPORTED = 0x9B;

  /** Use another server. */
  public static final int USE_ANOTHER_SERVER = 0x9C;

  /** Server moved. */
  public static final int SERVER_MOVED = 0x9D;

  /** Shared subscriptions not supported. */
  public static final int SHARED_SUBSCRIPTIONS_NOT_SUPPORTED = 0x9E;

  /** Connection rate exceeded. */
  public static final int CONNECTION_RATE_EXCEEDED = 0x9F;

  /** Maximum connect time (DISCONNECT). */
  public static final int MAXIMUM_CONNECT_TIME = 0xA0;

  /** Subscription identifiers not supported. */
  public static final int SUBSCRIPTION_IDENTIFIERS_NOT_SUPPORTED = 0xA1;

  /** Wildcard subscriptions not supported. */
  public static final int WILDCARD_SUBSCRIPTIONS_NOT_SUPPORTED = 0xA2;

  /** MQTT 3.1/3.1.1 CONNACK: connection accepted. */
  public static final int V3_CONNECTION_ACCEPTED = 0x00;

  /** MQTT 3.1/3.1.1 CONNACK: unacceptable protocol version. */
  public static final int V3_UNACCEPTABLE_PROTOCOL_VERSION = 0x01;

  /** MQTT 3.1/3.1.1 CONNACK: identifier rejected. */
  public static final int V3_IDENTIFIER_REJECTED = 0x02;

  /** MQTT 3.1/3.1.1 CONNACK: server unavailable. */
  public static final int V3_SERVER_UNAVAILABLE = 0x03;

  /** MQTT 3.1/3.1.1 CONNACK: bad user name or password. */
  public static final int V3_BAD_USER_NAME_OR_PASSWORD = 0x04;

  /** MQTT 3.1/3.1.1 CONNACK: not authorized. */
  public static final int V3_NOT_AUTHORIZED = 0x05;

  /** MQTT 3.1/3.1.1 SUBACK: failure. */
  public static final int V3_SUBSCRIBE_FAILURE = 0x80;

  private MqttReasonCodes() {}

  // Table 2-6 of MQTT 5, one pair of bit sets per packet type.
  private static final long CONNACK_LOW = 0x1L;
  private static final long CONNACK_HIGH = 0xBEA117FFL;
  private static final long PUBACK_LOW = 0x10001L;
  private static final long PUBACK_HIGH = 0x2830089L;
  private static final long PUBREL_LOW = 0x1L;
  private static final long PUBREL_HIGH = 0x40000L;
  private static final long SUBACK_LOW = 0x7L;
  private static final long SUBACK_HIGH = 0x640828089L;
  private static final long UNSUBACK_LOW = 0x20001L;
  private static final long UNSUBACK_HIGH = 0x28089L;
  private static final long DISCONNECT_LOW = 0x11L;
  private static final long DISCONNECT_HIGH = 0x7FFF9FA8FL;
  private static final long AUTH_LOW = 0x3000001L;
  private static final long AUTH_HIGH = 0x0L;

  /**
   * Tells whether MQTT 5 allows a reason code in a packet type (the specification's table 2-6).
   * PUBREC takes PUBACK's codes and PUBCOMP PUBREL's.
   *
   * @param type the packet carrying the code
   * @param code a reason code
   * @return {@code false} for a code the table does not list for that packet, and for a packet type
   *     that carries none
   */
  public static boolean isAllowedIn(MqttMessageType type, int code) {
    return switch (type) {
      case CONNACK -> listed(code, CONNACK_LOW, CONNACK_HIGH);
      case PUBACK, PUBREC -> listed(code, PUBACK_LOW, PUBACK_HIGH);
      case PUBREL, PUBCOMP -> listed(code, PUBREL_LOW, PUBREL_HIGH);
      case SUBACK -> listed(code, SUBACK_LOW, SUBACK_HIGH);
      case UNSUBACK -> listed(code, UNSUBACK_LOW, UNSUBACK_HIGH);
      case DISCONNECT -> listed(code, DISCONNECT_LOW, DISCONNECT_HIGH);
      case AUTH -> listed(code, AUTH_LOW, AUTH_HIGH);
      default -> false;
    };
  }

  /**
   * Codes 0 to 63 are bits of {@code low}, 128 to 191 bits of {@code high}; none lies elsewhere.
   */
  private static boolean listed(int code, long low, long high) {
    if (code >= 0 && code < 64) {
      return (low & (1L << code)) != 0;
    }
    return code >= 128 && code < 192 && (high & (1L << (code - 128))) != 0;
  }

  /**
   * Tells whether a reason code reports a failure.
   *
   * @param code a reason code
   * @return {@code true} for {@code 0x80} and above
   */
  public static boolean isError(int code) {
    return code >= 0x80;
  }

  /**
   * Maps an MQTT 5 CONNACK reason code onto the return code of MQTT 3.1 and 3.1.1.
   *
   * @param code an MQTT 5 reason code
   * @return 0 to 5
   */
  public static int toConnectReturnCode(int code) {
    return switch (code) {
      case SUCCESS -> V3_CONNECTION_ACCEPTED;
      case UNSUPPORTED_PROTOCOL_VERSION -> V3_UNACCEPTABLE_PROTOCOL_VERSION;
      case CLIENT_IDENTIFIER_NOT_VALID -> V3_IDENTIFIER_REJECTED;
      case BAD_USER_NAME_OR_PASSWORD, BAD_AUTHENTICATION_METHOD -> V3_BAD_USER_NAME_OR_PASSWORD;
      case NOT_AUTHORIZED, BANNED -> V3_NOT_AUTHORIZED;
      default -> code <= V3_NOT_AUTHORIZED ? code : V3_SERVER_UNAVAILABLE;
    };
  }

  /**
   * Maps an MQTT 5 SUBACK reason code onto the return code of MQTT 3.1 and 3.1.1.
   *
   * @param code an MQTT 5 reason code
   * @return the granted QoS 0 to 2, or {@code 0x80} for any failure
   */
  public static int toSubscribeReturnCode(int code) {
    return code <= GRANTED_QOS_2 ? code : V3_SUBSCRIBE_FAILURE;
  }

  /**
   * Returns a reason code's name for messages and logs, without allocating for a known code.
   *
   * @param code a reason code
   * @return its name (the shared values get their first name), or {@code "0x.."} for an unknown one
   */
  public static String name(int code) {
    return switch (code) {
      case 0x00 -> "Success";
      case 0x01 -> "Granted QoS 1";
      case 0x02 -> "Granted QoS 2";
      case 0x04 -> "Disconnect with Will Message";
      case 0x10 -> "No matching subscribers";
      case 0x11 -> "No subscription existed";
      case 0x18 -> "Continue authentication";
      case 0x19 -> "Re-authenticate";
      case 0x80 -> "Unspecified error";
      case 0x81 -> "Malformed Packet";
      case 0x82 -> "Protocol Error";
      case 0x83 -> "Implementation specific error";
      case 0x84 -> "Unsupported Protocol Version";
      case 0x85 -> "Client Identifier not valid";
      case 0x86 -> "Bad User Name or Password";
      case 0x87 -> "Not authorized";
      case 0x88 -> "Server unavailable";
      case 0x89 -> "Server busy";
      case 0x8A -> "Banned";
      case 0x8B -> "Server shutting down";
      case 0x8C -> "Bad authentication method";
      case 0x8D -> "Keep Alive timeout";
      case 0x8E -> "Session taken over";
      case 0x8F -> "Topic Filter invalid";
      case 0x90 -> "Topic Name invalid";
      case 0x91 -> "Packet Identifier in use";
      case 0x92 -> "Packet Identifier not found";
      case 0x93 -> "Receive Maximum exceeded";
      case 0x94 -> "Topic Alias invalid";
      case 0x95 -> "Packet too large";
      case 0x96 -> "Message rate too high";
      case 0x97 -> "Quota exceeded";
      case 0x98 -> "Administrative action";
      case 0x99 -> "Payload format invalid";
      case 0x9A -> "Retain not supported";
      case 0x9B -> "QoS not supported";
      case 0x9C -> "Use another server";
      case 0x9D -> "Server moved";
      case 0x9E -> "Shared Subscriptions not supported";
      case 0x9F -> "Connection rate exceeded";
      case 0xA0 -> "Maximum connect time";
      case 0xA1 -> "Subscription Identifiers not supported";
      case 0xA2 -> "Wildcard Subscriptions not supported";
      default -> String.format("0x%02X", code);
    };
  }
}
