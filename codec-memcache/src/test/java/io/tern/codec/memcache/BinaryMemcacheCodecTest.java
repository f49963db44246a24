package io.tern.codec.memcache;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;

class BinaryMemcacheCodecTest {

  private static ByteBuf text(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  private static byte[] encode(Object message, ChannelHandler encoder) {
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ch.writeOutbound(message);
    ByteBuf out = ch.readOutbound();
    byte[] bytes = new byte[out.readableBytes()];
    out.readBytes(bytes);
    out.release();
    assertThat(ch.finish()).isFalse();
    return bytes;
  }

  static String describe(Object msg) {
    if (msg instanceof BinaryMemcacheRequest r) {
      return "req:"
          + r.opcode()
          + "/"
          + r.vbucket()
          + "/"
          + r.opaque()
          + "/"
          + r.cas()
          + "/"
          + r.dataType()
          + "/"
          + ByteBufUtilHex.hex(r.extras())
          + "/"
          + r.key().toString(StandardCharsets.ISO_8859_1)
          + "/"
          + r.value().toString(StandardCharsets.ISO_8859_1);
    }
    if (msg instanceof BinaryMemcacheResponse r) {
      return "res:"
          + r.opcode()
          + "/"
          + r.status()
          + "/"
          + r.opaque()
          + "/"
          + r.cas()
          + "/"
          + r.dataType()
          + "/"
          + ByteBufUtilHex.hex(r.extras())
          + "/"
          + r.key().toString(StandardCharsets.ISO_8859_1)
          + "/"
          + r.value().toString(StandardCharsets.ISO_8859_1);
    }
    return String.valueOf(msg);
  }

  /** Feeds bytes in chunks and records messages and failures. */
  static List<String> feed(ChannelHandler decoder, byte[] input, int[] chunks) {
    List<String> events = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            decoder,
            new ChannelHandler() {
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
            });
    int offset = 0;
    for (int size : chunks) {
      ch.writeInbound(Unpooled.copiedBuffer(input, offset, size));
      offset += size;
    }
    ch.finishAndReleaseAll();
    return events;
  }

  @Test
  void requestsRoundTripThroughEncoderAndDecoderHoweverSplit() {
    BinaryMemcacheRequest set =
        new BinaryMemcacheRequest(
                BinaryMemcacheOpcodes.SETQ,
                Unpooled.buffer(8).writeInt(0xdeadbeef).writeInt(3600),
                text("key"),
                text("value"))
            .opaque(7)
            .cas(0x1122334455667788L)
            .vbucket((short) 3);
    byte[] wire = encode(set, new BinaryMemcacheRequestEncoder());
    assertThat(wire).hasSize(24 + 8 + 3 + 5);
    assertThat(wire[0]).isEqualTo((byte) 0x80);
    assertThat(wire[1]).isEqualTo(BinaryMemcacheOpcodes.SETQ);
    byte[] noop =
        encode(
            BinaryMemcacheRequest.of(BinaryMemcacheOpcodes.NOOP).opaque(8),
            new BinaryMemcacheRequestEncoder());
    byte[] stream = new byte[wire.length + noop.length];
    System.arraycopy(wire, 0, stream, 0, wire.length);
    System.arraycopy(noop, 0, stream, wire.length, noop.length);
    List<String> whole =
        feed(new BinaryMemcacheRequestDecoder(), stream, new int[] {stream.length});
    assertThat(whole)
        .containsExactly(
            "req:17/3/7/1234605616436508552/0/deadbeef00000e10/key/value", "req:10/0/8/0/0///");
    int[] ones = new int[stream.length];
    java.util.Arrays.fill(ones, 1);
    assertThat(feed(new BinaryMemcacheRequestDecoder(), stream, ones)).isEqualTo(whole);
    Random random = new Random(1);
    for (int i = 0; i < 8; i++) {
      List<Integer> sizes = new ArrayList<>();
      int left = stream.length;
      while (left > 0) {
        int size = 1 + random.nextInt(Math.min(left, 20));
        sizes.add(size);
        left -= size;
      }
      assertThat(
              feed(
                  new BinaryMemcacheRequestDecoder(),
                  stream,
                  sizes.stream().mapToInt(Integer::intValue).toArray()))
          .isEqualTo(whole);
    }
  }

  @Test
  void responsesRoundTrip() {
    BinaryMemcacheResponse miss =
        new BinaryMemcacheResponse(
                BinaryMemcacheOpcodes.GETK, Unpooled.EMPTY_BUFFER, text("k"), text("Not found"))
            .status(BinaryMemcacheResponseStatus.KEY_ENOENT)
            .opaque(-1);
    byte[] wire = encode(miss, new BinaryMemcacheResponseEncoder());
    assertThat(wire[0]).isEqualTo((byte) 0x81);
    assertThat(feed(new BinaryMemcacheResponseDecoder(), wire, new int[] {wire.length}))
        .containsExactly("res:12/1/-1/0/0//k/Not found");
  }

  @Test
  void rejectsAWrongMagicAndDiscardsTheRest() {
    byte[] wire =
        encode(
            BinaryMemcacheRequest.of(BinaryMemcacheOpcodes.NOOP),
            new BinaryMemcacheRequestEncoder());
    assertThat(feed(new BinaryMemcacheResponseDecoder(), wire, new int[] {1, wire.length - 1}))
        .containsExactly("!MemcacheCodecException");
  }

  @Test
  void rejectsKeyAndExtrasLongerThanTheBody() {
    byte[] header = new byte[24];
    header[0] = (byte) 0x80;
    header[3] = 10; // key length 10
    header[4] = 8; // extras 8
    header[11] = 12; // body 12 < 18
    assertThat(feed(new BinaryMemcacheRequestDecoder(), header, new int[] {24}))
        .containsExactly("!MemcacheCodecException");
  }

  @Test
  void rejectsABodyOverTheLimitBeforeItArrives() {
    byte[] header = new byte[24];
    header[0] = (byte) 0x80;
    header[9] = 1; // body 65536
    assertThat(feed(new BinaryMemcacheRequestDecoder(1024), header, new int[] {24}))
        .containsExactly("!TooLongFrameException");
    assertThat(feed(new BinaryMemcacheRequestDecoder(), header, new int[] {24})).isEmpty();
  }

  @Test
  void knowsTheQuietCommands() {
    assertThat(BinaryMemcacheOpcodes.isQuiet(BinaryMemcacheOpcodes.GETKQ)).isTrue();
    assertThat(BinaryMemcacheOpcodes.isQuiet(BinaryMemcacheOpcodes.GETK)).isFalse();
    assertThat(BinaryMemcacheOpcodes.loud(BinaryMemcacheOpcodes.INCREMENTQ))
        .isEqualTo(BinaryMemcacheOpcodes.INCREMENT);
    assertThat(BinaryMemcacheOpcodes.loud(BinaryMemcacheOpcodes.NOOP))
        .isEqualTo(BinaryMemcacheOpcodes.NOOP);
  }

  /** Hex of a buffer's readable bytes. */
  static final class ByteBufUtilHex {
    static String hex(ByteBuf buf) {
      return io.tern.buffer.ByteBufUtil.hexDump(buf);
    }
  }
}
