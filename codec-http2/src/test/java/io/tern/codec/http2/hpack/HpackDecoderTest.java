package io.tern.codec.http2.hpack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.hpack.HpackStories.Field;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class HpackDecoderTest {
  private final HpackDecoder decoder = new HpackDecoder(Long.MAX_VALUE);

  @Test
  void decodesTheRfcRequestExamplesWithHuffmanCoding() throws HpackException {
    // RFC 7541, C.4.1 to C.4.3: three requests sharing a table.
    assertThat(decode("828684418cf1e3c2e5f23a6ba0ab90f4ff"))
        .containsExactly(
            f(":method", "GET"),
            f(":scheme", "http"),
            f(":path", "/"),
            f(":authority", "www.example.com"));
    assertThat(decode("828684be5886a8eb10649cbf"))
        .containsExactly(
            f(":method", "GET"),
            f(":scheme", "http"),
            f(":path", "/"),
            f(":authority", "www.example.com"),
            f("cache-control", "no-cache"));
    assertThat(decode("828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf"))
        .containsExactly(
            f(":method", "GET"),
            f(":scheme", "https"),
            f(":path", "/index.html"),
            f(":authority", "www.example.com"),
            f("custom-key", "custom-value"));
    assertThat(decoder.dynamicTableSize()).isEqualTo(164);
  }

  @Test
  void decodesTheRfcResponseExamplesWithEviction() throws HpackException {
    // RFC 7541, C.5: a 256-byte table, entries evicted.
    decoder.maxHeaderTableSize(256);
    decode("3fe101"); // size update to 256 (required: the maximum was lowered)
    decode(
        "4803333032580770726976617465611d4d6f6e2c203231204f637420323031332032303a31333a32312047"
            + "4d546e1768747470733a2f2f7777772e6578616d706c652e636f6d");
    assertThat(decoder.dynamicTableSize()).isEqualTo(222);
    assertThat(decode("4803333037c1c0bf"))
        .containsExactly(
            f(":status", "307"),
            f("cache-control", "private"),
            f("date", "Mon, 21 Oct 2013 20:13:21 GMT"),
            f("location", "https://www.example.com"));
    assertThat(decoder.dynamicTableSize()).isEqualTo(222);
  }

  @Test
  void stopsHandingOutFieldsPastTheListSizeButKeepsTheTableInStep() throws HpackException {
    HpackDecoder small = new HpackDecoder(60);
    List<Field> got = new ArrayList<>();
    // custom-key: custom-value (with indexing, 54 bytes), then the same again as a literal
    // without indexing, then another indexed literal "a: b".
    ByteBuf block =
        hex(
            "400a637573746f6d2d6b65790c637573746f6d2d76616c7565"
                + "000a637573746f6d2d6b65790c637573746f6d2d76616c7565"
                + "4001610162");
    try {
      assertThat(small.decode(block, (n, v) -> got.add(f(n.toString(), v.toString())))).isFalse();
    } finally {
      block.release();
    }
    assertThat(got).containsExactly(f("custom-key", "custom-value"));
    // Both indexed literals went into the table all the same: 54 + 34 bytes.
    assertThat(small.dynamicTableSize()).isEqualTo(88);
  }

  @Test
  void rejectsIndexZero() {
    assertThatThrownBy(() -> decode("80")).isInstanceOf(HpackException.class);
  }

  @Test
  void rejectsAnIndexPastTheTables() {
    assertThatThrownBy(() -> decode("be")).isInstanceOf(HpackException.class); // 62, table empty
  }

  @Test
  void rejectsATableSizeUpdateAfterAField() {
    assertThatThrownBy(() -> decode("823f00")).isInstanceOf(HpackException.class);
  }

  @Test
  void rejectsATableSizeUpdateAboveTheSetting() {
    assertThatThrownBy(() -> decode("3fe21f")).isInstanceOf(HpackException.class); // 4097
  }

  @Test
  void requiresAnUpdateAfterTheSettingWasLowered() throws HpackException {
    decoder.maxHeaderTableSize(100);
    assertThatThrownBy(() -> decode("82")).isInstanceOf(HpackException.class);
    HpackDecoder other = new HpackDecoder(Long.MAX_VALUE);
    other.maxHeaderTableSize(100);
    List<Field> got = new ArrayList<>();
    ByteBuf b = hex("3f4582"); // update to 100, then :method GET
    try {
      other.decode(b, (n, v) -> got.add(f(n.toString(), v.toString())));
    } finally {
      b.release();
    }
    assertThat(got).containsExactly(f(":method", "GET"));
  }

  @Test
  void rejectsIntegersThatOverflow() {
    assertThatThrownBy(() -> decode("ffffffffff0f")).isInstanceOf(HpackException.class);
    assertThatThrownBy(() -> decode("ff8080808080808000")).isInstanceOf(HpackException.class);
  }

  @Test
  void rejectsTruncatedInput() {
    assertThatThrownBy(() -> decode("ff")).isInstanceOf(HpackException.class);
    assertThatThrownBy(() -> decode("40")).isInstanceOf(HpackException.class);
    assertThatThrownBy(() -> decode("400a6375")).isInstanceOf(HpackException.class);
  }

  @Test
  void readsBlocksFromNativeBuffersToo() throws HpackException {
    ByteBuf direct = Unpooled.directBuffer();
    try {
      direct.writeBytes(HexFormat.of().parseHex("828684418cf1e3c2e5f23a6ba0ab90f4ff"));
      List<Field> got = new ArrayList<>();
      decoder.decode(direct, (n, v) -> got.add(f(n.toString(), v.toString())));
      assertThat(got).contains(f(":authority", "www.example.com"));
      assertThat(direct.readerIndex()).isZero();
    } finally {
      direct.release();
    }
  }

  private List<Field> decode(String hex) throws HpackException {
    List<Field> out = new ArrayList<>();
    ByteBuf b = hex(hex);
    try {
      decoder.decode(b, (n, v) -> out.add(f(n.toString(), v.toString())));
    } finally {
      b.release();
    }
    return out;
  }

  static ByteBuf hex(String hex) {
    return Unpooled.wrappedBuffer(HexFormat.of().parseHex(hex));
  }

  static Field f(String n, String v) {
    return new Field(n, v);
  }
}
