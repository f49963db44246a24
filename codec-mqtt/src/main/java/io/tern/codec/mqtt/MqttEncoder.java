package io.tern.codec.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Encodes {@link MqttMessage}s in the version the channel speaks ({@link MqttVersion#ATTRIBUTE};
 * 3.1.1 until one is recorded). Encoding a {@link MqttConnectMessage} records its version, so a
 * client's decoder reads the CONNACK in it.
 *
 * <p>Each packet is sized exactly before it is written (UTF-8 lengths counted without encoding),
 * then written into one buffer of that size, strings encoded in place. A PUBLISH whose payload is
 * larger than {@value #COPY_THRESHOLD} bytes is written as two buffers, the header and a retained
 * slice of the payload, so large or fanned-out payloads are never copied. MQTT 5 reason codes are
 * mapped onto 3.1.1 return codes for older versions ({@link MqttReasonCodes}); properties are
 * written only for MQTT 5. Strings are written as given: U+0000 or unpaired surrogates in them are
 * the application's mistake (the latter come out as {@code '?'}).
 *
 * <h2>Threading</h2>
 *
 * Runs on the channel's event loop; it caches the channel's version, so one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * As {@link MessageToMessageEncoder}: each message is released after it is encoded (a PUBLISH
 * payload sent separately keeps its own retained slice until written).
 */
public final class MqttEncoder extends MessageToMessageEncoder<MqttMessage> {
  /** Payloads larger than this many bytes are sent as a buffer of their own, not copied. */
  public static final int COPY_THRESHOLD = 1024;

  private MqttVersion version;

  /** Creates an encoder. */
  public MqttEncoder() {
    super(MqttMessage.class);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, MqttMessage msg, List<Object> out) {
    MqttVersion v;
    if (msg instanceof MqttConnectMessage connect) {
      v = connect.version();
      ctx.channel().attr(MqttVersion.ATTRIBUTE).set(v);
      version = v;
    } else {
      v = version;
      if (v == null) {
        v = ctx.channel().attr(MqttVersion.ATTRIBUTE).get();
        if (v == null) {
          v = MqttVersion.MQTT_3_1_1;
        } else {
          version = v;
        }
      }
    }
    if (msg instanceof MqttPublishMessage publish
        && publish.payload().readableBytes() > COPY_THRESHOLD) {
      out.add(MqttPacketWriter.encodePublishHeader(ctx.alloc(), publish, v));
      out.add(publish.payload().retainedSlice());
      return;
    }
    out.add(MqttPacketWriter.encode(ctx.alloc(), msg, v));
  }

  /**
   * Encodes one message into one new buffer (payload copied), outside any pipeline: for tools,
   * tests and servers that need the bytes. The message is not released.
   *
   * @param alloc allocates the buffer
   * @param msg the message
   * @param version the version to write
   * @return the packet, owned by the caller
   * @throws io.tern.codec.EncoderException if a field is too long for MQTT
   */
  public static ByteBuf encode(ByteBufAllocator alloc, MqttMessage msg, MqttVersion version) {
    return MqttPacketWriter.encode(alloc, msg, version);
  }

  /**
   * Returns the size of a message on the wire, fixed header included: what an MQTT 5 receiver
   * compares with the {@link MqttProperty#MAXIMUM_PACKET_SIZE} it announced.
   *
   * @param msg the message
   * @param version the version it would be written in
   * @return the size in bytes
   * @throws io.tern.codec.EncoderException if a field is too long for MQTT
   */
  public static int packetSize(MqttMessage msg, MqttVersion version) {
    return MqttPacketWriter.packetSize(msg, version);
  }
}
