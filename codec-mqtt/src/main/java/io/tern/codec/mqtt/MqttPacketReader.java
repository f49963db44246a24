package io.tern.codec.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.codec.mqtt.internal.MqttUtf8;
import java.nio.charset.StandardCharsets;

/**
 * Reads the fields of one packet between a position and a limit of the cumulation, failing with
 * {@link MqttDecoderException} when a field runs past the limit or breaks a rule. One instance per
 * decoder, reset for every packet: decoding allocates no cursor or result objects, and strings are
 * validated in a scratch array the reader keeps.
 */
final class MqttPacketReader {
  private ByteBuf buf;
  private int pos;
  private int limit;
  private MqttMessageType type;
  private MqttVersion version;
  private byte[] scratch = new byte[256];

  void reset(ByteBuf buf, int pos, int limit, MqttMessageType type, MqttVersion version) {
    this.buf = buf;
    this.pos = pos;
    this.limit = limit;
    this.type = type;
    this.version = version;
  }

  /** Drops the reference to the cumulation once the packet is decoded. */
  void clear() {
    buf = null;
  }

  void version(MqttVersion version) {
    this.version = version;
  }

  int pos() {
    return pos;
  }

  int limit() {
    return limit;
  }

  /** Narrows the limit (for a property block) and returns the previous one. */
  int limit(int newLimit) {
    int old = limit;
    limit = newLimit;
    return old;
  }

  int remaining() {
    return limit - pos;
  }

  /**
   * Reads an MQTT 5 reason code that the specification allows in this packet's type. A code it does
   * not list would reach the application as a meaning no peer can have sent, so it breaks the
   * connection as the reserved codes of 3.1.1 do.
   */
  int reasonCode() {
    int code = u8("reason code");
    if (!MqttReasonCodes.isAllowedIn(type, code)) {
      throw fail(
          MqttReasonCodes.MALFORMED_PACKET,
          "reason code 0x" + Integer.toHexString(code) + " not allowed in " + type);
    }
    return code;
  }

  MqttDecoderException fail(int reasonCode, String message) {
    return new MqttDecoderException(reasonCode, type, version, type + ": " + message);
  }

  private void need(int n, String what) {
    if (limit - pos < n) {
      throw fail(MqttReasonCodes.MALFORMED_PACKET, what + " runs past the end of the packet");
    }
  }

  int u8(String what) {
    need(1, what);
    return buf.getUnsignedByte(pos++);
  }

  int u16(String what) {
    need(2, what);
    int v = buf.getUnsignedShort(pos);
    pos += 2;
    return v;
  }

  long u32(String what) {
    need(4, what);
    long v = buf.getUnsignedInt(pos);
    pos += 4;
    return v;
  }

  int varInt(String what) {
    int value = 0;
    for (int i = 0; i < 4; i++) {
      int b = u8(what);
      value |= (b & 0x7F) << (7 * i);
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw fail(MqttReasonCodes.MALFORMED_PACKET, what + ": variable byte integer over 4 bytes");
  }

  int packetId() {
    int id = u16("packet identifier");
    if (id == 0) {
      throw fail(
          version == MqttVersion.MQTT_5
              ? MqttReasonCodes.PROTOCOL_ERROR
              : MqttReasonCodes.MALFORMED_PACKET,
          "packet identifier 0");
    }
    return id;
  }

  /**
   * Reads a length-prefixed UTF-8 string.
   *
   * @param maxBytes the longest accepted encoding
   * @param tooLongReason the reason code when it is longer
   * @param what the field, for messages
   */
  String string(int maxBytes, int tooLongReason, String what) {
    int length = u16(what + " length");
    need(length, what);
    if (length > maxBytes) {
      throw fail(tooLongReason, what + " of " + length + " bytes (limit " + maxBytes + ")");
    }
    if (length == 0) {
      return "";
    }
    byte[] bytes = scratch;
    if (bytes.length < length) {
      bytes = new byte[Math.max(length, Math.min(2 * bytes.length, 0xFFFF))];
      scratch = bytes;
    }
    buf.getBytes(pos, bytes, 0, length);
    if (!MqttUtf8.isValid(bytes, 0, length)) {
      throw fail(MqttReasonCodes.MALFORMED_PACKET, what + " is not valid MQTT UTF-8");
    }
    pos += length;
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }

  /** Reads length-prefixed binary data into a new array. */
  byte[] binary(String what) {
    int length = u16(what + " length");
    need(length, what);
    byte[] bytes = new byte[length];
    buf.getBytes(pos, bytes);
    pos += length;
    return bytes;
  }

  /** Reads the rest of the packet as a retained slice (the payload of PUBLISH). */
  ByteBuf retainedSliceToLimit() {
    ByteBuf slice = buf.retainedSlice(pos, limit - pos);
    pos = limit;
    return slice;
  }

  void expectEnd() {
    if (pos != limit) {
      throw fail(MqttReasonCodes.MALFORMED_PACKET, (limit - pos) + " unexpected trailing bytes");
    }
  }
}
