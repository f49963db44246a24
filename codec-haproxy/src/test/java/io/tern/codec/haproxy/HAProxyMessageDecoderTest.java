package io.tern.codec.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class HAProxyMessageDecoderTest {
  private static InetSocketAddress addr(String literal, int port) {
    return new InetSocketAddress(InetAddress.ofLiteral(literal), port);
  }

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s.getBytes(StandardCharsets.US_ASCII));
  }

  private static ByteBuf hex(String hex) {
    return Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(hex.replace(" ", "")));
  }

  @Test
  void decodesV1Tcp4AndPassesTheRestOn() {
    HAProxyMessageDecoder decoder = new HAProxyMessageDecoder();
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    ch.writeInbound(ascii("PROXY TCP4 192.168.0.1 192.168.0.11 56324 443\r\nGET / HTTP/1.1\r\n"));
    HAProxyMessage m = ch.readInbound();
    assertThat(m.protocolVersion()).isEqualTo(HAProxyProtocolVersion.V1);
    assertThat(m.command()).isEqualTo(HAProxyCommand.PROXY);
    assertThat(m.proxiedProtocol()).isEqualTo(HAProxyProxiedProtocol.TCP4);
    assertThat(m.sourceAddress()).isEqualTo("192.168.0.1");
    assertThat(m.destinationAddress()).isEqualTo("192.168.0.11");
    assertThat(m.sourcePort()).isEqualTo(56324);
    assertThat(m.destinationPort()).isEqualTo(443);
    assertThat(m.sourceSocketAddress()).isEqualTo(addr("192.168.0.1", 56324));
    ByteBuf rest = ch.readInbound();
    assertThat(rest.toString(StandardCharsets.US_ASCII)).isEqualTo("GET / HTTP/1.1\r\n");
    rest.release();
    assertThat(ch.pipeline().context(decoder)).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void decodesV1Tcp6ByteByByte() {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    byte[] header =
        "PROXY TCP6 2001:db8::1 ::ffff:10.0.0.1 1 65535\r\n".getBytes(StandardCharsets.US_ASCII);
    for (byte b : header) {
      ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    HAProxyMessage m = ch.readInbound();
    assertThat(m.proxiedProtocol()).isEqualTo(HAProxyProxiedProtocol.TCP6);
    assertThat(m.sourceAddress()).isEqualTo("2001:db8:0:0:0:0:0:1");
    assertThat(m.destinationAddress()).isEqualTo("0:0:0:0:0:ffff:a00:1");
    assertThat(m.sourcePort()).isEqualTo(1);
    assertThat(m.destinationPort()).isEqualTo(65535);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void decodesV1UnknownIgnoringTheRestOfTheLine() {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    ch.writeInbound(ascii("PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n"));
    HAProxyMessage m = ch.readInbound();
    assertThat(m.proxiedProtocol()).isEqualTo(HAProxyProxiedProtocol.UNKNOWN);
    assertThat(m.sourceSocketAddress()).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void refusesMalformedV1HeadersAndClosesTheChannel() {
    for (String bad :
        List.of(
            "PROXY TCP4 192.168.0.1 192.168.0.11 56324\r\n",
            "PROXY TCP4 192.168.0.1 192.168.0.11 56324 443 extra\r\n",
            "PROXY TCP4 192.168.0.01 192.168.0.11 1 2\r\n",
            "PROXY TCP4 256.1.1.1 1.1.1.1 1 2\r\n",
            "PROXY TCP4 ::1 ::1 1 2\r\n",
            "PROXY TCP6 1.2.3.4 ::1 1 2\r\n",
            "PROXY TCP4 1.2.3.4 1.2.3.4 65536 2\r\n",
            "PROXY TCP4 1.2.3.4  1.2.3.4 1 2\r\n",
            "PROXY UDP4 1.2.3.4 1.2.3.4 1 2\r\n",
            "PROXY TCP4 1.2.3.4 1.2.3.4 1 2\n",
            "GET / HTTP/1.1\r\n")) {
      EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
      assertThatThrownBy(() -> ch.writeInbound(ascii(bad)))
          .as(bad)
          .isInstanceOf(HAProxyProtocolException.class);
      assertThat(ch.isOpen()).as(bad).isFalse();
      assertThat(ch.finishAndReleaseAll()).isFalse();
    }
  }

  @Test
  void refusesAV1HeaderWithoutLineEndIn107Bytes() {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    String longLine = "PROXY UNKNOWN " + "x".repeat(93);
    assertThat(longLine).hasSize(107);
    assertThatThrownBy(() -> ch.writeInbound(ascii(longLine)))
        .isInstanceOf(HAProxyProtocolException.class)
        .hasMessageContaining("107");
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void acceptsAV1HeaderOfExactly107Bytes() {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    String line = "PROXY UNKNOWN " + "x".repeat(91) + "\r\n";
    assertThat(line).hasSize(107);
    ch.writeInbound(ascii(line));
    assertThat((HAProxyMessage) ch.readInbound()).isNotNull();
    assertThat(ch.finish()).isFalse();
  }

  // The example of the specification's section 2.2 as haproxy writes it: TCP4, no TLVs.
  static final String V2_TCP4 = "0d0a0d0a000d0a515549540a 21 11 000c c0a80001 c0a8000b dc04 01bb";

  @Test
  void decodesV2Tcp4() {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    ch.writeInbound(hex(V2_TCP4 + "414243"));
    HAProxyMessage m = ch.readInbound();
    assertThat(m.protocolVersion()).isEqualTo(HAProxyProtocolVersion.V2);
    assertThat(m.proxiedProtocol()).isEqualTo(HAProxyProxiedProtocol.TCP4);
    assertThat(m.sourceSocketAddress()).isEqualTo(addr("192.168.0.1", 56324));
    assertThat(m.destinationSocketAddress()).isEqualTo(addr("192.168.0.11", 443));
    ByteBuf rest = ch.readInbound();
    assertThat(rest.toString(StandardCharsets.US_ASCII)).isEqualTo("ABC");
    rest.release();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void decodesV2LocalWithoutReadingItsBlock() {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    ch.writeInbound(hex("0d0a0d0a000d0a515549540a 20 00 0003 ffffff"));
    HAProxyMessage m = ch.readInbound();
    assertThat(m.command()).isEqualTo(HAProxyCommand.LOCAL);
    assertThat(m.sourceSocketAddress()).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void roundTripsEveryFamilyWithTlvsAndChecksCrc32c() {
    List<HAProxyMessage> messages =
        List.of(
            HAProxyMessage.inet(
                HAProxyProtocolVersion.V2,
                HAProxyProxiedProtocol.TCP6,
                addr("2001:db8::7", 1234),
                addr("::1", 80)),
            HAProxyMessage.inet(
                    HAProxyProtocolVersion.V2,
                    HAProxyProxiedProtocol.UDP4,
                    addr("10.1.2.3", 53),
                    addr("10.1.2.4", 5353))
                .withTlvs(
                    List.of(
                        HAProxyTLV.of(HAProxyTLV.Type.ALPN, "h2"),
                        HAProxyTLV.of(HAProxyTLV.Type.AUTHORITY, "example.com"),
                        HAProxySSLTLV.of(
                            HAProxySSLTLV.PP2_CLIENT_SSL | HAProxySSLTLV.PP2_CLIENT_CERT_CONN,
                            0,
                            List.of(
                                HAProxyTLV.of(HAProxyTLV.Type.SSL_VERSION, "TLSv1.3"),
                                HAProxyTLV.of(HAProxyTLV.Type.SSL_CN, "client"))),
                        HAProxyTLV.of(0xe1, new byte[] {1, 2, 3}),
                        HAProxyTLV.crc32c())),
            HAProxyMessage.unix(HAProxyProxiedProtocol.UNIX_STREAM, "/run/a.sock", "/run/b.sock"),
            HAProxyMessage.unknown(HAProxyProtocolVersion.V2),
            HAProxyMessage.local(),
            HAProxyMessage.inet(
                HAProxyProtocolVersion.V1,
                HAProxyProxiedProtocol.TCP4,
                addr("127.0.0.1", 40000),
                addr("127.0.0.2", 8080)),
            HAProxyMessage.unknown(HAProxyProtocolVersion.V1));
    for (HAProxyMessage sent : messages) {
      ByteBuf wire = Unpooled.buffer();
      HAProxyMessageEncoder.encode(sent, wire);
      EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
      ch.writeInbound(wire);
      HAProxyMessage got = ch.readInbound();
      HAProxyTLV crc = got.tlv(HAProxyTLV.Type.CRC32C);
      if (crc != null) {
        // The encoder filled in the checksum; compare the rest.
        assertThat(got.tlvs()).hasSize(sent.tlvs().size());
        assertThat(got.tlvs().subList(0, 4)).isEqualTo(sent.tlvs().subList(0, 4));
      } else {
        assertThat(got).as(sent.toString()).isEqualTo(sent);
      }
      assertThat(ch.finish()).isFalse();
    }
  }

  @Test
  void exposesTheSslFieldAndItsSubFields() {
    HAProxyMessage sent =
        HAProxyMessage.inet(
                HAProxyProtocolVersion.V2,
                HAProxyProxiedProtocol.TCP4,
                addr("10.0.0.1", 1),
                addr("10.0.0.2", 2))
            .withTlvs(
                List.of(
                    HAProxySSLTLV.of(
                        HAProxySSLTLV.PP2_CLIENT_SSL,
                        0,
                        List.of(
                            HAProxyTLV.of(HAProxyTLV.Type.SSL_VERSION, "TLSv1.3"),
                            HAProxyTLV.of(HAProxyTLV.Type.SSL_CIPHER, "TLS_AES_128_GCM_SHA256")))));
    ByteBuf wire = Unpooled.buffer();
    HAProxyMessageEncoder.encode(sent, wire);
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    ch.writeInbound(wire);
    HAProxyMessage got = ch.readInbound();
    HAProxySSLTLV ssl = (HAProxySSLTLV) got.tlv(HAProxyTLV.Type.SSL);
    assertThat(ssl.isPP2ClientSSL()).isTrue();
    assertThat(ssl.isPP2ClientCertConn()).isFalse();
    assertThat(ssl.verify()).isZero();
    assertThat(ssl.version()).isEqualTo("TLSv1.3");
    assertThat(ssl.cipher()).isEqualTo("TLS_AES_128_GCM_SHA256");
    assertThat(ssl.commonName()).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void refusesAHeaderWhoseCrc32cDoesNotMatch() {
    HAProxyMessage sent =
        HAProxyMessage.inet(
                HAProxyProtocolVersion.V2,
                HAProxyProxiedProtocol.TCP4,
                addr("10.0.0.1", 1),
                addr("10.0.0.2", 2))
            .withTlvs(List.of(HAProxyTLV.crc32c()));
    ByteBuf wire = Unpooled.buffer();
    HAProxyMessageEncoder.encode(sent, wire);
    wire.setByte(17, wire.getByte(17) ^ 1); // one bit of the source address
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    assertThatThrownBy(() -> ch.writeInbound(wire))
        .isInstanceOf(HAProxyProtocolException.class)
        .hasMessageContaining("CRC32C mismatch");
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void refusesAV2HeaderOverTheLimitBeforeBufferingIt() {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder(300));
    // Claims 65535 bytes; only the fixed part is sent.
    assertThatThrownBy(() -> ch.writeInbound(hex("0d0a0d0a000d0a515549540a 21 11 ffff")))
        .isInstanceOf(HAProxyProtocolException.class)
        .hasMessageContaining("exceeds the limit of 300");
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void refusesMalformedV2Headers() {
    for (String bad :
        List.of(
            "0d0a0d0a000d0a515549540a 11 11 000c c0a80001 c0a8000b dc04 01bb", // version 1
            "0d0a0d0a000d0a515549540a 22 11 000c c0a80001 c0a8000b dc04 01bb", // command 2
            "0d0a0d0a000d0a515549540a 21 13 000c c0a80001 c0a8000b dc04 01bb", // family 0x13
            "0d0a0d0a000d0a515549540a 21 11 000b c0a80001 c0a8000b dc04 01", // short addresses
            "0d0a0d0a000d0a515549540a 21 11 000e c0a80001 c0a8000b dc04 01bb 0100", // cut TLV
            "0d0a0d0a000d0a515549540a 21 11 0010 c0a80001 c0a8000b dc04 01bb 010005 6832", // overrun
            "0d0a0d0a000d0a515549540a 21 11 0013 c0a80001 c0a8000b dc04 01bb 030004 00000000 01",
            "0d0a0d0a000d0a515549540a 21 11 0015 c0a80001 c0a8000b dc04 01bb 200006 0100000000"
                + "21", // a truncated sub-field in the SSL field
            "0d0a0d0a000d0a515549540a 21 11 0012 c0a80001 c0a8000b dc04 01bb 200003 010000",
            "0d0a0d0a000d0a515549540b")) { // signature
      EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
      assertThatThrownBy(() -> ch.writeInbound(hex(bad)))
          .as(bad)
          .isInstanceOf(HAProxyProtocolException.class);
      assertThat(ch.isOpen()).as(bad).isFalse();
      assertThat(ch.finishAndReleaseAll()).isFalse();
    }
  }

  @Test
  void decodesAUnixHeaderToASocketPath() {
    ByteBuf wire = Unpooled.buffer();
    HAProxyMessageEncoder.encode(
        HAProxyMessage.unix(HAProxyProxiedProtocol.UNIX_STREAM, "/tmp/client", "/tmp/server"),
        wire);
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder());
    ch.writeInbound(wire);
    HAProxyMessage m = ch.readInbound();
    assertThat(m.sourceSocketAddress()).isEqualTo(UnixDomainSocketAddress.of("/tmp/client"));
    assertThat(m.destinationAddress()).isEqualTo("/tmp/server");
    assertThat(ch.finish()).isFalse();
  }
}
