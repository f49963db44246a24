package io.tern.codec.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.EncoderException;

/**
 * Writes packets: first the exact size of each part (UTF-8 lengths are counted, not encoded), then
 * one buffer of exactly that size, strings encoded straight into it behind a length prefix. No
 * intermediate arrays.
 *
 * <p>PUBLISH, the packet written most, is written the other way round: its topic is encoded once,
 * into room for its worst case (three bytes per char), its length prefix patched after, and the
 * fixed header, whose size depends on the length of everything after it, written last into room
 * left for the longest one in front of the body; the buffer's reader index starts at the header.
 * Counting the topic's UTF-8 bytes first would read it twice.
 */
final class MqttPacketWriter {
  /** Room for the longest fixed header: the type byte and a four-byte remaining length. */
  private static final int MAX_FIXED_HEADER = 5;

  /**
   * Topics of up to this many chars are written into room for three bytes per char without being
   * counted: it is at most 64 KiB, and such a topic cannot exceed MQTT's 65,535 bytes.
   */
  private static final int UNCOUNTED_TOPIC_CHARS = 0xFFFF / 3;

  private MqttPacketWriter() {}

  /** Returns the whole encoded size of a packet (fixed header included). */
  static int packetSize(MqttMessage msg, MqttVersion version) {
    int remaining = remainingLength(msg, version);
    return 1 + MqttVarInt.size(remaining) + remaining;
  }

  /** Returns the remaining length: everything after the fixed header. */
  static int remainingLength(MqttMessage msg, MqttVersion version) {
    boolean v5 = version == MqttVersion.MQTT_5;
    long n =
        switch (msg) {
          case MqttPublishMessage p ->
              (long) publishHeaderLength(p, v5) + p.payload().readableBytes();
          case MqttConnectMessage c -> connectLength(c);
          case MqttConnAckMessage c -> 2 + (v5 ? propertyBlockLength(c.properties()) : 0);
          case MqttPubReplyMessage r ->
              2 + (v5 ? codeAndProperties(r.reasonCode(), r.properties()) : 0);
          case MqttSubscribeMessage s -> {
            long len = 2L + (v5 ? propertyBlockLength(s.properties()) : 0);
            for (MqttTopicSubscription sub : s.subscriptions()) {
              len += stringLength(sub.topicFilter()) + 1;
            }
            yield len;
          }
          case MqttSubAckMessage s ->
              2 + (v5 ? propertyBlockLength(s.properties()) : 0) + s.reasonCodes().length;
          case MqttUnsubscribeMessage u -> {
            long len = 2L + (v5 ? propertyBlockLength(u.properties()) : 0);
            for (String filter : u.topicFilters()) {
              len += stringLength(filter);
            }
            yield len;
          }
          case MqttUnsubAckMessage u ->
              2 + (v5 ? propertyBlockLength(u.properties()) + u.reasonCodes().length : 0);
          case MqttPingMessage ignored -> 0;
          case MqttDisconnectMessage d ->
              v5 ? codeAndProperties(d.reasonCode(), d.properties()) : 0;
          case MqttAuthMessage a -> {
            if (!v5) {
              throw new EncoderException("AUTH exists only in MQTT 5");
            }
            yield codeAndProperties(a.reasonCode(), a.properties());
          }
        };
    if (n > MqttVarInt.MAX) {
      throw new EncoderException(msg.type() + " of " + n + " bytes is too large for MQTT");
    }
    return (int) n;
  }

  /** Writes a whole packet, payload included, into one new buffer. */
  static ByteBuf encode(ByteBufAllocator alloc, MqttMessage msg, MqttVersion version) {
    if (msg instanceof MqttPublishMessage publish) {
      return encodePublish(alloc, publish, version, true);
    }
    int remaining = remainingLength(msg, version);
    ByteBuf buf = alloc.ioBuffer(1 + MqttVarInt.size(remaining) + remaining);
    try {
      writeFixedHeader(buf, msg, remaining);
      writeBody(buf, msg, version);
      return buf;
    } catch (RuntimeException e) {
      buf.release();
      throw e;
    }
  }

  /** Writes a PUBLISH without its payload (the caller sends the payload as a buffer of its own). */
  static ByteBuf encodePublishHeader(
      ByteBufAllocator alloc, MqttPublishMessage msg, MqttVersion version) {
    return encodePublish(alloc, msg, version, false);
  }

