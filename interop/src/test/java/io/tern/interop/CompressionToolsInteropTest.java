package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.compression.BrotliDecoder;
import io.tern.codec.compression.BrotliEncoder;
import io.tern.codec.compression.Lz4FrameDecoder;
import io.tern.codec.compression.Lz4FrameEncoder;
import io.tern.codec.compression.NativeBrotliDecoder;
import io.tern.codec.compression.NativeZstdDecoder;
import io.tern.codec.compression.NativeZstdEncoder;
import io.tern.codec.compression.ZstdDecoder;
import io.tern.codec.compression.ZstdEncoder;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reference command-line tools ({@code zstd}, {@code lz4}, {@code brotli}) decompress what
 * Tern's encoders write, and Tern's decoders decompress what the tools write with their various
 * options; the native codecs (libzstd and libbrotlienc/dec through FFM) both ways too.
 */
@Tag("interop")
class CompressionToolsInteropTest {
  private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(60);

  /** Text with repeats (compresses well) and a run of random bytes (does not). */
  private static byte[] content() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; sb.length() < 700_000; i++) {
      sb.append("record ").append(i).append(": value ").append((i * 31) % 1013).append('\n');
    }
    byte[] text = sb.toString().getBytes(StandardCharsets.US_ASCII);
    byte[] random = new byte[100_000];
    new Random(7).nextBytes(random);
    byte[] all = Arrays.copyOf(text, text.length + random.length);
    System.arraycopy(random, 0, all, text.length, random.length);
    return all;
  }

  /** Writes {@code content} through the encoder in messages of at most 300,000 bytes. */
  private static byte[] encode(ChannelHandler encoder, byte[] content) {
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int at = 0; at < content.length; at += 300_000) {
      int n = Math.min(300_000, content.length - at);
      ch.writeOutbound(Unpooled.copiedBuffer(content, at, n));
      ByteBuf b;
      while ((b = ch.readOutbound()) != null) {
        out.writeBytes(ByteBufUtil.getBytes(b));
        b.release();
      }
    }
    ch.finishAndReleaseAll();
    return out.toByteArray();
  }

  /**
   * Writes {@code content} through a streaming encoder in messages of at most 300,000 bytes, then
   * closes the channel, which ends the stream, and returns everything it wrote.
   */
  private static byte[] encodeStream(ChannelHandler encoder, byte[] content) {
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int at = 0; at < content.length; at += 300_000) {
      int n = Math.min(300_000, content.length - at);
      ch.writeOutbound(Unpooled.copiedBuffer(content, at, n));
      drainOutbound(ch, out);
    }
    ch.close();
    drainOutbound(ch, out);
    ch.finishAndReleaseAll();
    return out.toByteArray();
  }

  private static void drainOutbound(EmbeddedChannel ch, ByteArrayOutputStream out) {
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      out.writeBytes(ByteBufUtil.getBytes(b));
      b.release();
    }
  }

  /** Feeds {@code stream} in 8 KiB reads, closes, and returns what came out. */
  private static byte[] decode(Supplier<ChannelHandler> decoder, byte[] stream) {
    EmbeddedChannel ch = new EmbeddedChannel(decoder.get());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int at = 0; at < stream.length; at += 8192) {
      ch.writeInbound(Unpooled.copiedBuffer(stream, at, Math.min(8192, stream.length - at)));
      drain(ch, out);
    }
    ch.finish();
    drain(ch, out);
    ch.checkException();
    return out.toByteArray();
  }

  private static void drain(EmbeddedChannel ch, ByteArrayOutputStream out) {
    ByteBuf b;
    while ((b = ch.readInbound()) != null) {
      out.writeBytes(ByteBufUtil.getBytes(b));
      b.release();
    }
  }

  /**
   * Runs {@code tool args… -o out in} ({@code lz4}: {@code lz4 args… in out}, it takes no {@code
   * -o}) on {@code input} and returns what it wrote.
   */
  private static byte[] tool(String tool, String hint, Path dir, byte[] input, String... args)
      throws Exception {
    Path in = Files.write(dir.resolve("in.bin"), input);
    Path out = dir.resolve("out.bin");
    Files.deleteIfExists(out);
    List<String> all = new ArrayList<>(List.of(args));
    if (tool.equals("lz4")) {
      all.add(in.toString());
      all.add(out.toString());
    } else {
      all.add("-o");
      all.add(out.toString());
      all.add(in.toString());
    }
    Peer.Result result =
        Peer.command(tool, hint).args(all.toArray(String[]::new)).run(TOOL_TIMEOUT);
    assertThat(result.exitCode()).as("%s %s: %s", tool, all, result.output()).isZero();
    return Files.readAllBytes(out);
  }

  @Test
  void zstdDecompressesTernFrames(@TempDir Path dir) throws Exception {
    byte[] content = content();
    byte[] stream = encode(new ZstdEncoder(), content);

    byte[] out = tool("zstd", "apt package zstd", dir, stream, "-d", "-q", "-f");

    assertThat(out).isEqualTo(content);
  }

  @ParameterizedTest(name = "{0}, block checksums {1}")
  @CsvSource({"KB_64, false", "KB_256, true", "MB_4, true"})
  void lz4DecompressesTernFrames(
      Lz4FrameEncoder.BlockSize blockSize, boolean blockChecksums, @TempDir Path dir)
      throws Exception {
    byte[] content = content();
    byte[] stream = encode(new Lz4FrameEncoder(blockSize, blockChecksums), content);

    byte[] out = tool("lz4", "apt package lz4", dir, stream, "-d", "-q", "-f");

    assertThat(out).isEqualTo(content);
  }

  @ParameterizedTest(name = "zstd {0}")
  @ValueSource(strings = {"-1", "-19", "--no-check", "-3 --no-content-size"})
  void ternDecodesWhatZstdWrites(String options, @TempDir Path dir) throws Exception {
    byte[] content = content();
    List<String> args = new ArrayList<>(List.of(options.split(" ", -1)));
    args.addAll(List.of("-q", "-f"));
    byte[] stream = tool("zstd", "apt package zstd", dir, content, args.toArray(String[]::new));

    assertThat(decode(ZstdDecoder::new, stream)).isEqualTo(content);
    assertThat(decode(NativeZstdDecoder::new, stream)).as("libzstd").isEqualTo(content);
  }

  @ParameterizedTest(name = "level {0}")
  @ValueSource(ints = {1, 3, 19})
  void zstdDecompressesTheNativeEncodersFrame(int level, @TempDir Path dir) throws Exception {
    byte[] content = content();
    byte[] stream = encodeStream(new NativeZstdEncoder(level), content);

    byte[] out = tool("zstd", "apt package zstd", dir, stream, "-d", "-q", "-f");

    assertThat(out).isEqualTo(content);
  }

  @ParameterizedTest(name = "quality {0}")
  @ValueSource(ints = {0, 4, 11})
  void brotliDecompressesTheBrotliEncodersStream(int quality, @TempDir Path dir) throws Exception {
    byte[] content = content();
    byte[] stream = encodeStream(new BrotliEncoder(quality, 22), content);

    byte[] out = tool("brotli", "apt package brotli", dir, stream, "-d", "-f");

    assertThat(out).isEqualTo(content);
  }

  @ParameterizedTest(name = "lz4 {0}")
  @ValueSource(strings = {"-1", "-9", "-B4 -BX", "-B5 --content-size", "-B6 --no-frame-crc"})
  void ternDecodesWhatLz4Writes(String options, @TempDir Path dir) throws Exception {
    byte[] content = content();
    List<String> args = new ArrayList<>(List.of(options.split(" ", -1)));
    args.addAll(List.of("-q", "-f"));
    byte[] stream = tool("lz4", "apt package lz4", dir, content, args.toArray(String[]::new));

    assertThat(decode(Lz4FrameDecoder::new, stream)).isEqualTo(content);
  }

  @ParameterizedTest(name = "brotli {0}")
  @ValueSource(strings = {"-q 0", "-q 5", "-q 11"})
  void ternDecodesWhatBrotliWrites(String options, @TempDir Path dir) throws Exception {
    byte[] content = content();
    List<String> args = new ArrayList<>(List.of(options.split(" ", -1)));
    args.add("-f");
    byte[] stream = tool("brotli", "apt package brotli", dir, content, args.toArray(String[]::new));

    assertThat(decode(BrotliDecoder::new, stream)).isEqualTo(content);
    assertThat(decode(NativeBrotliDecoder::new, stream)).as("libbrotlidec").isEqualTo(content);
  }
}
