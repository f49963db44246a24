package io.tern.codec.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class ZlibCodecTest {

  static byte[] text(int length, long seed) {
    Random random = new Random(seed);
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) "the quick brown fox ".charAt(random.nextInt(20));
    }
    return b;
  }

  static byte[] gzip(byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  static byte[] deflate(byte[] data, boolean nowrap) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Deflater d = new Deflater(6, nowrap);
    try (DeflaterOutputStream z = new DeflaterOutputStream(out, d)) {
      z.write(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      d.end();
    }
    return out.toByteArray();
  }

  private static String hex(byte[] b) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(b));
  }

  @Test
  void decodesJdkGzipZlibAndRawDeflateWhateverTheSplits() {
    byte[] data = text(5000, 1);
    assertThat(
            SplitFeeding.assertSameBytesAcrossSplits(
                () -> new ZlibDecoder(ZlibWrapper.GZIP), gzip(data), 1))
        .containsExactly(hex(data));
    assertThat(
            SplitFeeding.assertSameBytesAcrossSplits(
                () -> new ZlibDecoder(ZlibWrapper.ZLIB), deflate(data, false), 2))
        .containsExactly(hex(data));
    assertThat(
            SplitFeeding.assertSameBytesAcrossSplits(
                () -> new ZlibDecoder(ZlibWrapper.NONE), deflate(data, true), 3))
        .containsExactly(hex(data));
    for (boolean nowrap : new boolean[] {false, true}) {
      assertThat(
              SplitFeeding.assertSameBytesAcrossSplits(
                  () -> new ZlibDecoder(ZlibWrapper.ZLIB_OR_NONE), deflate(data, nowrap), 4))
          .containsExactly(hex(data));
    }
  }

  @Test
  void decodesConcatenatedGzipMembers() {
    byte[] a = text(300, 2);
    byte[] b = text(700, 3);
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(gzip(a));
    both.writeBytes(gzip(b));
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(a);
    expected.writeBytes(b);
    assertThat(
            SplitFeeding.assertSameBytesAcrossSplits(
                () -> new ZlibDecoder(ZlibWrapper.GZIP), both.toByteArray(), 5))
        .containsExactly(hex(expected.toByteArray()));
  }

  @Test
  void gzipHeaderWithNameCommentExtraAndHeaderCrcIsAccepted() {
    byte[] data = text(100, 4);
    byte[] raw = deflate(data, true);
    ByteArrayOutputStream member = new ByteArrayOutputStream();
    byte[] header = {0x1f, (byte) 0x8b, 8, 0x1e, 0, 0, 0, 0, 0, 3};
    member.writeBytes(header);
    member.writeBytes(new byte[] {3, 0, 'x', 'y', 'z'});
    member.writeBytes("name.txt\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    member.writeBytes("a comment\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    java.util.zip.CRC32 hcrc = new java.util.zip.CRC32();
    hcrc.update(member.toByteArray());
    int h = (int) hcrc.getValue();
    member.write(h);
    member.write(h >>> 8);
    member.writeBytes(raw);
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(data);
    writeIntLE(member, (int) crc.getValue());
    writeIntLE(member, data.length);
    assertThat(
            SplitFeeding.assertSameBytesAcrossSplits(
                () -> new ZlibDecoder(ZlibWrapper.GZIP), member.toByteArray(), 6))
        .containsExactly(hex(data));
  }

  private static void writeIntLE(ByteArrayOutputStream out, int v) {
    out.write(v);
    out.write(v >>> 8);
    out.write(v >>> 16);
    out.write(v >>> 24);
  }

  @Test
  void refusesADecompressionBombOverTheOutputLimit() {
    byte[] bomb = gzip(new byte[8 << 20]);
    assertThat(bomb.length).isLessThan(64 * 1024);
    List<String> events =
        SplitFeeding.feed(
            new ZlibDecoder(ZlibWrapper.GZIP, DecompressionLimits.maxOutput(1 << 20), 8192),
            bomb,
            new int[] {bomb.length},
            false,
            null);
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
    long passedOn =
        events.stream()
            .filter(e -> e.startsWith("hex:"))
            .mapToLong(e -> (e.length() - 4) / 2)
            .sum();
    assertThat(passedOn).isLessThanOrEqualTo(1 << 20);
  }

  @Test
  void refusesAnExpansionRatioOverTheLimit() {
    byte[] bomb = deflate(new byte[4 << 20], false);
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ZlibDecoder(
                ZlibWrapper.ZLIB, new DecompressionLimits(1L << 30, 50, 64 * 1024), 16384));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer(bomb)))
        .isInstanceOf(DecompressionLimitException.class)
        .hasMessageContaining("ratio");
    ch.finishAndReleaseAll();
  }

  @Test
  void rejectsCorruptInputAndDropsTheRest() {
    byte[] good = gzip(text(1000, 7));
    byte[] badCrc = good.clone();
    badCrc[badCrc.length - 6] ^= 1;
    byte[] badMagic = good.clone();
    badMagic[0] = 0x1e;
    byte[] badData = good.clone();
    for (int i = 12; i < 40; i++) {
      badData[i] = (byte) 0xff;
    }
    for (byte[] bad : new byte[][] {badCrc, badMagic, badData}) {
      ZlibDecoder decoder = new ZlibDecoder(ZlibWrapper.GZIP);
      List<String> events = SplitFeeding.feed(decoder, bad, new int[] {bad.length}, false, null);
      assertThat(events).contains("!DecompressionException");
      assertThat(decoder.isClosed()).isTrue();
    }
  }

  @Test
  void encoderOutputIsReadableByTheJdkAfterFinish() throws IOException {
    byte[] a = text(3000, 8);
    byte[] b = text(100, 9);
    ZlibEncoder encoder = new ZlibEncoder(ZlibWrapper.GZIP, 6);
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ch.writeOutbound(Unpooled.copiedBuffer(a), Unpooled.copiedBuffer(b));
    assertThat(encoder.finish().isSuccess()).isTrue();
    assertThat(encoder.isClosed()).isTrue();
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    ByteBuf part;
    while ((part = ch.readOutbound()) != null) {
      compressed.writeBytes(ByteBufUtil.getBytes(part));
      part.release();
    }
    try (GZIPInputStream in =
        new GZIPInputStream(new ByteArrayInputStream(compressed.toByteArray()))) {
      byte[] back = in.readAllBytes();
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      expected.writeBytes(a);
      expected.writeBytes(b);
      assertThat(back).isEqualTo(expected.toByteArray());
    }
    ch.finish();
  }

  @Test
  void eachMessageIsDecodableAsSoonAsItArrives() {
    for (ZlibWrapper wrapper :
        new ZlibWrapper[] {ZlibWrapper.ZLIB, ZlibWrapper.GZIP, ZlibWrapper.NONE}) {
      EmbeddedChannel enc = new EmbeddedChannel(new ZlibEncoder(wrapper, 6));
      EmbeddedChannel dec = new EmbeddedChannel(new ZlibDecoder(wrapper));
      for (int i = 0; i < 3; i++) {
        byte[] msg = text(200 + i, 10 + i);
        enc.writeOutbound(Unpooled.copiedBuffer(msg));
        ByteBuf compressed = enc.readOutbound();
        dec.writeInbound(compressed);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        ByteBuf d;
        while ((d = dec.readInbound()) != null) {
          got.writeBytes(ByteBufUtil.getBytes(d));
          d.release();
        }
        assertThat(got.toByteArray()).as("%s message %d", wrapper, i).isEqualTo(msg);
      }
      // Closing the encoder's channel ends the stream; the decoder checks the trailer.
      enc.close();
      ByteBuf trailer = enc.readOutbound();
      dec.writeInbound(trailer);
      assertThat(dec.<Object>readInbound()).isNull();
      enc.finishAndReleaseAll();
      assertThat(dec.finish()).isFalse();
    }
  }

  @Test
  void rejectsBadArguments() {
    assertThatThrownBy(() -> new ZlibEncoder(ZlibWrapper.ZLIB_OR_NONE, 6))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ZlibEncoder(ZlibWrapper.ZLIB, 10))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DecompressionLimits(0, 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