  /**
   * Writes a PUBLISH in one pass over its topic (see the class comment), with its payload copied in
   * or, if {@code withPayload} is false, only counted in the remaining length.
   */
  private static ByteBuf encodePublish(
      ByteBufAllocator alloc, MqttPublishMessage p, MqttVersion version, boolean withPayload) {
    String topic = p.topic();
    int chars = topic.length();
    int topicRoom =
        chars <= UNCOUNTED_TOPIC_CHARS
            ? ByteBufUtil.utf8MaxBytes(chars)
            : checkedUtf8Bytes(topic); // exact; its in-place write cannot overrun it
    boolean v5 = version == MqttVersion.MQTT_5;
    boolean hasPacketId = p.qos() != MqttQoS.AT_MOST_ONCE;
    MqttProperties properties = p.properties();
    int propertiesRoom = v5 ? propertyBlockLength(properties) : 0;
    ByteBuf payload = p.payload();
    int payloadBytes = payload.readableBytes();
    // Counted in a long: the payload alone may be near 2 GiB (and is refused below).
    long capacity =
        (long) MAX_FIXED_HEADER
            + 2
            + topicRoom
            + (hasPacketId ? 2 : 0)
            + propertiesRoom
            + (withPayload ? payloadBytes : 0);
    if (capacity > Integer.MAX_VALUE) {
      throw new EncoderException("PUBLISH of " + capacity + " bytes is too large for MQTT");
    }
    ByteBuf buf = alloc.ioBuffer((int) capacity);
    try {
      int body = MAX_FIXED_HEADER;
      buf.writerIndex(body + 2);
      int topicBytes = ByteBufUtil.writeUtf8(buf, topic);
      buf.setShort(body, topicBytes);
      if (hasPacketId) {
        buf.writeShort(p.packetId());
      }
      if (v5) {
        writeProperties(buf, properties);
      }
      if (withPayload) {
        buf.writeBytes(payload, payload.readerIndex(), payloadBytes);
      }
      long remaining = (long) buf.writerIndex() - body + (withPayload ? 0 : payloadBytes);
      if (remaining > MqttVarInt.MAX) {
        throw new EncoderException("PUBLISH of " + remaining + " bytes is too large for MQTT");
      }
      int firstByte =
          MqttMessageType.PUBLISH.value() << 4
              | (p.isDup() ? 0x08 : 0)
              | p.qos().value() << 1
              | (p.isRetain() ? 0x01 : 0);
      buf.readerIndex(MqttVarInt.setHeaderBefore(buf, body, firstByte, (int) remaining));
      return buf;
    } catch (RuntimeException e) {
      buf.release();
      throw e;
    }
  }

  private static void writeFixedHeader(ByteBuf buf, MqttMessage msg, int remaining) {
    int flags =
        switch (msg) {
          case MqttPubReplyMessage r -> r.type() == MqttMessageType.PUBREL ? 0x02 : 0;
          case MqttSubscribeMessage ignored -> 0x02;
          case MqttUnsubscribeMessage ignored -> 0x02;
          default -> 0;
        };
    buf.writeByte(msg.type().value() << 4 | flags);
    MqttVarInt.write(buf, remaining);
  }

