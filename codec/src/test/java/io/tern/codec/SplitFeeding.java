package io.tern.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Feeds a decoder the same bytes in different splits (all at once, one byte at a time, random
 * chunks, heap and direct, both cumulators) and checks that it produces the same messages and
 * failures every time. Messages are recorded as comparable strings ({@code ByteBuf} as hex) and
 * released; failures as {@code !ExceptionClass}.
 */
public final class SplitFeeding {
  private SplitFeeding() {}

  /** How many random splits {@link #assertSameAcrossSplits} tries. */
  static final int RANDOM_SPLITS = 12;

  /**
   * Runs every split and asserts they agree with feeding everything at once.
   *
   * @param decoders makes a fresh decoder (or handler chain head) per run
   * @param input the bytes
   * @param seed seed of the random splits
   * @return what feeding everything at once produced
   */
  public static List<String> assertSameAcrossSplits(
      Supplier<? extends ChannelHandler> decoders, byte[] input, long seed) {
    List<String> expected = feed(decoders.get(), input, new int[] {input.length}, false, null);
    assertThat(feed(decoders.get(), input, ones(input.length), false, null))
        .as("one byte at a time")
        .isEqualTo(expected);
    assertThat(feed(decoders.get(), input, new int[] {input.length}, true, null))
        .as("all at once, direct")
        .isEqualTo(expected);
    Random random = new Random(seed);
    for (int i = 0; i < RANDOM_SPLITS; i++) {
      int[] splits = randomSplits(random, input.length);
      boolean direct = random.nextBoolean();
      Cumulator cumulator = random.nextBoolean() ? Cumulator.MERGE : Cumulator.COMPOSITE;
      assertThat(feed(decoders.get(), input, splits, direct, cumulator))
          .as("split %s, direct %s, %s", java.util.Arrays.toString(splits), direct, cumulator)
          .isEqualTo(expected);
    }
    return expected;
  }

  /**
   * Feeds {@code input} in chunks of the given sizes, then closes the channel.
   *
   * @param decoder the handler under test
   * @param input the bytes
   * @param chunks chunk sizes adding up to {@code input.length}
   * @param direct whether chunks are direct buffers
   * @param cumulator the cumulator to set if the decoder is a {@link ByteToMessageDecoder}, or null
   * @return the recorded messages and failures, in order
   */
  public static List<String> feed(
      ChannelHandler decoder, byte[] input, int[] chunks, boolean direct, Cumulator cumulator) {
    if (decoder instanceof Joined j) {
      return join(feed(j.handler(), input, chunks, direct, cumulator));
    }
    if (cumulator != null && decoder instanceof ByteToMessageDecoder d) {
      d.setCumulator(cumulator);
    }
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = new EmbeddedChannel(decoder, recorder);
    int offset = 0;
    for (int size : chunks) {
      ByteBuf chunk = direct ? Unpooled.directBuffer(size) : Unpooled.buffer(size);
      chunk.writeBytes(input, offset, size);
      offset += size;
      ch.writeInbound(chunk);
    }
    ch.finishAndReleaseAll();
    return recorder.events;
  }

  /**
   * Like {@link #assertSameAcrossSplits}, for decoders whose output buffers may be cut anywhere
   * (decompressors): consecutive buffers are joined before comparing.
   *
   * @param decoders makes a fresh decoder per run
   * @param input the bytes
   * @param seed seed of the random splits
   * @return what feeding everything at once produced, buffers joined
   */
  public static List<String> assertSameBytesAcrossSplits(
      Supplier<? extends ChannelHandler> decoders, byte[] input, long seed) {
    return assertSameAcrossSplits(() -> new Joined(decoders.get()), input, seed).stream()
        .map(String::valueOf)
        .toList();
  }

  static int[] ones(int n) {
    int[] a = new int[n];
    java.util.Arrays.fill(a, 1);
    return a;
  }

  static int[] randomSplits(Random random, int length) {
    List<Integer> sizes = new ArrayList<>();
    int left = length;
    while (left > 0) {
      int max = random.nextInt(4) == 0 ? Math.min(left, 64) : Math.min(left, 8);
      int size = 1 + random.nextInt(max);
      sizes.add(size);
      left -= size;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Marker wrapper: {@link #feed} joins consecutive buffers for it. */
  private record Joined(ChannelHandler handler) implements ChannelHandler {}

  /** Joins consecutive {@code hex:} entries. */
  static List<String> join(List<String> events) {
    List<String> joined = new ArrayList<>();
    for (String e : events) {
      int last = joined.size() - 1;
      if (e.startsWith("hex:") && last >= 0 && joined.get(last).startsWith("hex:")) {
        joined.set(last, joined.get(last) + e.substring(4));
      } else {
        joined.add(e);
      }
    }
    return joined;
  }

  /** Records what reaches the end of the pipeline as comparable strings and releases it. */
  public static final class Recorder implements ChannelHandler {
    /** Messages and failures in order. */
    public final List<String> events = new ArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        events.add(describe(msg));
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      events.add("!" + cause.getClass().getSimpleName());
    }
  }

  /**
   * Describes a message for comparison.
   *
   * @param msg a message
   * @return {@code hex:<bytes>} for buffers, {@code toString()} otherwise
   */
  public static String describe(Object msg) {
    if (msg instanceof ByteBuf buf) {
      return "hex:" + ByteBufUtil.hexDump(buf);
    }
    return String.valueOf(msg);
  }
}
