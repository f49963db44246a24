package io.tern.codec.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the decoder on both sides and in every version: any bytes, split anywhere, give the same
 * messages as when fed whole, fail only with {@link MqttDecoderException}, and leak nothing. Every
 * message decoded is encoded again (the encoder must accept whatever the decoder produced) and that
 * encoding decodes to an equal message. In the normal build this replays the inputs under {@code
 * src/test/resources/io/tern/codec/mqtt/MqttDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class MqttDecoderFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void serverSide(FuzzedDataProvider data) {
    MqttVersion version = data.pickValue(MqttVersion.values());
    boolean connectFirst = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    int[] splits = splits(data, input.length);
    List<String> whole = feed(true, version, connectFirst, input, new int[] {input.length});
    List<String> split = feed(true, version, connectFirst, input, splits);
    assertThat(split).isEqualTo(whole);
  }

  @FuzzTest(maxDuration = "60s")
  void clientSide(FuzzedDataProvider data) {
    MqttVersion version = data.pickValue(MqttVersion.values());
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    int[] splits = splits(data, input.length);
    List<String> whole = feed(false, version, true, input, new int[] {input.length});
    List<String> split = feed(false, version, true, input, splits);
    assertThat(split).isEqualTo(whole);
  }

  private static List<String> feed(
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
        try {
          ch.writeInbound(Unpooled.copiedBuffer(input, at, size));
        } catch (MqttDecoderException e) {
          events.add("!" + e.reasonCode());
        }
        at += size;
        for (Object m; (m = ch.readInbound()) != null; ) {
          events.add(describe((MqttMessage) m, ch.attr(MqttVersion.ATTRIBUTE).get(), server));
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
      ByteBuf encoded =
          MqttEncoder.encode(io.tern.buffer.UnpooledByteBufAllocator.DEFAULT, m, version);
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
          "SUBACK " + s.packetId() + java.util.Arrays.toString(s.reasonCodes()) + s.properties();
      case MqttUnsubAckMessage u ->
          "UNSUBACK " + u.packetId() + java.util.Arrays.toString(u.reasonCodes()) + u.properties();
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

  private static int[] splits(FuzzedDataProvider data, int length) {
    List<Integer> sizes = new ArrayList<>();
    int left = length;
    while (left > 0) {
      int size =
          data.remainingBytes() > 0 ? data.consumeInt(1, Math.max(1, Math.min(left, 64))) : left;
      size = Math.min(size, left);
      sizes.add(size);
      left -= size;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }
}
