package io.tern.codec.mqtt;

import static io.tern.codec.mqtt.MqttWire.hex;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Where the input is cut changes nothing: a stream of packets, valid and then possibly bad, decodes
 * to the same messages and the same rejection whether it comes in one chunk, in two chunks cut at
 * any byte, or byte by byte (the property {@link MqttDecoderFuzzTest} fuzzes, pinned here for the
 * inputs that matter). Every decoded message is also re-encoded and decoded again ({@link
 * MqttFeed}).
 */
class MqttDecoderSplitTest {

  /**
   * One stream.
   *
   * @param messages how many messages it decodes to
   * @param end {@code "!"} and the reason code it is rejected with, or {@code null}
   */
  @SuppressWarnings("ArrayRecordComponent") // only read, never compared
  record Stream1(
      String name,
      boolean server,
      MqttVersion version,
      boolean connectFirst,
      byte[] input,
      int messages,
      String end) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Stream1> streams() {
    MqttConnectMessage connectV5 =
        MqttMessageBuilders.connect()
            .version(MqttVersion.MQTT_5)
            .clientId("split")
            .username("u")
            .password(new byte[] {1, 2})
            .will("w/t", new byte[] {9}, MqttQoS.AT_LEAST_ONCE, true)
            .build();
    return Stream.of(
        // The first full fuzzing run's finding (its input as the fuzz target cut it): an MQTT 3.1
        // CONNACK with the reserved return code 32, then a packet of the reserved type 0.
        new Stream1(
            "3.1 CONNACK with reserved return code 32",
            false,
            MqttVersion.MQTT_3_1,
            true,
            hex("20 02 00 20 09 00"),
            0,
            "!129"),
        new Stream1(
            "3.1.1 CONNACK refused, SUBACK, SUBACK with reserved return code",
            false,
            MqttVersion.MQTT_3_1_1,
            true,
            hex("20 02 00 05  90 05 0001 00 02 80  90 03 0002 03"),
            2,
            "!129"),
        new Stream1(
            "5 CONNACK with properties, PUBLISH, PUBREL, PINGRESP, DISCONNECT, then 5-byte length",
            false,
            MqttVersion.MQTT_5,
            true,
            hex(
                "20 06 00 00 03 21 000A  32 0A 0003 612F62 0001 00 6869  62 02 0001  D0 00"
                    + "  E0 02 04 00  30 FF FF FF FF 01"),
            5,
            "!129"),
        new Stream1(
            "5 SUBACK and UNSUBACK with properties and any reason codes",
            false,
            MqttVersion.MQTT_5,
            true,
            hex("90 09 0007 04 1F 0001 78 00 87  B0 06 0008 00 00 11 91"),
            2,
            null),
        new Stream1(
            "3.1.1 PUBLISH, SUBSCRIBE, PINGREQ, then a wildcard in a PUBLISH topic",
            true,
            MqttVersion.MQTT_3_1_1,
            true,
            hex("30 05 0001 61 7878  82 06 0001 0001 23 01  C0 00  30 03 0001 2B"),
            3,
            "!144"),
        new Stream1(
            "5 PINGREQ, then a packet over the size limit",
            true,
            MqttVersion.MQTT_5,
            true,
            hex("C0 00  30 FF 7F 00"),
            1,
            "!149"),
        new Stream1(
            "PUBLISH before CONNECT",
            true,
            MqttVersion.MQTT_5,
            false,
            hex("30 05 0001 61 7878"),
            0,
            "!130"),
        new Stream1(
            "5 CONNECT with a will, then PUBLISH in the version it set",
            true,
            MqttVersion.MQTT_5,
            false,
            concat(
                MqttWire.bytes(connectV5, MqttVersion.MQTT_5), hex("30 06 0001 61 00 7878  E0 00")),
            3,
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void everyCutDecodesWhatTheWholeStreamDecodes(Stream1 s) {
    int n = s.input().length;
    List<String> whole = feed(s, new int[] {n});
    assertThat(whole).hasSize(s.messages() + (s.end() == null ? 0 : 1));
    if (s.end() != null) {
      assertThat(whole).last().isEqualTo(s.end());
    }
    assertThat(whole.stream().filter(e -> e.startsWith("!"))).hasSizeLessThanOrEqualTo(1);
    for (int cut = 1; cut < n; cut++) {
      assertThat(feed(s, new int[] {cut, n - cut})).as("cut at %d", cut).isEqualTo(whole);
    }
    int[] ones = new int[n];
    Arrays.fill(ones, 1);
    assertThat(feed(s, ones)).as("byte by byte").isEqualTo(whole);
  }

  private static List<String> feed(Stream1 s, int[] sizes) {
    return MqttFeed.feed(s.server(), s.version(), s.connectFirst(), s.input(), sizes);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
