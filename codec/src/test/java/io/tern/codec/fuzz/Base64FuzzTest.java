package io.tern.codec.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.codec.base64.Base64;
import io.tern.codec.base64.Base64Dialect;

/**
 * Fuzzes Base64 decoding: any text decodes or fails with a {@link DecoderException} (nothing else,
 * nothing leaked), and whatever the encoder writes decodes back to the same bytes. Regression
 * inputs live under {@code src/test/resources/io/tern/codec/fuzz/Base64FuzzTestInputs}.
 */
class Base64FuzzTest {
  private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;

  @FuzzTest(maxDuration = "30s")
  void decode(FuzzedDataProvider data) {
    Base64Dialect dialect = data.pickValue(Base64Dialect.values());
    boolean direct = data.consumeBoolean();
    byte[] text = data.consumeRemainingAsBytes();
    ByteBuf src = direct ? Unpooled.directBuffer(text.length) : Unpooled.buffer(text.length);
    src.writeBytes(text);
    try {
      try {
        ByteBuf decoded = Base64.decode(src, dialect, ALLOC);
        // Four characters give at most three bytes.
        assertThat(decoded.readableBytes()).isLessThanOrEqualTo(text.length / 4 * 3 + 2);
        decoded.release();
      } catch (DecoderException expected) {
        // invalid text: the typed failure is the behaviour under test
      }
      assertThat(src.readableBytes()).isEqualTo(text.length); // the source is not consumed
    } finally {
      src.release();
    }
  }

  @FuzzTest(maxDuration = "30s")
  void roundTrip(FuzzedDataProvider data) {
    Base64Dialect dialect = data.pickValue(Base64Dialect.values());
    boolean breakLines = data.consumeBoolean();
    byte[] bytes = data.consumeRemainingAsBytes();
    ByteBuf src = Unpooled.wrappedBuffer(bytes);
    ByteBuf encoded = Base64.encode(src, breakLines, dialect, ALLOC);
    try {
      ByteBuf decoded = Base64.decode(encoded, dialect, ALLOC);
      try {
        assertThat(ByteBufUtil.getBytes(decoded)).isEqualTo(bytes);
      } finally {
        decoded.release();
      }
    } finally {
      encoded.release();
      src.release();
    }
  }
}
