package io.tern.codec.mqtt;

import static io.tern.codec.mqtt.MqttReasonCodes.MALFORMED_PACKET;
import static io.tern.codec.mqtt.MqttReasonCodes.PROTOCOL_ERROR;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes MQTT 3.1, 3.1.1 and 5.0 packets into {@link MqttMessage}s.
 *
 * <p>A packet is decoded once all of its bytes are there; its size is checked against {@link
 * MqttDecoderLimits#maxPacketSize()} as soon as the fixed header is read, before anything is
 * buffered for it. Bad input raises an {@link MqttDecoderException} carrying the reason code the
 * specification names (malformed remaining length, reserved flags, invalid UTF-8, wildcards in a
 * PUBLISH topic, duplicate or misplaced properties, exceeded limits, a packet before CONNECT, a
 * second CONNECT, a CONNACK or SUBACK return code that MQTT 3.1 and 3.1.1 reserve, an MQTT 5 reason
 * code that table 2-6 does not list for its packet); after that the decoder drops all further
 * input, since the stream cannot be resynchronised and the connection is to be closed.
 *
 * <p>The protocol version is per channel: {@link #forServer} expects CONNECT first and records the
 * version it asks for in {@link MqttVersion#ATTRIBUTE}; {@link #forClient} reads the version the
 * encoder recorded when the client's CONNECT went out. A server decoder rejects the packets only a
 * server sends and a client decoder those only a client sends.
 *
 * <h2>Threading</h2>
 *
 * Runs on the channel's event loop; per-channel state, one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * As {@link ByteToMessageDecoder}: the decoder releases the bytes it reads. A decoded {@link
 * MqttPublishMessage} holds a retained slice of the cumulation as its payload (no copy; the
 * cumulation is not written while the slice lives) and belongs to the next handler, which releases
 * it. Nothing else decoded is reference-counted.
 */
public final class MqttDecoder extends ByteToMessageDecoder {
  private static final int SERVER_RECEIVES =
      bits(
          MqttMessageType.CONNECT,
          MqttMessageType.PUBLISH,
          MqttMessageType.PUBACK,
          MqttMessageType.PUBREC,
          MqttMessageType.PUBREL,
          MqttMessageType.PUBCOMP,
          MqttMessageType.SUBSCRIBE,
          MqttMessageType.UNSUBSCRIBE,
          MqttMessageType.PINGREQ,
          MqttMessageType.DISCONNECT,
          MqttMessageType.AUTH);
  private static final int CLIENT_RECEIVES =
      bits(
          MqttMessageType.CONNACK,
          MqttMessageType.PUBLISH,
          MqttMessageType.PUBACK,
          MqttMessageType.PUBREC,
          MqttMessageType.PUBREL,
          MqttMessageType.PUBCOMP,
          MqttMessageType.SUBACK,
          MqttMessageType.UNSUBACK,
          MqttMessageType.PINGRESP,
          MqttMessageType.DISCONNECT,
          MqttMessageType.AUTH);

  private final MqttDecoderLimits limits;
  private final boolean server;
  private final MqttPacketReader reader = new MqttPacketReader();
  private MqttVersion version;
  private boolean failed;

  private MqttDecoder(MqttDecoderLimits limits, boolean server) {
    this.limits = java.util.Objects.requireNonNull(limits, "limits");
    this.server = server;
  }

  /**
   * Creates the decoder of a server connection: CONNECT first, then what clients send.
   *
   * @param limits the limits to enforce
   * @return the decoder
   */
  public static MqttDecoder forServer(MqttDecoderLimits limits) {
    return new MqttDecoder(limits, true);
  }

  /**
   * Creates the decoder of a client connection: what servers send, in the version of the CONNECT
   * the encoder wrote (3.1.1 if none was written).
   *
   * @param limits the limits to enforce
   * @return the decoder
   */
  public static MqttDecoder forClient(MqttDecoderLimits limits) {
    return new MqttDecoder(limits, false);
  }

  /**
   * Returns the limits.
   *
   * @return the limits
   */
  public MqttDecoderLimits limits() {
    return limits;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    int start = in.readerIndex();
    int readable = in.readableBytes();
    if (readable < 2) {
      return;
    }
    int header = in.getUnsignedByte(start);
    int remaining = 0;
    int i = 1;
    while (true) {
      if (i >= readable) {
        return;
      }
      int b = in.getUnsignedByte(start + i);
      remaining |= (b & 0x7F) << (7 * (i - 1));
      i++;
      if ((b & 0x80) == 0) {
        break;
      }
      if (i == 5) {
        throw failed(
            in,
            MALFORMED_PACKET,
            MqttMessageType.valueOf(header >>> 4),
            "remaining length longer than 4 bytes");
      }
    }
    long total = (long) i + remaining;
    MqttMessageType type = MqttMessageType.valueOf(header >>> 4);
    if (total > limits.maxPacketSize()) {
      throw failed(
          in,
          MqttReasonCodes.PACKET_TOO_LARGE,
          type,
          "packet of " + total + " bytes (limit " + limits.maxPacketSize() + ")");
    }
    if (readable < total) {
      return;
    }
    int end = start + (int) total;
    try {
      out.add(decodePacket(ctx, in, header, type, start + i, end));
      in.readerIndex(end);
    } catch (MqttDecoderException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    } finally {
      reader.clear();
    }
  }

  private MqttDecoderException failed(
      ByteBuf in, int reasonCode, MqttMessageType type, String message) {
    failed = true;
    in.skipBytes(in.readableBytes());
    return new MqttDecoderException(reasonCode, type, version, type + ": " + message);
  }

  private MqttMessage decodePacket(
      ChannelHandlerContext ctx, ByteBuf in, int header, MqttMessageType type, int from, int end) {
    if (version == null && !server) {
      version = MqttVersion.of(ctx.channel(), MqttVersion.MQTT_3_1_1);
    }
    reader.reset(in, from, end, type, version);
    if (type == null || (type == MqttMessageType.AUTH && version != MqttVersion.MQTT_5)) {
      throw reader.fail(MALFORMED_PACKET, "reserved packet type " + (header >>> 4));
    }
    int flags = header & 0x0F;
    if (type == MqttMessageType.PUBLISH) {
      if (version == null) {
        throw reader.fail(PROTOCOL_ERROR, "before CONNECT");
      }
      return decodePublish(flags);
    }
    int expectedFlags =
        type == MqttMessageType.PUBREL
                || type == MqttMessageType.SUBSCRIBE
                || type == MqttMessageType.UNSUBSCRIBE
            ? 0b0010
            : 0;
    if (flags != expectedFlags) {
      throw reader.fail(MALFORMED_PACKET, "reserved flags 0x" + Integer.toHexString(flags));
    }
    if (((server ? SERVER_RECEIVES : CLIENT_RECEIVES) & (1 << type.value())) == 0) {
      throw reader.fail(PROTOCOL_ERROR, (server ? "sent by a client" : "sent by a server"));
    }
    if (server) {
      if (type == MqttMessageType.CONNECT) {
        if (version != null) {
          throw reader.fail(PROTOCOL_ERROR, "second CONNECT");
        }
        MqttConnectMessage connect = decodeConnect();
        version = connect.version();
        ctx.channel().attr(MqttVersion.ATTRIBUTE).set(version);
        return connect;
      }
      if (version == null) {
        throw reader.fail(PROTOCOL_ERROR, "before CONNECT");
      }
    }
    return switch (type) {
      case CONNACK -> decodeConnAck();
      case PUBACK, PUBREC, PUBREL, PUBCOMP -> decodePubReply(type);
      case SUBSCRIBE -> decodeSubscribe();
      case SUBACK -> decodeSubAck();
      case UNSUBSCRIBE -> decodeUnsubscribe();
      case UNSUBACK -> decodeUnsubAck();
      case PINGREQ, PINGRESP -> {
        reader.expectEnd();
        yield type == MqttMessageType.PINGREQ ? MqttPingMessage.PINGREQ : MqttPingMessage.PINGRESP;
      }
      case DISCONNECT -> decodeDisconnect();
      case AUTH -> decodeAuth();
      default -> throw reader.fail(PROTOCOL_ERROR, "unexpected");
    };
  }

  private MqttConnectMessage decodeConnect() {
    String name = reader.string(6, MqttReasonCodes.UNSUPPORTED_PROTOCOL_VERSION, "protocol name");
    int level = reader.u8("protocol level");
    MqttVersion asked = MqttVersion.ofLevel(level);
    if (asked != null && !asked.protocolName().equals(name)) {
      asked = null;
    } else if (asked == null && name.equals("MQTT") && level > 5) {
      // A newer client: answer it in the newest version this decoder speaks.
      reader.version(MqttVersion.MQTT_5);
    }
    if (asked == null) {
      throw reader.fail(MqttReasonCodes.UNSUPPORTED_PROTOCOL_VERSION, "unsupported protocol");
    }
    reader.version(asked);
    boolean v5 = asked == MqttVersion.MQTT_5;
    int flags = reader.u8("connect flags");
    if ((flags & 0x01) != 0) {
      throw reader.fail(MALFORMED_PACKET, "reserved connect flag set");
    }
    boolean willFlag = (flags & 0x04) != 0;
    int willQos = (flags >> 3) & 3;
    boolean willRetain = (flags & 0x20) != 0;
    boolean hasPassword = (flags & 0x40) != 0;
    boolean hasUsername = (flags & 0x80) != 0;
    if (willQos == 3 || (!willFlag && (willQos != 0 || willRetain))) {
      throw reader.fail(MALFORMED_PACKET, "will QoS or retain without a will");
    }
    if (!v5 && hasPassword && !hasUsername) {
      throw reader.fail(MALFORMED_PACKET, "password without user name");
    }
    int keepAlive = reader.u16("keep alive");
    MqttProperties properties = v5 ? properties(MqttMessageType.CONNECT) : MqttProperties.NONE;
    String clientId =
        reader.string(
            limits.maxClientIdLength(),
            MqttReasonCodes.CLIENT_IDENTIFIER_NOT_VALID,
            "client identifier");
    MqttWill will = null;
    if (willFlag) {
      MqttProperties willProperties = v5 ? properties(null) : MqttProperties.NONE;
      String topic = topicName("will topic");
      byte[] payload = reader.binary("will payload");
      will = new MqttWill(topic, payload, MqttQoS.valueOf(willQos), willRetain, willProperties);
    }
    String username = hasUsername ? reader.string(0xFFFF, MALFORMED_PACKET, "user name") : null;
    byte[] password = hasPassword ? reader.binary("password") : null;
    reader.expectEnd();
    return new MqttConnectMessage(
        asked, clientId, (flags & 0x02) != 0, keepAlive, username, password, will, properties);
  }

  private MqttConnAckMessage decodeConnAck() {
    int flags = reader.u8("acknowledge flags");
    if ((flags & 0xFE) != 0) {
      throw reader.fail(MALFORMED_PACKET, "reserved acknowledge flags");
    }
    int code = version == MqttVersion.MQTT_5 ? reader.reasonCode() : reader.u8("reason code");
    if (version != MqttVersion.MQTT_5 && code > MqttReasonCodes.V3_NOT_AUTHORIZED) {
      // 6 to 255 are reserved before MQTT 5. Reported as read, such a code could not be written
      // back (the encoder maps what it does not know onto "server unavailable"), so the client
      // would act on a code its server never meant: the connection is broken instead.
      throw reader.fail(MALFORMED_PACKET, "reserved return code " + code);
    }
    MqttProperties properties =
        version == MqttVersion.MQTT_5 && reader.remaining() > 0
            ? properties(MqttMessageType.CONNACK)
            : MqttProperties.NONE;
    reader.expectEnd();
    return new MqttConnAckMessage(flags == 1, code, properties);
  }

  private MqttPublishMessage decodePublish(int flags) {
    int qosValue = (flags >> 1) & 3;
    boolean dup = (flags & 0x08) != 0;
    if (qosValue == 3) {
      throw reader.fail(MALFORMED_PACKET, "QoS 3");
    }
    if (qosValue == 0 && dup) {
      throw reader.fail(MALFORMED_PACKET, "DUP set at QoS 0");
    }
    boolean v5 = version == MqttVersion.MQTT_5;
    String topic =
        reader.string(limits.maxTopicLength(), MqttReasonCodes.TOPIC_NAME_INVALID, "topic name");
    for (int i = 0, n = topic.length(); i < n; i++) {
      char c = topic.charAt(i);
      if (c == '+' || c == '#') {
        throw reader.fail(MqttReasonCodes.TOPIC_NAME_INVALID, "wildcard in topic name");
      }
    }
    int packetId = qosValue > 0 ? reader.packetId() : 0;
    MqttProperties properties = v5 ? properties(MqttMessageType.PUBLISH) : MqttProperties.NONE;
    if (topic.isEmpty() && !properties.contains(MqttProperty.TOPIC_ALIAS)) {
      throw reader.fail(
          v5 ? PROTOCOL_ERROR : MqttReasonCodes.TOPIC_NAME_INVALID, "empty topic name");
    }
    if (server && properties.subscriptionIdentifierCount() > 0) {
      throw reader.fail(PROTOCOL_ERROR, "subscription identifier from a client");
    }
    return new MqttPublishMessage(
        topic,
        MqttQoS.valueOf(qosValue),
        dup,
        (flags & 0x01) != 0,
        packetId,
        properties,
        reader.retainedSliceToLimit());
  }

  private MqttPubReplyMessage decodePubReply(MqttMessageType type) {
    int packetId = reader.packetId();
    int code = MqttReasonCodes.SUCCESS;
    MqttProperties properties = MqttProperties.NONE;
    if (version == MqttVersion.MQTT_5) {
      if (reader.remaining() > 0) {
        code = reader.reasonCode();
      }
      if (reader.remaining() > 0) {
        properties = properties(type);
      }
    }
    reader.expectEnd();
    return new MqttPubReplyMessage(type, packetId, code, properties);
  }

  private MqttSubscribeMessage decodeSubscribe() {
    int packetId = reader.packetId();
    boolean v5 = version == MqttVersion.MQTT_5;
    MqttProperties properties = v5 ? properties(MqttMessageType.SUBSCRIBE) : MqttProperties.NONE;
    java.util.ArrayList<MqttTopicSubscription> subscriptions = new java.util.ArrayList<>(2);
    while (reader.remaining() > 0) {
      if (subscriptions.size() == limits.maxTopicFilters()) {
        throw reader.fail(MqttReasonCodes.QUOTA_EXCEEDED, "too many topic filters");
      }
      String filter = topicFilter();
      int options = reader.u8("subscription options");
      MqttSubscriptionOption option = MqttSubscriptionOption.fromByte(options);
      if (option == null || (!v5 && options > 3)) {
        throw reader.fail(
            MALFORMED_PACKET, "subscription options 0x" + Integer.toHexString(options));
      }
      subscriptions.add(new MqttTopicSubscription(filter, option));
    }
    if (subscriptions.isEmpty()) {
      throw reader.fail(v5 ? PROTOCOL_ERROR : MALFORMED_PACKET, "no topic filter");
    }
    return new MqttSubscribeMessage(packetId, subscriptions, properties);
  }

  private MqttSubAckMessage decodeSubAck() {
    int packetId = reader.packetId();
    MqttProperties properties =
        version == MqttVersion.MQTT_5 ? properties(MqttMessageType.SUBACK) : MqttProperties.NONE;
    int n = reader.remaining();
    if (n == 0) {
      throw reader.fail(PROTOCOL_ERROR, "no reason code");
    }
    boolean v5 = version == MqttVersion.MQTT_5;
    int[] codes = new int[n];
    for (int i = 0; i < n; i++) {
      int code = v5 ? reader.reasonCode() : reader.u8("reason code");
      if (!v5
          && code > MqttReasonCodes.GRANTED_QOS_2
          && code != MqttReasonCodes.V3_SUBSCRIBE_FAILURE) {
        // Reserved before MQTT 5 ([MQTT-3.9.3-2]); the encoder could not write it back either.
        throw reader.fail(MALFORMED_PACKET, "reserved return code " + code);
      }
      codes[i] = code;
    }
    return new MqttSubAckMessage(packetId, codes, properties);
  }

  private MqttUnsubscribeMessage decodeUnsubscribe() {
    int packetId = reader.packetId();
    boolean v5 = version == MqttVersion.MQTT_5;
    MqttProperties properties = v5 ? properties(MqttMessageType.UNSUBSCRIBE) : MqttProperties.NONE;
    java.util.ArrayList<String> filters = new java.util.ArrayList<>(2);
    while (reader.remaining() > 0) {
      if (filters.size() == limits.maxTopicFilters()) {
        throw reader.fail(MqttReasonCodes.QUOTA_EXCEEDED, "too many topic filters");
      }
      filters.add(topicFilter());
    }
    if (filters.isEmpty()) {
      throw reader.fail(v5 ? PROTOCOL_ERROR : MALFORMED_PACKET, "no topic filter");
    }
    return new MqttUnsubscribeMessage(packetId, filters, properties);
  }

  private MqttUnsubAckMessage decodeUnsubAck() {
    int packetId = reader.packetId();
    if (version != MqttVersion.MQTT_5) {
      reader.expectEnd();
      return new MqttUnsubAckMessage(packetId, new int[0], MqttProperties.NONE);
    }
    MqttProperties properties = properties(MqttMessageType.UNSUBACK);
    int n = reader.remaining();
    int[] codes = new int[n];
    for (int i = 0; i < n; i++) {
      codes[i] = reader.reasonCode();
    }
    return new MqttUnsubAckMessage(packetId, codes, properties);
  }

  private MqttDisconnectMessage decodeDisconnect() {
    if (version != MqttVersion.MQTT_5 || reader.remaining() == 0) {
      reader.expectEnd();
      return MqttDisconnectMessage.NORMAL;
    }
    int code = reader.reasonCode();
    MqttProperties properties =
        reader.remaining() > 0 ? properties(MqttMessageType.DISCONNECT) : MqttProperties.NONE;
    reader.expectEnd();
    return properties.isEmpty()
        ? MqttDisconnectMessage.of(code)
        : new MqttDisconnectMessage(code, properties);
  }

  private MqttAuthMessage decodeAuth() {
    if (reader.remaining() == 0) {
      return new MqttAuthMessage(MqttReasonCodes.SUCCESS, MqttProperties.NONE);
    }
    int code = reader.reasonCode();
    MqttProperties properties =
        reader.remaining() > 0 ? properties(MqttMessageType.AUTH) : MqttProperties.NONE;
    reader.expectEnd();
    return new MqttAuthMessage(code, properties);
  }

  private String topicName(String what) {
    String topic = reader.string(limits.maxTopicLength(), MqttReasonCodes.TOPIC_NAME_INVALID, what);
    if (!MqttTopics.isValidTopicName(topic)) {
      throw reader.fail(MqttReasonCodes.TOPIC_NAME_INVALID, what + " '" + topic + "'");
    }
    return topic;
  }

  private String topicFilter() {
    // The filter's syntax is judged by the receiver per filter (SUBACK 0x8F), not here.
    return reader.string(
        limits.maxTopicLength(), MqttReasonCodes.TOPIC_FILTER_INVALID, "topic filter");
  }

  /**
   * Reads a property block.
   *
   * @param packet the packet type, or {@code null} for a will's properties
   */
  private MqttProperties properties(MqttMessageType packet) {
    int length = reader.varInt("property length");
    if (length == 0) {
      return MqttProperties.NONE;
    }
    if (length > reader.remaining()) {
      throw reader.fail(MALFORMED_PACKET, "property length past the end of the packet");
    }
    int outer = reader.limit(reader.pos() + length);
    int context = MqttProperty.packetBit(packet);
    MqttProperties properties = new MqttProperties();
    while (reader.remaining() > 0) {
      int id = reader.varInt("property identifier");
      MqttProperty property = MqttProperty.valueOf(id);
      if (property == null || !property.allowedInContext(context)) {
        throw reader.fail(
            MALFORMED_PACKET,
            "property 0x" + Integer.toHexString(id) + " not allowed in " + contextName(packet));
      }
      switch (property.type()) {
        case BYTE -> single(properties, property, checkByte(property, reader.u8(property.name())));
        case TWO_BYTE_INTEGER ->
            single(properties, property, checkTwoBytes(property, reader.u16(property.name())));
        case FOUR_BYTE_INTEGER -> {
          long v = reader.u32(property.name());
          if (v == 0 && property == MqttProperty.MAXIMUM_PACKET_SIZE) {
            throw reader.fail(PROTOCOL_ERROR, "maximum packet size 0");
          }
          single(properties, property, v);
        }
        case VARIABLE_BYTE_INTEGER -> {
          int v = reader.varInt(property.name());
          if (v == 0) {
            throw reader.fail(PROTOCOL_ERROR, "subscription identifier 0");
          }
          if (packet == MqttMessageType.SUBSCRIBE && properties.subscriptionIdentifierCount() > 0) {
            throw reader.fail(PROTOCOL_ERROR, "two subscription identifiers");
          }
          properties.addSubscriptionIdentifier(v);
        }
        case UTF8_STRING -> {
          String s = reader.string(0xFFFF, MALFORMED_PACKET, property.name());
          if (!properties.putIfAbsent(property.id(), 0, s)) {
            throw reader.fail(PROTOCOL_ERROR, "duplicate " + property);
          }
        }
        case BINARY_DATA -> {
          byte[] b = reader.binary(property.name());
          if (!properties.putIfAbsent(property.id(), 0, b)) {
            throw reader.fail(PROTOCOL_ERROR, "duplicate " + property);
          }
        }
        case UTF8_STRING_PAIR -> {
          if (properties.userPropertyCount() == limits.maxUserProperties()) {
            throw reader.fail(MqttReasonCodes.QUOTA_EXCEEDED, "too many user properties");
          }
          String name = reader.string(0xFFFF, MALFORMED_PACKET, "user property name");
          String value = reader.string(0xFFFF, MALFORMED_PACKET, "user property value");
          properties.addUserProperty(name, value);
        }
      }
    }
    reader.limit(outer);
    return properties;
  }

  private void single(MqttProperties properties, MqttProperty property, long value) {
    if (!properties.putIfAbsent(property.id(), value, null)) {
      throw reader.fail(PROTOCOL_ERROR, "duplicate " + property);
    }
  }

  private int checkByte(MqttProperty property, int value) {
    // Every one-byte property is a 0/1 flag (Maximum QoS included: 2 is expressed by absence).
    if (value > 1) {
      throw reader.fail(PROTOCOL_ERROR, property + " " + value);
    }
    return value;
  }

  private int checkTwoBytes(MqttProperty property, int value) {
    if (value == 0) {
      if (property == MqttProperty.RECEIVE_MAXIMUM) {
        throw reader.fail(PROTOCOL_ERROR, "receive maximum 0");
      }
      if (property == MqttProperty.TOPIC_ALIAS) {
        throw reader.fail(MqttReasonCodes.TOPIC_ALIAS_INVALID, "topic alias 0");
      }
    }
    return value;
  }

  private static String contextName(MqttMessageType packet) {
    return packet == null ? "will properties" : packet.name();
  }

  private static int bits(MqttMessageType... types) {
    int mask = 0;
    for (MqttMessageType t : types) {
      mask |= 1 << t.value();
    }
    return mask;
  }
}
