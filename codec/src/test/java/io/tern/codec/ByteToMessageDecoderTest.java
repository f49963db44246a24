package io.tern.codec;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInputShutdownEvent;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ByteToMessageDecoderTest {

  /** Decodes big-endian ints. */
  static final class IntDecoder extends ByteToMessageDecoder {
    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
      while (in.readableBytes() >= 4) {
        out.add(in.readInt());
      }
    }
  }

  private static ByteBuf ascii(String s) {
    return Unpooled.copiedBuffer(s, US_ASCII);
  }

  @Test
  void decodesTheSameIntsWhateverTheSplits() {
    byte[] input = new byte[4 * 50];
    for (int i = 0; i < 50; i++) {
      input[4 * i + 3] = (byte) i;
    }
    List<String> frames = SplitFeeding.assertSameAcrossSplits(IntDecoder::new, input, 7);
    assertThat(frames).hasSize(50).startsWith("0", "1").endsWith("49");
  }

  @Test
  void keepsAnIncompleteMessageForTheNextRead() {
    EmbeddedChannel ch = new EmbeddedChannel(new IntDecoder());
    assertThat(ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0}))).isFalse();
    assertThat(ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {1, 2, 0}))).isTrue();
    assertThat((Integer) ch.readInbound()).isEqualTo(0x0102);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void passesOtherMessagesThrough() {
    EmbeddedChannel ch = new EmbeddedChannel(new IntDecoder());
    ch.writeInbound("text");
    assertThat((String) ch.readInbound()).isEqualTo("text");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void removalHandsUnreadBytesToTheNextHandler() {
    ByteToMessageDecoder once =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            if (in.readableBytes() >= 4) {
              out.add(in.readInt());
              ctx.pipeline().remove(this);
            }
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(once);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 9, 'a', 'b', 'c'}));

    assertThat((Integer) ch.readInbound()).isEqualTo(9);
    ByteBuf rest = ch.readInbound();
    assertThat(rest.toString(US_ASCII)).isEqualTo("abc");
    rest.release();
    assertThat(ch.pipeline().names()).doesNotContain("once");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void removalFromOutsideHandsTheCumulationOn() {
    IntDecoder decoder = new IntDecoder();
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {1, 2}));
    ch.pipeline().remove(decoder);
    ByteBuf rest = ch.readInbound();
    assertThat(rest.readableBytes()).isEqualTo(2);
    rest.release();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void decodeLastRunsWhenTheChannelGoesInactive() {
    List<String> calls = new ArrayList<>();
    ByteToMessageDecoder restAsString =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            calls.add("decode");
          }

          @Override
          protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            calls.add("decodeLast");
            out.add(in.toString(US_ASCII).concat("!"));
            in.skipBytes(in.readableBytes());
          }
        };
    List<String> events = new ArrayList<>();
    ChannelHandler tail =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            events.add("read " + msg);
          }

          @Override
          public void channelInactive(ChannelHandlerContext ctx) {
            events.add("inactive");
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(restAsString, tail);
    ch.writeInbound(ascii("tail"));
    ch.finish();

    assertThat(calls).containsExactly("decode", "decode", "decodeLast");
    assertThat(events).containsExactly("read tail!", "inactive");
  }

  @Test
  void decodeLastRunsOnInputShutdownAndTheEventPassesOn() {
    List<Object> events = new ArrayList<>();
    ByteToMessageDecoder decoder =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {}

          @Override
          protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            out.add("last:" + in.readableBytes());
            in.skipBytes(in.readableBytes());
          }
        };
    ChannelHandler tail =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            events.add(msg);
          }

          @Override
          public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            events.add(evt);
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(decoder, tail);
    ch.writeInbound(ascii("xyz"));
    ch.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);

    assertThat(events).containsExactly("last:3", ChannelInputShutdownEvent.INSTANCE);
    assertThat(ch.isOpen()).isTrue();
    ch.finish();
    assertThat(events).containsExactly("last:3", ChannelInputShutdownEvent.INSTANCE, "last:0");
  }

  @Test
  void singleDecodeStopsAfterOneMessagePerRead() {
    IntDecoder decoder = new IntDecoder();
    ByteToMessageDecoder one =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            if (in.readableBytes() >= 4) {
              out.add(in.readInt());
            }
          }
        };
    one.setSingleDecode(true);
    assertThat(one.isSingleDecode()).isTrue();
    assertThat(decoder.isSingleDecode()).isFalse();
    EmbeddedChannel ch = new EmbeddedChannel(one);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3}));
    assertThat((Integer) ch.readInbound()).isEqualTo(1);
    assertThat(ch.<Object>readInbound()).isNull();
    ch.writeInbound(Unpooled.EMPTY_BUFFER.retain());
    assertThat((Integer) ch.readInbound()).isEqualTo(2);
    ch.finish();
    assertThat((Integer) ch.readInbound()).isEqualTo(3);
  }

  @Test
  void aMessageWithoutReadingAnythingIsADecoderBug() {
    ByteToMessageDecoder broken =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            out.add("nothing read");
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(broken);
    assertThatThrownBy(() -> ch.writeInbound(ascii("x")))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("did not read anything");
    // The byte is still held: closing decodes it once more and fails the same way.
    assertThatThrownBy(ch::finishAndReleaseAll).isInstanceOf(DecoderException.class);
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void wrapsOtherExceptionsAndStillPassesOnWhatWasDecoded() {
    ByteToMessageDecoder failsOnBang =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            byte b = in.readByte();
            if (b == '!') {
              throw new IllegalStateException("bang");
            }
            out.add((char) b);
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(failsOnBang);
    assertThatThrownBy(() -> ch.writeInbound(ascii("ab!c")))
        .isInstanceOf(DecoderException.class)
        .hasCauseInstanceOf(IllegalStateException.class);
    assertThat((Character) ch.readInbound()).isEqualTo('a');
    assertThat((Character) ch.readInbound()).isEqualTo('b');
    // The byte after the bad one is still held and decoded on the next read.
    ch.writeInbound(Unpooled.EMPTY_BUFFER.retain());
    assertThat((Character) ch.readInbound()).isEqualTo('c');
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void neverWritesIntoACumulationARetainedSliceStillSees() {
    List<ByteBuf> kept = new ArrayList<>();
    ByteToMessageDecoder slicer =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            if (in.readableBytes() >= 2) {
              kept.add(in.readRetainedSlice(2));
            }
          }
        };
    slicer.setDiscardAfterReads(1);
    EmbeddedChannel ch = new EmbeddedChannel(slicer);
    ByteBuf first = Unpooled.buffer(8).writeBytes("abc".getBytes(US_ASCII));
    ch.writeInbound(first);
    for (int i = 0; i < 20; i++) {
      ch.writeInbound(ascii("defghijklmnopqrstuvwxyz"));
    }
    assertThat(kept.get(0).toString(US_ASCII)).isEqualTo("ab");
    assertThat(kept.get(1).toString(US_ASCII)).isEqualTo("cd");
    for (ByteBuf b : kept) {
      b.release();
    }
    ch.finishAndReleaseAll();
  }

  @Test
  void discardsReadBytesAfterTheConfiguredNumberOfReads() {
    ByteToMessageDecoder twoAtATime =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            if (in.readableBytes() >= 3) {
              in.skipBytes(2);
              out.add("two");
            }
          }
        };
    twoAtATime.setDiscardAfterReads(2);
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.pipeline().addLast("d", twoAtATime);
    ByteBuf big = Unpooled.buffer(8);
    big.writeBytes(new byte[3]);
    ch.pipeline().fireChannelRead(big);
    ch.pipeline().fireChannelRead(Unpooled.wrappedBuffer(new byte[2]));
    // Two reads without a read-complete in between, and half the capacity read: discarded.
    assertThat(twoAtATime.internalBuffer().readerIndex()).isZero();
    assertThat(twoAtATime.actualReadableBytes()).isEqualTo(1);
    ch.finishAndReleaseAll();
  }

  @Test
  void releasesTheCumulationOnceEverythingIsRead() {
    IntDecoder decoder = new IntDecoder();
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    ByteBuf in = Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 5});
    ch.writeInbound(in);
    assertThat(in.refCnt()).isZero();
    assertThat(decoder.internalBuffer()).isSameAs(Unpooled.EMPTY_BUFFER);
    assertThat((Integer) ch.readInbound()).isEqualTo(5);
    ch.finish();
  }

  @Test
  void reusesOneOutputListAcrossReads() {
    List<List<Object>> lists = new ArrayList<>();
    ByteToMessageDecoder recording =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            lists.add(out);
            out.add(in.readByte());
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(recording);
    ch.writeInbound(ascii("a"));
    ch.writeInbound(ascii("b"));
    assertThat(lists).hasSize(2);
    assertThat(lists.get(0)).isSameAs(lists.get(1));
    ch.finishAndReleaseAll();
  }

  @Test
  void aReentrantReadGetsItsOwnOutputList() {
    List<Object> seen = new ArrayList<>();
    IntDecoder decoder = new IntDecoder();
    ChannelHandler loopBack =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            seen.add(msg);
            if (Integer.valueOf(1).equals(msg)) {
              // Feeds more bytes into the decoder while it is passing on its first message.
              ctx.pipeline().fireChannelRead(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 7}));
            }
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(decoder, loopBack);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 1, 0, 0, 0, 2}));
    assertThat(seen).contains(1, 2, 7).hasSize(3);
    ch.finish();
  }

  @Test
  void asksForMoreInputWhenABurstProducedNothingAndAutoReadIsOff() {
    int[] reads = {0};
    ChannelHandler readCounter =
        new ChannelHandler() {
          @Override
          public void read(ChannelHandlerContext ctx) {
            reads[0]++;
            ctx.read();
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(readCounter, new IntDecoder());
    ch.config().autoRead(false);
    int before = reads[0];
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0}));
    assertThat(reads[0] - before).as("partial message: read more").isEqualTo(1);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 1}));
    assertThat(reads[0] - before)
        .as("a message was produced: the next handler decides")
        .isEqualTo(1);
    assertThat((Integer) ch.readInbound()).isEqualTo(1);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void compositeCumulatorDecodesAcrossComponents() {
    IntDecoder decoder = new IntDecoder();
    decoder.setCumulator(Cumulator.COMPOSITE);
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0}));
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {1}));
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {2, 0, 0, 0, 3}));
    assertThat((Integer) ch.readInbound()).isEqualTo(0x0102);
    assertThat((Integer) ch.readInbound()).isEqualTo(3);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void rejectsNullCumulatorAndNonPositiveDiscardAfterReads() {
    IntDecoder decoder = new IntDecoder();
    assertThatThrownBy(() -> decoder.setCumulator(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> decoder.setDiscardAfterReads(0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void decodedMessagesLeftOverAtAnErrorAreReleasedByTheNextHandler() {
    ByteToMessageDecoder emitsBuffers =
        new ByteToMessageDecoder() {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            out.add(in.readRetainedSlice(1));
            if (in.isReadable() && in.getByte(in.readerIndex()) == '!') {
              throw new DecoderException("bad byte");
            }
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(emitsBuffers);
    assertThatThrownBy(() -> ch.writeInbound(ascii("a!"))).isInstanceOf(DecoderException.class);
    ByteBuf a = ch.readInbound();
    assertThat(a.toString(US_ASCII)).isEqualTo("a");
    ReferenceCountUtil.release(a);
    ch.finishAndReleaseAll();
  }
}
