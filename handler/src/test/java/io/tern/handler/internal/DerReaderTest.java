package io.tern.handler.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DerReaderTest {

  @Test
  void readsBackWhatTheWriterEncodes() {
    byte[] der =
        Der.sequence(
            Der.integer(new BigInteger("-129")),
            Der.oid("1.2.840.113549.1.1.11"),
            Der.octetString(new byte[300]),
            Der.explicit(0, Der.oid("2.999.3")));

    DerReader seq = new DerReader(der).sequence();

    assertThat(seq.integer()).isEqualTo(BigInteger.valueOf(-129));
    assertThat(seq.oid()).isEqualTo("1.2.840.113549.1.1.11");
    assertThat(seq.octetString()).hasSize(300);
    assertThat(seq.enter(0xa0).oid()).isEqualTo("2.999.3");
    assertThat(seq.hasMore()).isFalse();
  }

  @Test
  void encodesLongLengthsInMinimalForm() {
    assertThat(Der.octetString(new byte[127])).startsWith(0x04, 0x7f);
    assertThat(Der.octetString(new byte[128])).startsWith(0x04, 0x81, 0x80);
    assertThat(Der.octetString(new byte[256])).startsWith(0x04, 0x82, 0x01, 0x00);
  }

  @Test
  void encodesKnownObjectIdentifier() {
    // ecPublicKey, from RFC 5480.
    assertThat(Der.oid("1.2.840.10045.2.1"))
        .containsExactly(0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01);
  }

  @Test
  void namedBitsDropTrailingZeroBits() {
    // digitalSignature only: one byte 0x80 with 7 unused bits.
    assertThat(Der.namedBits(0)).containsExactly(0x03, 0x02, 0x07, 0x80);
    // digitalSignature and keyEncipherment: 0xa0 with 5 unused bits.
    assertThat(Der.namedBits(0, 2)).containsExactly(0x03, 0x02, 0x05, 0xa0);
  }

  @Test
  void usesUtcTimeBefore2050AndGeneralizedTimeAfter() {
    assertThat(Der.time(Instant.parse("2049-12-31T23:59:59Z")))
        .startsWith(Der.UTC_TIME, 13)
        .endsWith("491231235959Z".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertThat(Der.time(Instant.parse("2050-01-01T00:00:00Z")))
        .startsWith(Der.GENERALIZED_TIME, 15)
        .endsWith("20500101000000Z".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
  }

  @Test
  void rejectsLengthBeyondTheInput() {
    byte[] der = {0x30, 0x05, 0x02, 0x01, 0x00};
    assertThatThrownBy(() -> new DerReader(der).sequence())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("exceeds");
  }

  @Test
  void rejectsUnexpectedTag() {
    assertThatThrownBy(() -> new DerReader(Der.integer(1)).octetString())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tag 0x4 expected");
  }

  @Test
  void rejectsTruncatedAndIndefiniteLengths() {
    assertThatThrownBy(() -> new DerReader(new byte[] {0x30}).sequence())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DerReader(new byte[] {0x30, (byte) 0x80, 0, 0}).sequence())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unsupported length form");
    assertThatThrownBy(() -> new DerReader(new byte[] {0x30, (byte) 0x82, 0x01}).sequence())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("truncated length");
  }

  @Test
  void neverReadsPastAnEnclosingElement() {
    // The inner INTEGER claims 3 bytes but its SEQUENCE holds only 2 after the header.
    byte[] der = {0x30, 0x03, 0x02, 0x03, 0x01, 0x02, 0x03};
    DerReader seq = new DerReader(der).sequence();
    assertThatThrownBy(seq::integer)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("exceeds");
  }
}
