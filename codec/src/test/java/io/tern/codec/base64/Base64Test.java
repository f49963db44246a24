package io.tern.codec.base64;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Base64Test {
  private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;

  @Test
  void encodesLikeTheJdkForEveryLengthAndDialect() {
    Random random = new Random(1);
    for (int length = 0; length < 200; length++) {
      byte[] data = new byte[length];
      random.nextBytes(data);
      ByteBuf src = Unpooled.copiedBuffer(data);
      ByteBuf std = Base64.encode(src, false, Base64Dialect.STANDARD, ALLOC);
      ByteBuf url = Base64.encode(src, false, Base64Dialect.URL_SAFE, ALLOC);
      assertThat(std.toString(US_ASCII))
          .isEqualTo(java.util.Base64.getEncoder().encodeToString(data));
      assertThat(url.toString(US_ASCII))
          .isEqualTo(java.util.Base64.getUrlEncoder().encodeToString(data));
      ByteBuf back = Base64.decode(std, Base64Dialect.STANDARD, ALLOC);
      assertThat(ByteBufUtil.getBytes(back)).isEqualTo(data);
      assertThat(src.readerIndex()).isZero();
      src.release();
      std.release();
      url.release();
      back.release();
    }
  }

  @Test
  void roundTripsLargeInputAcrossBlocksWithLineBreaks() {
    byte[] data = new byte[20_000];
    new Random(2).nextBytes(data);
    ByteBuf src = Unpooled.copiedBuffer(data);
    ByteBuf enc = Base64.encode(src, true, Base64Dialect.STANDARD, ALLOC);
    assertThat(enc.toString(US_ASCII))
        .isEqualTo(
            java.util.Base64.getMimeEncoder(76, new byte[] {(byte) 10}).encodeToString(data));
    ByteBuf back = Base64.decode(enc, Base64Dialect.STANDARD, ALLOC);
    assertThat(ByteBufUtil.getBytes(back)).isEqualTo(data);
    src.release();
    enc.release();
    back.release();
  }

  @Test
  void rejectsInvalidInputWithoutLeaking() {
    for (String bad : new String[] {"AB*D", "A", "AAAA=", "AA=A", "AA==AA"}) {
      ByteBuf src = Unpooled.copiedBuffer(bad, US_ASCII);
      assertThatThrownBy(() -> Base64.decode(src, Base64Dialect.STANDARD, ALLOC))
          .as(bad)
          .isInstanceOf(DecoderException.class);
      src.release();
    }
  }

  @Test
  void handlersRoundTripThroughAPipeline() {
    EmbeddedChannel ch = new EmbeddedChannel(new Base64Encoder(false, Base64Dialect.URL_SAFE));
    ch.writeOutbound(Unpooled.copiedBuffer(new byte[] {(byte) 0xfb, (byte) 0xff}));
    ByteBuf encoded = ch.readOutbound();
    assertThat(encoded.toString(US_ASCII)).isEqualTo("-_8=");
    EmbeddedChannel in = new EmbeddedChannel(new Base64Decoder(Base64Dialect.URL_SAFE));
    in.writeInbound(encoded);
    ByteBuf decoded = in.readInbound();
    assertThat(ByteBufUtil.getBytes(decoded)).containsExactly(0xfb, 0xff);
    decoded.release();
    ch.finish();
    in.finish();
  }
}