  private static void writeBody(ByteBuf buf, MqttMessage msg, MqttVersion version) {
    boolean v5 = version == MqttVersion.MQTT_5;
    switch (msg) {
      case MqttPublishMessage ignored -> throw new AssertionError("written by encodePublish");
      case MqttConnectMessage c -> writeConnect(buf, c);
      case MqttConnAckMessage c -> {
        buf.writeByte(c.sessionPresent() ? 1 : 0);
        buf.writeByte(v5 ? c.reasonCode() : MqttReasonCodes.toConnectReturnCode(c.reasonCode()));
        if (v5) {
          writeProperties(buf, c.properties());
        }
      }
      case MqttPubReplyMessage r -> {
        buf.writeShort(r.packetId());
        if (v5) {
          writeCodeAndProperties(buf, r.reasonCode(), r.properties());
        }
      }
      case MqttSubscribeMessage s -> {
        buf.writeShort(s.packetId());
        if (v5) {
          writeProperties(buf, s.properties());
        }
        for (MqttTopicSubscription sub : s.subscriptions()) {
          writeString(buf, sub.topicFilter());
          buf.writeByte(v5 ? sub.option().toByte() : sub.option().qos().value());
        }
      }
      case MqttSubAckMessage s -> {
        buf.writeShort(s.packetId());
        if (v5) {
          writeProperties(buf, s.properties());
        }
        for (int code : s.reasonCodes()) {
          buf.writeByte(v5 ? code : MqttReasonCodes.toSubscribeReturnCode(code));
        }
      }
      case MqttUnsubscribeMessage u -> {
        buf.writeShort(u.packetId());
        if (v5) {
          writeProperties(buf, u.properties());
        }
        for (String filter : u.topicFilters()) {
          writeString(buf, filter);
        }
      }
      case MqttUnsubAckMessage u -> {
        buf.writeShort(u.packetId());
        if (v5) {
          writeProperties(buf, u.properties());
          for (int code : u.reasonCodes()) {
            buf.writeByte(code);
          }
        }
      }
      case MqttPingMessage ignored -> {}
      case MqttDisconnectMessage d -> {
        if (v5) {
          writeCodeAndProperties(buf, d.reasonCode(), d.properties());
        }
      }
      case MqttAuthMessage a -> writeCodeAndProperties(buf, a.reasonCode(), a.properties());
    }
  }

  private static long connectLength(MqttConnectMessage c) {
    boolean v5 = c.version() == MqttVersion.MQTT_5;
    long n = 6L + c.version().protocolName().length();
    if (v5) {
      n += propertyBlockLength(c.properties());
    }
    n += stringLength(c.clientId());
    MqttWill will = c.will();
    if (will != null) {
      if (v5) {
        n += propertyBlockLength(will.properties());
      }
      n += stringLength(will.topic()) + binaryLength(will.payload());
    }
    if (c.username() != null) {
      n += stringLength(c.username());
    }
    if (c.password() != null) {
      n += binaryLength(c.password());
    }
    return n;
  }

  private static void writeConnect(ByteBuf buf, MqttConnectMessage c) {
    MqttVersion version = c.version();
    boolean v5 = version == MqttVersion.MQTT_5;
    buf.writeShort(version.protocolName().length());
    ByteBufUtil.writeAscii(buf, version.protocolName());
    buf.writeByte(version.level());
    MqttWill will = c.will();
    int flags =
        (c.username() != null ? 0x80 : 0)
            | (c.password() != null ? 0x40 : 0)
            | (c.cleanStart() ? 0x02 : 0);
    if (will != null) {
      flags |= 0x04 | will.qos().value() << 3 | (will.retain() ? 0x20 : 0);
    }
    buf.writeByte(flags);
    buf.writeShort(c.keepAliveSeconds());
    if (v5) {
      writeProperties(buf, c.properties());
    }
    writeString(buf, c.clientId());
    if (will != null) {
      if (v5) {
        writeProperties(buf, will.properties());
      }
      writeString(buf, will.topic());
      writeBinary(buf, will.payload());
    }
    if (c.username() != null) {
      writeString(buf, c.username());
    }
    if (c.password() != null) {
      writeBinary(buf, c.password());
    }
  }

  static int publishHeaderLength(MqttPublishMessage p, boolean v5) {
    return stringLength(p.topic())
        + (p.qos() != MqttQoS.AT_MOST_ONCE ? 2 : 0)
        + (v5 ? propertyBlockLength(p.properties()) : 0);
  }

  /** A reason code and properties that may be left out when they are success and none. */
  private static int codeAndProperties(int code, MqttProperties properties) {
    if (properties.isEmpty()) {
      return code == 0 ? 0 : 1;
    }
    return 1 + propertyBlockLength(properties);
  }

  private static void writeCodeAndProperties(ByteBuf buf, int code, MqttProperties properties) {
    if (properties.isEmpty()) {
      if (code != 0) {
        buf.writeByte(code);
      }
      return;
    }
    buf.writeByte(code);
    writeProperties(buf, properties);
  }

  private static int stringLength(String s) {
    int n = s.length();
    // Up to a third of the limit in chars cannot exceed it in bytes: no need to count then.
    int bytes = n <= 0xFFFF / 3 ? ByteBufUtil.utf8Bytes(s) : checkedUtf8Bytes(s);
    return 2 + bytes;
  }

