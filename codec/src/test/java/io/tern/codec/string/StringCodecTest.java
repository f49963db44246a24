package io.tern.codec.string;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.frame.LineBasedFrameDecoder;
import io.tern.transport.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class StringCodecTest {

  @Test
  void linesRoundTripThroughEncoderFramerAndDecoder() {
    EmbeddedChannel out = new EmbeddedChannel(new LineEncoder("\r\n", UTF_8));
    out.writeOutbound("héllo", "wörld");
    EmbeddedChannel in = new EmbeddedChannel(new LineBasedFrameDecoder(64), new StringDecoder());
    ByteBuf b;
    while ((b = out.readOutbound()) != null) {
      in.writeInbound(b);
    }
    assertThat((String) in.readInbound()).isEqualTo("héllo");
    assertThat((String) in.readInbound()).isEqualTo("wörld");
    out.finish();
    in.finish();
  }

  @Test
  void encodesInTheGivenCharset() {
    for (java.nio.charset.Charset cs :
        new java.nio.charset.Charset[] {UTF_8, US_ASCII, ISO_8859_1}) {
      EmbeddedChannel ch = new EmbeddedChannel(new StringEncoder(cs));
      ch.writeOutbound("abc");
      ByteBuf b = ch.readOutbound();
      assertThat(b.toString(cs)).isEqualTo("abc");
      b.release();
      ch.finish();
    }
  }

  @Test
  void decoderReleasesTheBuffer() {
    EmbeddedChannel ch = new EmbeddedChannel(new StringDecoder(ISO_8859_1));
    ByteBuf b = Unpooled.copiedBuffer(new byte[] {(byte) 0xe9});
    ch.writeInbound(b);
    assertThat(b.refCnt()).isZero();
    assertThat((String) ch.readInbound()).isEqualTo("é");
    ch.finish();
  }
}
