package io.tern.codec.socks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.socks.server.SocksPortUnificationServerHandler;
import io.tern.codec.socks.v4.Socks4ClientDecoder;
import io.tern.codec.socks.v4.Socks4CommandRequest;
import io.tern.codec.socks.v4.Socks4CommandResponse;
import io.tern.codec.socks.v4.Socks4CommandStatus;
import io.tern.codec.socks.v4.Socks4CommandType;
import io.tern.codec.socks.v4.Socks4Encoder;
import io.tern.codec.socks.v4.Socks4ServerDecoder;
import io.tern.codec.socks.v5.Socks5AddressType;
import io.tern.codec.socks.v5.Socks5AuthMethod;
import io.tern.codec.socks.v5.Socks5ClientDecoder;
import io.tern.codec.socks.v5.Socks5CommandRequest;
import io.tern.codec.socks.v5.Socks5CommandResponse;
import io.tern.codec.socks.v5.Socks5CommandStatus;
import io.tern.codec.socks.v5.Socks5CommandType;
import io.tern.codec.socks.v5.Socks5Encoder;
import io.tern.codec.socks.v5.Socks5InitialRequest;
import io.tern.codec.socks.v5.Socks5InitialResponse;
import io.tern.codec.socks.v5.Socks5Message;
import io.tern.codec.socks.v5.Socks5PasswordAuthRequest;
import io.tern.codec.socks.v5.Socks5PasswordAuthResponse;
import io.tern.codec.socks.v5.Socks5ServerDecoder;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SocksCodecTest {

  private static ByteBuf hex(String hex) {
    return Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(hex.replace(" ", "")));
  }

  /** Feeds {@code wire} one byte at a time and returns the messages (buffers as text). */
  private static List<Object> byteByByte(EmbeddedChannel ch, ByteBuf wire) {
    List<Object> got = new ArrayList<>();
    while (wire.isReadable()) {
      ch.writeInbound(wire.readRetainedSlice(1));
      Object o;
      while ((o = ch.readInbound()) != null) {
        if (o instanceof ByteBuf b) {
          got.add(b.toString(StandardCharsets.US_ASCII));
          b.release();
        } else {
          got.add(o);
        }
      }
    }
    wire.release();
    return got;
  }

  @Test
  void socks4ServerDecodesARequestThenPassesTheStreamOn() {
    Socks4ServerDecoder decoder = new Socks4ServerDecoder();
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    // curl --socks4: CONNECT 127.0.0.1:80, empty user id, then relayed bytes.
    List<Object> got = byteByByte(ch, hex("04 01 0050 7f000001 00 474554"));
    assertThat(got)
        .containsExactly(
            new Socks4CommandRequest(Socks4CommandType.CONNECT, "127.0.0.1", 80, ""),
            "G",
            "E",
            "T");
    assertThat(ch.pipeline().context(decoder)).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void socks4aCarriesTheHostNameAfterTheUserId() {
    EmbeddedChannel ch = new EmbeddedChannel(new Socks4ServerDecoder());
    ch.writeInbound(hex("04 01 01bb 00000001 616c696365 00 6578616d706c652e6f7267 00"));
    Socks4CommandRequest req = ch.readInbound();
    assertThat(req)
        .isEqualTo(
            new Socks4CommandRequest(Socks4CommandType.CONNECT, "example.org", 443, "alice"));
    assertThat(req.isSocks4a()).isTrue();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void socks4RequestsAndResponsesRoundTrip() {
    for (Socks4CommandRequest req :
        List.of(
            new Socks4CommandRequest(Socks4CommandType.CONNECT, "10.1.2.3", 8080, "bob"),
            new Socks4CommandRequest(Socks4CommandType.BIND, "host.test", 1, ""))) {
      ByteBuf wire = Unpooled.buffer();
      Socks4Encoder.encode(req, wire);
      EmbeddedChannel ch = new EmbeddedChannel(new Socks4ServerDecoder());
      assertThat(byteByByte(ch, wire)).containsExactly(req);
      assertThat(ch.finish()).isFalse();
    }
    Socks4CommandResponse res =
        new Socks4CommandResponse(Socks4CommandStatus.REJECTED_OR_FAILED, "1.2.3.4", 99);
    ByteBuf wire = Unpooled.buffer();
    Socks4Encoder.encode(res, wire);
    EmbeddedChannel ch = new EmbeddedChannel(new Socks4ClientDecoder());
    assertThat(byteByByte(ch, wire)).containsExactly(res);
    assertThat(res.status().toString()).isEqualTo("REJECTED_OR_FAILED(91)");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void socks4RefusesBadRequests() {
    String user256 = "61".repeat(256);
    for (String bad :
        List.of(
            "05 01 0050 7f000001 00", // version
            "04 03 0050 7f000001 00", // command
            "04 01 0050 7f000001 " + user256 + " 00", // user id over 255
            "04 01 0050 00000001 00 00", // empty 4a host
            "04 01 0050 00000001 00 " + user256 + " 00")) { // 4a host over 255
      EmbeddedChannel ch = new EmbeddedChannel(new Socks4ServerDecoder());
      assertThatThrownBy(() -> ch.writeInbound(hex(bad)))
          .as(bad)
          .isInstanceOf(SocksProtocolException.class);
      assertThat(ch.finishAndReleaseAll()).isFalse();
    }
  }

  @Test
  void socks5ServerDecodesGreetingPasswordAndCommandByteByByte() {
    Socks5ServerDecoder decoder = new Socks5ServerDecoder();
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    ByteBuf wire = Unpooled.buffer();
    List<Socks5Message> sent =
        List.of(
            Socks5InitialRequest.of(Socks5AuthMethod.NO_AUTH, Socks5AuthMethod.PASSWORD),
            new Socks5PasswordAuthRequest("user", "secret"),
            Socks5CommandRequest.of(Socks5CommandType.CONNECT, "example.org", 80));
    sent.forEach(m -> Socks5Encoder.encode(m, wire));
    wire.writeBytes("hi".getBytes(StandardCharsets.US_ASCII));
    List<Object> got = byteByByte(ch, wire);
    assertThat(got.subList(0, 3)).isEqualTo(sent);
    assertThat(got.subList(3, got.size())).containsExactly("h", "i");
    assertThat(ch.pipeline().context(decoder)).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void socks5CommandsCarryEveryAddressType() {
    for (String address : List.of("192.0.2.1", "2001:db8:0:0:0:0:0:1", "a.test")) {
      EmbeddedChannel ch = new EmbeddedChannel(new Socks5ServerDecoder());
      ByteBuf wire = Unpooled.buffer();
      Socks5Encoder.encode(Socks5InitialRequest.of(Socks5AuthMethod.NO_AUTH), wire);
      Socks5CommandRequest req = Socks5CommandRequest.of(Socks5CommandType.CONNECT, address, 7);
      Socks5Encoder.encode(req, wire);
      assertThat(byteByByte(ch, wire)).last().isEqualTo(req);
      assertThat(ch.finish()).isFalse();
    }
    assertThat(Socks5AddressType.of("::1")).isEqualTo(Socks5AddressType.IPv6);
  }

  @Test
  void socks5ClientFollowsTheMethodTheServerChose() {
    EmbeddedChannel ch = new EmbeddedChannel(new Socks5ClientDecoder());
    ByteBuf wire = Unpooled.buffer();
    List<Socks5Message> sent =
        List.of(
            new Socks5InitialResponse(Socks5AuthMethod.PASSWORD),
            Socks5PasswordAuthResponse.SUCCESS,
            new Socks5CommandResponse(
                Socks5CommandStatus.CONNECTION_REFUSED, Socks5AddressType.IPv4, "10.0.0.1", 1080));
    sent.forEach(m -> Socks5Encoder.encode(m, wire));
    assertThat(byteByByte(ch, wire)).isEqualTo(sent);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void socks5ClientExpectsNothingAfterARefusal() {
    EmbeddedChannel ch = new EmbeddedChannel(new Socks5ClientDecoder());
    ch.writeInbound(hex("05ff 0500"));
    assertThat(ch.<Object>readInbound())
        .isEqualTo(new Socks5InitialResponse(Socks5AuthMethod.UNACCEPTED));
    assertThat(ch.<Object>readInbound()).isNull();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void socks5RefusesBadMessages() {
    for (String bad :
        List.of(
            "04 01 00", // version
            "05 00", // no methods
            "05 01 00 05 09 00 01 7f000001 0050", // command 9
            "05 01 00 05 01 01 01 7f000001 0050", // reserved byte
            "05 01 00 05 01 00 02 7f000001 0050", // address type 2
            "05 01 00 05 01 00 03 00 0050")) { // empty host
      EmbeddedChannel ch = new EmbeddedChannel(new Socks5ServerDecoder());
      assertThatThrownBy(() -> ch.writeInbound(hex(bad)))
          .as(bad)
          .isInstanceOf(SocksProtocolException.class);
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void portUnificationInstallsTheCodecOfTheFirstByte() {
    EmbeddedChannel v5 = new EmbeddedChannel(new SocksPortUnificationServerHandler());
    v5.writeInbound(hex("05 01 00"));
    assertThat(v5.<Object>readInbound())
        .isEqualTo(Socks5InitialRequest.of(Socks5AuthMethod.NO_AUTH));
    v5.writeOutbound(new Socks5InitialResponse(Socks5AuthMethod.NO_AUTH));
    ByteBuf answer = v5.readOutbound();
    assertThat(ByteBufUtil.hexDump(answer)).isEqualTo("0500");
    answer.release();
    assertThat(v5.finish()).isFalse();

    EmbeddedChannel v4 = new EmbeddedChannel(new SocksPortUnificationServerHandler());
    v4.writeInbound(hex("04 01 0050 7f000001 00"));
    assertThat(v4.<Object>readInbound()).isInstanceOf(Socks4CommandRequest.class);
    assertThat(v4.finish()).isFalse();

    EmbeddedChannel other = new EmbeddedChannel(new SocksPortUnificationServerHandler());
    assertThatThrownBy(() -> other.writeInbound(hex("474554")))
        .isInstanceOf(SocksProtocolException.class);
    assertThat(other.isOpen()).isFalse();
  }
}