  private static int checkedUtf8Bytes(String s) {
    int bytes = ByteBufUtil.utf8Bytes(s);
    if (bytes > 0xFFFF) {
      throw new EncoderException("string of " + bytes + " UTF-8 bytes (MQTT allows 65535)");
    }
    return bytes;
  }

  private static int binaryLength(byte[] b) {
    if (b.length > 0xFFFF) {
      throw new EncoderException("binary data of " + b.length + " bytes (MQTT allows 65535)");
    }
    return 2 + b.length;
  }

  static void writeString(ByteBuf buf, String s) {
    int at = buf.writerIndex();
    buf.writeShort(0);
    int n = ByteBufUtil.writeUtf8(buf, s);
    buf.setShort(at, n);
  }

  private static void writeBinary(ByteBuf buf, byte[] b) {
    buf.writeShort(b.length);
    buf.writeBytes(b);
  }

  /** The property block's length including its own length prefix. */
  static int propertyBlockLength(MqttProperties p) {
    int n = propertiesLength(p);
    return MqttVarInt.size(n) + n;
  }

  private static int propertiesLength(MqttProperties p) {
    if (p.isEmpty()) {
      return 0;
    }
    long n = 0;
    for (int i = 0, count = p.singleCount(); i < count; i++) {
      MqttProperty property = MqttProperty.valueOf(p.idAt(i));
      n +=
          1
              + switch (property.type()) {
                case BYTE -> 1;
                case TWO_BYTE_INTEGER -> 2;
                case FOUR_BYTE_INTEGER -> 4;
                case VARIABLE_BYTE_INTEGER -> MqttVarInt.size((int) p.numberAt(i));
                case UTF8_STRING -> stringLength((String) p.objectAt(i));
                case BINARY_DATA -> binaryLength((byte[]) p.objectAt(i));
                case UTF8_STRING_PAIR -> throw new AssertionError();
              };
    }
    for (int i = 0, count = p.subscriptionIdentifierCount(); i < count; i++) {
      n += 1 + MqttVarInt.size(p.subscriptionIdentifier(i));
    }
    for (int i = 0, count = p.userPropertyCount(); i < count; i++) {
      n += 1 + stringLength(p.userPropertyName(i)) + stringLength(p.userPropertyValue(i));
    }
    if (n > MqttVarInt.MAX) {
      throw new EncoderException("properties of " + n + " bytes");
    }
    return (int) n;
  }

  private static void writeProperties(ByteBuf buf, MqttProperties p) {
    if (p.isEmpty()) {
      buf.writeByte(0);
      return;
    }
    int lengthAt = buf.writerIndex();
    // The block's length is known only after the strings are written: reserve its prefix at the
    // size the counted length needs, then fill it in.
    int length = propertiesLength(p);
    MqttVarInt.write(buf, length);
    int start = buf.writerIndex();
    for (int i = 0, count = p.singleCount(); i < count; i++) {
      int id = p.idAt(i);
      buf.writeByte(id);
      switch (MqttProperty.valueOf(id).type()) {
        case BYTE -> buf.writeByte((int) p.numberAt(i));
        case TWO_BYTE_INTEGER -> buf.writeShort((int) p.numberAt(i));
        case FOUR_BYTE_INTEGER -> buf.writeInt((int) p.numberAt(i));
        case VARIABLE_BYTE_INTEGER -> MqttVarInt.write(buf, (int) p.numberAt(i));
        case UTF8_STRING -> writeString(buf, (String) p.objectAt(i));
        case BINARY_DATA -> writeBinary(buf, (byte[]) p.objectAt(i));
        case UTF8_STRING_PAIR -> throw new AssertionError();
      }
    }
    for (int i = 0, count = p.subscriptionIdentifierCount(); i < count; i++) {
      buf.writeByte(MqttProperty.SUBSCRIPTION_IDENTIFIER.id());
      MqttVarInt.write(buf, p.subscriptionIdentifier(i));
    }
    for (int i = 0, count = p.userPropertyCount(); i < count; i++) {
      buf.writeByte(MqttProperty.USER_PROPERTY.id());
      writeString(buf, p.userPropertyName(i));
      writeString(buf, p.userPropertyValue(i));
    }
    assert buf.writerIndex() - start == length : "property length " + lengthAt;
  }
}
