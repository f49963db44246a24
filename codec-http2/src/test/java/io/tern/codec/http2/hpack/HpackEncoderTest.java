package io.tern.codec.http2.hpack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.common.AsciiString;
import org.junit.jupiter.api.Test;

class HpackEncoderTest {
  private final HpackEncoder encoder = new HpackEncoder();

  @Test
  void sendsAWholeStaticMatchAsOneIndexByte() {
    assertThat(encode(":method", "GET", false)).isEqualTo("82");
    assertThat(encode(":status", "200", false)).isEqualTo("88");
  }

  @Test
  void indexesANewFieldAndSendsItAsAnIndexTheSecondTime() {
    assertThat(encode("custom-key", "custom-value", false))
        .isEqualTo("408825a849e95ba97d7f8925a849e95bb8e8b4bf");
    assertThat(encode("custom-key", "custom-value", false)).isEqualTo("be");
    assertThat(encoder.dynamicTableSize()).isEqualTo(54);
  }

  @Test
  void neverIndexesSensitiveFields() {
    String first = encode("authorization", "secret", true);
    assertThat(first).startsWith("1f08"); // 0001 1111, then 23 - 15: static name index 23
    assertThat(encode("authorization", "secret", true)).isEqualTo(first);
    assertThat(encoder.dynamicTableSize()).isZero();
  }

  @Test
  void treatsAuthorizationAndShortCookiesAsSensitiveByDefault() {
    assertThat(HpackEncoder.isSensitiveByDefault(new AsciiString("authorization"), "x")).isTrue();
    assertThat(HpackEncoder.isSensitiveByDefault("proxy-authorization", "x")).isTrue();
    assertThat(HpackEncoder.isSensitiveByDefault("cookie", "a=b")).isTrue();
    assertThat(HpackEncoder.isSensitiveByDefault("cookie", "a=0123456789012345678901")).isFalse();
    assertThat(HpackEncoder.isSensitiveByDefault("content-type", "x")).isFalse();
  }

  @Test
  void announcesTheSmallestAndTheFinalTableSizeAtTheNextBlock() {
    encoder.maxHeaderTableSize(0);
    encoder.maxHeaderTableSize(2048);
    ByteBuf out = Unpooled.buffer();
    try {
      encoder.beginBlock(out);
      assertThat(ByteBufUtil.hexDump(out)).isEqualTo("203fe10f");
      out.clear();
      encoder.beginBlock(out);
      assertThat(out.readableBytes()).isZero();
    } finally {
      out.release();
    }
  }

  @Test
  void sendsAFieldLargerThanTheTableWithoutIndexing() {
    String big = "x".repeat(5000);
    String wire = encode("x-big", big, false);
    assertThat(wire).startsWith("00");
    assertThat(encoder.dynamicTableSize()).isZero();
  }

  @Test
  void sendsStringsShorterThanTheHuffmanMinimumUncoded() {
    HpackEncoder rawBelow512 = new HpackEncoder(4096, 512);
    // RFC 7541 C.3.1's field as a literal with incremental indexing, both strings as they are.
    assertThat(encode(rawBelow512, "custom-key", "custom-value", false))
        .isEqualTo("400a637573746f6d2d6b65790c637573746f6d2d76616c7565");
  }

  @Test
  void findsEveryLiveEntryWhileTheTableGrowsFromEmptyAndEvicts() {
    // 300 entries of 48 bytes through a 4,096-byte table: the ring grows from nothing to 128
    // slots, then evicts; the 85 newest (4,080 bytes) are still there.
    for (int i = 0; i < 300; i++) {
      encode("x-key", String.format("value-%05d", i), false);
    }
    assertThat(encoder.dynamicTableSize()).isEqualTo(85 * 48);
    for (int i = 299; i >= 215; i--) {
      int index = 62 + (299 - i);
      String expected =
          index < 127 ? String.format("%02x", 0x80 | index) : String.format("ff%02x", index - 127);
      assertThat(encode("x-key", String.format("value-%05d", i), false)).isEqualTo(expected);
    }
  }

  private String encode(String name, String value, boolean sensitive) {
    return encode(encoder, name, value, sensitive);
  }

  private static String encode(HpackEncoder encoder, String name, String value, boolean sensitive) {
    ByteBuf out = Unpooled.buffer();
    try {
      encoder.beginBlock(out);
      encoder.encodeHeader(out, name, value, sensitive);
      return ByteBufUtil.hexDump(out);
    } finally {
      out.release();
    }
  }
}
