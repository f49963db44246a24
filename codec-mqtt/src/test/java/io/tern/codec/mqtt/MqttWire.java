package io.tern.codec.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.transport.embedded.EmbeddedChannel;

/** Test helpers: bytes of packets, and channels that decode them as a server or a client. */
final class MqttWire {
  private MqttWire() {}

  static byte[] bytes(MqttMessage msg, MqttVersion version) {
    ByteBuf buf = MqttEncoder.encode(UnpooledByteBufAllocator.DEFAULT, msg, version);
    try {
      return ByteBufUtil.getBytes(buf);
    } finally {
      buf.release();
    }
  }

  static byte[] hex(String hex) {
    return ByteBufUtil.decodeHexDump(hex.replace(" ", ""));
  }

  static MqttConnectMessage connect(MqttVersion version) {
    return MqttMessageBuilders.connect().version(version).clientId("c1").build();
  }

  /** A server channel that has already decoded a CONNECT of {@code version}. */
  static EmbeddedChannel connectedServer(MqttVersion version) {
    return connectedServer(version, MqttDecoderLimits.DEFAULT);
  }

  static EmbeddedChannel connectedServer(MqttVersion version, MqttDecoderLimits limits) {
    EmbeddedChannel ch = new EmbeddedChannel(MqttDecoder.forServer(limits), new MqttEncoder());
    ch.writeInbound(Unpooled.wrappedBuffer(bytes(connect(version), version)));
    MqttMessage connect = ch.readInbound();
    if (!(connect instanceof MqttConnectMessage)) {
      throw new AssertionError(connect);
    }
    return ch;
  }

  /** A client channel whose encoder wrote a CONNECT of {@code version}. */
  static EmbeddedChannel connectedClient(MqttVersion version) {
    EmbeddedChannel ch =
        new EmbeddedChannel(MqttDecoder.forClient(MqttDecoderLimits.DEFAULT), new MqttEncoder());
    ch.writeOutbound(connect(version));
    ByteBuf out = ch.readOutbound();
    out.release();
    return ch;
  }

  /** Decodes one message of a server-bound packet in a fresh connected server channel. */
  static MqttMessage decodeAsServer(MqttVersion version, byte[] packet) {
    EmbeddedChannel ch = connectedServer(version);
    try {
      ch.writeInbound(Unpooled.wrappedBuffer(packet));
      return ch.readInbound();
    } finally {
      ch.finish();
    }
  }

  static MqttMessage decodeAsClient(MqttVersion version, byte[] packet) {
    EmbeddedChannel ch = connectedClient(version);
    try {
      ch.writeInbound(Unpooled.wrappedBuffer(packet));
      return ch.readInbound();
    } finally {
      ch.finish();
    }
  }
}
