package io.tern.codec.dns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import java.net.InetAddress;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class DnsMessagesTest {

  private static DnsMessage roundTrip(DnsMessage m) {
    ByteBuf buf = Unpooled.buffer();
    try {
      DnsMessages.encode(m, buf);
      DnsMessage back = DnsMessages.decode(buf, DnsLimits.DEFAULT);
      assertThat(buf.isReadable()).isFalse();
      return back;
    } finally {
      buf.release();
    }
  }

  private static ByteBuf hex(String s) {
    return Unpooled.wrappedBuffer(HexFormat.of().parseHex(s.replace(" ", "")));
  }

  @Test
  void everyRecordTypeSurvivesARoundTrip() throws Exception {
    DnsMessage m =
        DnsMessage.builder()
            .id(0xBEEF)
            .response(true)
            .authoritative(true)
            .recursionDesired(true)
            .recursionAvailable(true)
            .addQuestion(DnsQuestion.of("example.org", DnsRecordType.ANY))
            .addAnswer(
                new DnsAddressRecord("example.org.", 1, 300, InetAddress.ofLiteral("192.0.2.1")))
            .addAnswer(
                new DnsAddressRecord("example.org.", 1, 300, InetAddress.ofLiteral("2001:db8::1")))
            .addAnswer(
                new DnsNameRecord("www.example.org.", DnsRecordType.CNAME, 1, 60, "example.org."))
            .addAnswer(new DnsMxRecord("example.org.", 1, 60, 10, "mail.example.org."))
            .addAnswer(
                new DnsTxtRecord("example.org.", 1, 60, List.of("v=spf1 -all", "", "\u00ff")))
            .addAnswer(
                new DnsSrvRecord("_sip._tcp.example.org.", 1, 60, 1, 2, 5060, "sip.example.org."))
            .addAnswer(new DnsCaaRecord("example.org.", 1, 60, 0, "issue", "ca.example.net"))
            .addAnswer(
                new DnsSvcbRecord(
                    "example.org.",
                    DnsRecordType.HTTPS,
                    1,
                    60,
                    1,
                    ".",
                    List.of(
                        new DnsSvcbRecord.Param(
                            DnsSvcbRecord.KEY_ALPN, DnsBytes.of((byte) 2, (byte) 'h', (byte) '2')),
                        new DnsSvcbRecord.Param(
                            DnsSvcbRecord.KEY_PORT, DnsBytes.of((byte) 1, (byte) 0xBB)))))
            .addAnswer(
                new DnsRawRecord(
                    "example.org.", DnsRecordType.valueOf(99), 1, 60, DnsBytes.of((byte) 7)))
            .addAuthority(
                new DnsNameRecord("example.org.", DnsRecordType.NS, 1, 60, "ns1.example.org."))
            .addAuthority(
                new DnsSoaRecord(
                    "example.org.",
                    1,
                    60,
                    "ns1.example.org.",
                    "hostmaster.example.org.",
                    0xFFFF_FFFFL,
                    7200,
                    3600,
                    1209600,
                    300))
            .addAdditional(
                new DnsNameRecord(
                    "1.2.0.192.in-addr.arpa.", DnsRecordType.PTR, 1, 60, "example.org."))
            .edns(
                new Edns(
                    1232,
                    0,
                    true,
                    List.of(
                        new EdnsClientSubnetOption(24, 0, InetAddress.ofLiteral("198.51.100.0")),
                        new EdnsRawOption(10, DnsBytes.of((byte) 1, (byte) 2)))))
            .build();
    assertThat(roundTrip(m)).isEqualTo(m);
  }

  @Test
  void compressesRepeatedNamesWithPointers() {
    DnsMessage m =
        DnsMessage.builder()
            .addQuestion(DnsQuestion.of("www.example.org.", DnsRecordType.A))
            .addAnswer(
                new DnsNameRecord("www.example.org.", DnsRecordType.CNAME, 1, 1, "example.org."))
            .build();
    ByteBuf buf = Unpooled.buffer();
    DnsMessages.encode(m, buf);
    // Header 12, question 17+4, answer owner as a pointer (2) + 10, data a pointer into "www..."
    assertThat(buf.readableBytes()).isEqualTo(12 + 17 + 4 + 2 + 10 + 2);
    assertThat(ByteBufUtil.hexDump(buf, 12 + 21, 2)).isEqualTo("c00c");
    assertThat(ByteBufUtil.hexDump(buf, buf.writerIndex() - 2, 2)).isEqualTo("c010");
    buf.release();
  }

  @Test
  void compressionKeepsTheCaseOfEveryName() {
    DnsMessage m =
        DnsMessage.builder()
            .addQuestion(DnsQuestion.of("WWW.Example.ORG.", DnsRecordType.A))
            .addAnswer(
                new DnsAddressRecord("www.example.org.", 1, 1, InetAddress.ofLiteral("192.0.2.1")))
            .build();
    assertThat(roundTrip(m)).isEqualTo(m);
  }

  @Test
  void escapesBytesOutsidePrintableAscii() {
    DnsMessage m =
        DnsMessage.builder()
            .addQuestion(DnsQuestion.of("a\\.b\\032c\\\\.x.", DnsRecordType.A))
            .build();
    DnsMessage back = roundTrip(m);
    assertThat(back.questions().get(0).name()).isEqualTo("a\\.b\\032c\\\\.x.");
  }

  @Test
  void refusesAPointerToItself() {
    // header, one question whose name is a pointer to offset 12 (itself)
    ByteBuf buf = hex("0001 0000 0001 0000 0000 0000 c00c 0001 0001");
    assertThatThrownBy(() -> DnsMessages.decode(buf, DnsLimits.DEFAULT))
        .isInstanceOf(DnsDecoderException.class)
        .hasMessageContaining("point back");
    buf.release();
  }

  @Test
  void refusesPointersThatLoopBetweenTwoNames() {
    // question 1: label "a" then pointer to offset 17 (forward); question 2 at 17: pointer to 12
    ByteBuf buf = hex("0001 0000 0002 0000 0000 0000 0161 c011 0001 0001 c00c 0001 0001");
    assertThatThrownBy(() -> DnsMessages.decode(buf, DnsLimits.DEFAULT))
        .isInstanceOf(DnsDecoderException.class);
    buf.release();
  }

  @Test
  void boundsThePointersFollowedInOneName() {
    // question 1 at 12: "a." with type c00c and class c00f, which double as pointers;
    // question 2 at 19: a pointer to 17 -> 15 -> 12, three jumps in all
    String msg = "0001 0000 0002 0000 0000 0000 016100 c00c c00f c011 0001 0001";
    ByteBuf refused = hex(msg);
    assertThatThrownBy(() -> DnsMessages.decode(refused, new DnsLimits(16, 16, 2)))
        .isInstanceOf(DnsDecoderException.class)
        .hasMessageContaining("pointers");
    refused.release();
    ByteBuf accepted = hex(msg);
    assertThat(DnsMessages.decode(accepted, new DnsLimits(16, 16, 3)).questions().get(1).name())
        .isEqualTo("a.");
    accepted.release();
  }

  @Test
  void enforcesTheCountLimits() {
    ByteBuf buf = hex("0001 0000 0002 0000 0000 0000");
    assertThatThrownBy(() -> DnsMessages.decode(buf, new DnsLimits(1, 16, 16)))
        .isInstanceOf(DnsDecoderException.class)
        .hasMessageContaining("questions");
    buf.release();
    ByteBuf many = hex("0001 0000 0000 ffff 0000 0000");
    assertThatThrownBy(() -> DnsMessages.decode(many, DnsLimits.DEFAULT))
        .isInstanceOf(DnsDecoderException.class)
        .hasMessageContaining("records");
    many.release();
  }

  @Test
  void refusesRecordDataOfTheWrongLength() {
    // one answer: root name, type A, class IN, ttl 0, rdlength 3
    ByteBuf buf = hex("0001 8000 0000 0001 0000 0000 00 0001 0001 00000000 0003 010203");
    assertThatThrownBy(() -> DnsMessages.decode(buf, DnsLimits.DEFAULT))
        .isInstanceOf(DnsDecoderException.class);
    buf.release();
  }

  @Test
  void refusesACutShortMessage() {
    ByteBuf buf = hex("0001 0000 0001 0000 0000 0000 03 7777");
    assertThatThrownBy(() -> DnsMessages.decode(buf, DnsLimits.DEFAULT))
        .isInstanceOf(DnsDecoderException.class);
    buf.release();
  }

  @Test
  void carriesTheExtendedResponseCodeInTheOptRecord() {
    DnsMessage m =
        DnsMessage.builder()
            .response(true)
            .responseCode(DnsResponseCode.BADVERS)
            .edns(Edns.of(1232))
            .build();
    assertThat(roundTrip(m).responseCode()).isEqualTo(DnsResponseCode.BADVERS);
    assertThatThrownBy(() -> DnsMessage.builder().responseCode(DnsResponseCode.BADVERS).build())
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void readsAHighTtlAsZero() {
    ByteBuf buf = hex("0001 8000 0000 0001 0000 0000 00 0001 0001 80000000 0004 c0000201");
    DnsMessage m = DnsMessages.decode(buf, DnsLimits.DEFAULT);
    assertThat(m.answers().get(0).ttl()).isZero();
    buf.release();
  }

  @Test
  void refusesNamesLongerThan255Bytes() {
    String label = "a".repeat(63);
    ByteBuf out = Unpooled.buffer();
    assertThatThrownBy(
            () ->
                DnsMessages.encode(
                    DnsMessage.builder()
                        .addQuestion(
                            DnsQuestion.of(
                                String.join(".", label, label, label, label), DnsRecordType.A))
                        .build(),
                    out))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(out.readableBytes()).isZero();
    out.release();
  }

  @Test
  void clientSubnetClearsTheBitsPastThePrefix() {
    EdnsClientSubnetOption o =
        new EdnsClientSubnetOption(20, 0, InetAddress.ofLiteral("198.51.255.255"));
    assertThat(o.address()).isEqualTo(InetAddress.ofLiteral("198.51.240.0"));
  }
}
