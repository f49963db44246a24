package io.tern.codec.redis;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Feeds bytes to a decoder in chunks and records what comes out as comparable text. */
final class RespFeeding {
  private RespFeeding() {}

  static List<String> feed(RedisDecoderConfig config, byte[] input, int[] chunks, boolean direct) {
    return feed(config, input, chunks, direct, new ArrayList<>());
  }

  /**
   * Feeds as {@link #feed(RedisDecoderConfig, byte[], int[], boolean)} and also adds the simple
   * class name of every exception raised to {@code errors}: a streamed piece of a bulk string can
   * hold any bytes, so its text may itself start with the {@code '!'} that marks an exception among
   * the events.
   */
  static List<String> feed(
      RedisDecoderConfig config, byte[] input, int[] chunks, boolean direct, List<String> errors) {
    Recorder recorder = new Recorder(errors);
    EmbeddedChannel ch = new EmbeddedChannel(new RedisDecoder(config), recorder);
    int offset = 0;
    for (int size : chunks) {
      ByteBuf chunk = direct ? Unpooled.directBuffer(size) : Unpooled.buffer(size);
      chunk.writeBytes(input, offset, size);
      offset += size;
      ch.writeInbound(chunk);
    }
    ch.finishAndReleaseAll();
    return joinPieces(recorder.events);
  }

  static List<String> whole(RedisDecoderConfig config, String input) {
    byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
    return feed(config, bytes, new int[] {bytes.length}, false);
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
      int size = 1 + random.nextInt(Math.min(left, random.nextBoolean() ? 8 : 64));
      sizes.add(size);
      left -= size;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Joins consecutive streamed pieces, whose boundaries depend on how the bytes arrived. */
  private static List<String> joinPieces(List<String> events) {
    List<String> joined = new ArrayList<>();
    for (String e : events) {
      int last = joined.size() - 1;
      if (e.startsWith("piece:") && last >= 0 && joined.get(last).startsWith("piece:")) {
        joined.set(last, joined.get(last) + e.substring(6));
      } else {
        joined.add(e);
      }
    }
    return joined.stream().map(e -> e.replace("piece:", "")).toList();
  }

  static String describe(Object msg) {
    if (!(msg instanceof RedisMessage m)) {
      return "?" + msg;
    }
    return switch (m) {
      case SimpleStringRedisMessage s -> "+" + s.content();
      case ErrorRedisMessage e -> "-" + e.content();
      case IntegerRedisMessage i -> ":" + i.value();
      case DoubleRedisMessage d -> "," + d.value();
      case BooleanRedisMessage b -> "#" + b.value();
      case BigNumberRedisMessage b -> "(" + b.value();
      case NullRedisMessage n -> "_";
      case InlineCommandRedisMessage i -> "inline:" + i.content();
      case FullBulkStringRedisMessage b ->
          b.isNull() ? "$null" : "$" + b.content().toString(StandardCharsets.ISO_8859_1);
      case VerbatimStringRedisMessage v ->
          "=" + v.format() + ":" + v.content().toString(StandardCharsets.ISO_8859_1);
      case ArrayRedisMessage a -> {
        if (a.isNull()) {
          yield "*null";
        }
        StringBuilder text = new StringBuilder(a.type().name()).append('[');
        for (RedisMessage child : a.children()) {
          text.append(describe(child)).append(';');
        }
        yield text.append(']').toString();
      }
      case MapRedisMessage map -> {
        StringBuilder text = new StringBuilder(map.type().name()).append('{');
        for (int i = 0; i < map.size(); i++) {
          text.append(describe(map.key(i))).append('=').append(describe(map.value(i))).append(';');
        }
        yield text.append('}').toString();
      }
      case BulkStringHeaderRedisMessage h -> "bulk(" + h.bulkStringLength() + ")";
      case BulkStringRedisContent c ->
          "piece:" + c.content().toString(StandardCharsets.ISO_8859_1) + (c.isLast() ? "|" : "");
      case AggregateHeaderRedisMessage h -> h.type().name() + "(" + h.length() + ")";
    };
  }

  static final class Recorder implements ChannelHandler {
    final List<String> events = new ArrayList<>();
    private final List<String> errors;

    Recorder() {
      this(new ArrayList<>());
    }

    Recorder(List<String> errors) {
      this.errors = errors;
    }

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
      errors.add(cause.getClass().getSimpleName());
      events.add("!" + cause.getClass().getSimpleName());
    }
  }
}
