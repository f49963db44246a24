package io.tern.codec.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Feeds bytes to a fresh decoder in chunks of given sizes and records what comes out, in the order
 * it comes out: each message as text, a rejection as {@code !} and its reason code. Every message
 * recorded is also encoded again and decoded by a fresh decoder, which must give the same text.
 */
final class MqttFeed {
  private MqttFeed() {}

  /**
   * Feeds {@code input} in chunks of {@code splits} bytes.
   *
   * @param server a server's decoder (else a client's)
   * @param version the version: of the CONNECT a server decoded first, or the client's
   * @param connectFirst whether a server decodes a CONNECT of {@code version} first
   */
  static List<String> feed(
      boolean server, MqttVersion version, boolean connectFirst, byte[] input, int[] splits) {
    MqttDecoderLimits limits = new MqttDecoderLimits(2048, 64, 64, 8, 8);
    EmbeddedChannel ch;
    if (server) {
      ch = new EmbeddedChannel(MqttDecoder.forServer(limits));
      if (connectFirst) {
        ch.writeInbound(Unpooled.wrappedBuffer(MqttWire.bytes(MqttWire.connect(version), version)));
        ReferenceCountUtil.release(ch.readInbound());
      }
    } else {
      ch = new EmbeddedChannel(MqttDecoder.forClient(limits));
      ch.attr(MqttVersion.ATTRIBUTE).set(version);
    }
    List<String> events = new ArrayList<>();
    int at = 0;
    try {
      for (int size : splits) {
        MqttDecoderException rejected = null;
        try {
          ch.writeInbound(Unpooled.copiedBuffer(input, at, size));
        } catch (MqttDecoderException e) {
          rejected = e;
        }
        at += size;
        // The packets decoded from a chunk before a bad one were passed on before the exception
        // was raised: they are recorded first, so that the record does not depend on the cuts.
        for (Object m; (m = ch.readInbound()) != null; ) {
          events.add(describe((MqttMessage) m, ch.attr(MqttVersion.ATTRIBUTE).get(), server));
        }
        if (rejected != null) {
          events.add("!" + rejected.reasonCode());
        }
      }
    } finally {
      ch.finishAndReleaseAll();
    }
    return events;
  }

  /** Records a message and checks that its own encoding decodes to the same record. */
  private static String describe(MqttMessage m, MqttVersion version, boolean server) {
    try {
      String text = text(m);
      ByteBuf encoded = MqttEncoder.encode(UnpooledByteBufAllocator.DEFAULT, m, version);
      EmbeddedChannel again =
          new EmbeddedChannel(
              server
                  ? MqttDecoder.forServer(MqttDecoderLimits.DEFAULT)
                  : MqttDecoder.forClient(MqttDecoderLimits.DEFAULT));
      again.attr(MqttVersion.ATTRIBUTE).set(version);
      try {
        if (server && !(m instanceof MqttConnectMessage)) {
          again.writeInbound(
              Unpooled.wrappedBuffer(MqttWire.bytes(MqttWire.connect(version), version)));
          ReferenceCountUtil.release(again.readInbound());
        }
        again.writeInbound(encoded);
        Object decoded = again.readInbound();
        try {
          assertThat(text((MqttMessage) decoded)).isEqualTo(text);
        } finally {
          ReferenceCountUtil.release(decoded);
        }
      } finally {
        again.finishAndReleaseAll();
      }
      return text;
    } finally {
      ReferenceCountUtil.release(m);
    }
  }

  private static String text(MqttMessage m) {
    return switch (m) {
      case MqttPublishMessage p -> p + ByteBufUtil.hexDump(p.payload());
      case MqttSubAckMessage s ->
          "SUBACK " + s.packetId() + Arrays.toString(s.reasonCodes()) + s.properties();
      case MqttUnsubAckMessage u ->
          "UNSUBACK " + u.packetId() + Arrays.toString(u.reasonCodes()) + u.properties();
      case MqttConnectMessage c ->
          c.version()
              + c.clientId()
              + c.cleanStart()
              + c.keepAliveSeconds()
              + c.username()
              + (c.password() == null ? "-" : ByteBufUtil.hexDump(c.password()))
              + (c.will() == null
                  ? "-"
                  : c.will().topic()
                      + ByteBufUtil.hexDump(c.will().payload())
                      + c.will().qos()
                      + c.will().retain()
                      + c.will().properties())
              + c.properties();
      default -> m.toString();
    };
  }
}
