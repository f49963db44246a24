package io.tern.codec;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.List;
import org.junit.jupiter.api.Test;

class EncoderBaseClassesTest {

  static final class IntEncoder extends MessageToByteEncoder<Integer> {
    IntEncoder(boolean preferDirect) {
      super(Integer.class, preferDirect);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Integer msg, ByteBuf out) {
      if (msg < 0) {
        throw new IllegalArgumentException("negative");
      }
      if (msg > 0) {
        out.writeInt(msg);
      }
    }
  }

  @Test
  void encodesIntoADirectBufferByDefault() {
    EmbeddedChannel ch = new EmbeddedChannel(new IntEncoder(true));
    ch.writeOutbound(7);
    ByteBuf out = ch.readOutbound();
    assertThat(out.isDirect()).isTrue();
    assertThat(out.readInt()).isEqualTo(7);
    out.release();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void preferDirectFalseEncodesIntoHeap() {
    EmbeddedChannel ch = new EmbeddedChannel(new IntEncoder(false));
    ch.writeOutbound(7);
    ByteBuf out = ch.readOutbound();
    assertThat(out.isDirect()).isFalse();
    out.release();
    ch.finish();
  }

  @Test
  void anEmptyResultStillCompletesTheWriteInOrder() {
    EmbeddedChannel ch = new EmbeddedChannel(new IntEncoder(false));
    Future<Void> f = ch.writeAndFlush(0);
    assertThat(f.isSuccess()).isTrue();
    ByteBuf out = ch.readOutbound();
    assertThat(out.isReadable()).isFalse();
    out.release();
    ch.finish();
  }

  @Test
  void aFailingEncodeFailsThePromiseAndReleasesEverything() {
    EmbeddedChannel ch = new EmbeddedChannel(new IntEncoder(true));
    Future<Void> f = ch.writeAndFlush(-1);
    assertThat(f.cause())
        .isInstanceOf(EncoderException.class)
        .hasCauseInstanceOf(IllegalArgumentException.class);
    assertThat(ch.<Object>readOutbound()).isNull();
    ch.finish();
  }

  @Test
  void passesOtherTypesOnAndReleasesEncodedMessages() {
    MessageToByteEncoder<ByteBuf> upper =
        new MessageToByteEncoder<>(ByteBuf.class, false) {
          @Override
          protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
            out.writeBytes(
                msg.toString(US_ASCII).toUpperCase(java.util.Locale.ROOT).getBytes(US_ASCII));
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(upper);
    ByteBuf in = Unpooled.copiedBuffer("abc", US_ASCII);
    ch.writeOutbound(in, "other");
    assertThat(in.refCnt()).isZero();
    ByteBuf out = ch.readOutbound();
    assertThat(out.toString(US_ASCII)).isEqualTo("ABC");
    out.release();
    assertThat((String) ch.readOutbound()).isEqualTo("other");
    ch.finish();
  }

  @Test
  void allocateBufferHookSizesTheBuffer() {
    MessageToByteEncoder<String> sized =
        new MessageToByteEncoder<>(String.class) {
          @Override
          protected ByteBuf allocateBuffer(
              ChannelHandlerContext ctx, String msg, boolean preferDirect) {
            return ctx.alloc().heapBuffer(msg.length(), msg.length());
          }

          @Override
          protected void encode(ChannelHandlerContext ctx, String msg, ByteBuf out) {
            out.writeCharSequence(msg, US_ASCII);
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(sized);
    ch.writeOutbound("hello");
    ByteBuf out = ch.readOutbound();
    assertThat(out.capacity()).isEqualTo(5);
    assertThat(out.maxCapacity()).isEqualTo(5);
    out.release();
    ch.finish();
  }

  static final class Splitter extends MessageToMessageEncoder<String> {
    Splitter() {
      super(String.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, String msg, List<Object> out) {
      for (String part : msg.split(",", -1)) {
        if (!part.isEmpty()) {
          out.add(Unpooled.copiedBuffer(part, US_ASCII));
        }
      }
      if (msg.equals("fail,after")) {
        throw new IllegalStateException("late");
      }
    }
  }

  @Test
  void severalResultsCompleteTheOnePromiseWhenAllAreWritten() {
    EmbeddedChannel ch = new EmbeddedChannel(new Splitter());
    Future<Void> f = ch.writeAndFlush("a,b,c");
    assertThat(f.isSuccess()).isTrue();
    for (String s : new String[] {"a", "b", "c"}) {
      ByteBuf out = ch.readOutbound();
      assertThat(out.toString(US_ASCII)).isEqualTo(s);
      out.release();
    }
    ch.finish();
  }

  @Test
  void severalResultsFailThePromiseIfOneWriteFails() {
    ChannelHandler failSecond =
        new ChannelHandler() {
          int writes;

          @Override
          public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
            if (++writes == 2) {
              io.tern.common.ReferenceCountUtil.release(msg);
              promise.tryFailure(new IllegalStateException("second"));
            } else {
              ctx.write(msg, promise);
            }
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(failSecond, new Splitter());
    Future<Void> f = ch.write("a,b,c");
    ch.flush();
    assertThat(f.cause()).isInstanceOf(IllegalStateException.class).hasMessage("second");
    ch.finishAndReleaseAll();
  }

  @Test
  void severalResultsWithTheVoidPromiseEachReportTheirOwnFailure() {
    List<Promise<Void>> seen = new java.util.ArrayList<>();
    List<Throwable> caught = new java.util.ArrayList<>();
    ChannelHandler failSecond =
        new ChannelHandler() {
          int writes;

          @Override
          public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
            seen.add(promise);
            if (++writes == 2) {
              io.tern.common.ReferenceCountUtil.release(msg);
              promise.tryFailure(new IllegalStateException("second"));
            } else {
              ctx.write(msg, promise);
            }
          }
        };
    ChannelHandler recorder =
        new ChannelHandler() {
          @Override
          public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            caught.add(cause);
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(failSecond, new Splitter(), recorder);

    ch.writeAndFlush("a,b,c", ch.voidPromise());

    assertThat(seen).hasSize(3).allMatch(p -> p == ch.voidPromise());
    assertThat(caught).singleElement().isInstanceOf(IllegalStateException.class);
    for (String s : new String[] {"a", "c"}) {
      ByteBuf out = ch.readOutbound();
      assertThat(out.toString(US_ASCII)).isEqualTo(s);
      out.release();
    }
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void noResultIsAnEncoderBug() {
    EmbeddedChannel ch = new EmbeddedChannel(new Splitter());
    Future<Void> f = ch.writeAndFlush(",");
    assertThat(f.cause())
        .isInstanceOf(EncoderException.class)
        .hasMessageContaining("at least one message");
    ch.finish();
  }

  @Test
  void resultsAddedBeforeAFailureAreReleased() {
    EmbeddedChannel ch = new EmbeddedChannel(new Splitter());
    Future<Void> f = ch.writeAndFlush("fail,after");
    assertThat(f.cause()).isInstanceOf(EncoderException.class);
    assertThat(ch.<Object>readOutbound()).isNull();
    ch.finish();
  }

  @Test
  void messageToMessageDecoderReleasesItsInputAndPassesResultsOn() {
    MessageToMessageDecoder<ByteBuf> toText =
        new MessageToMessageDecoder<>(ByteBuf.class) {
          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
            out.add(msg.toString(US_ASCII));
            out.add(msg.readableBytes());
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(toText);
    ByteBuf in = Unpooled.copiedBuffer("hey", US_ASCII);
    ch.writeInbound(in, 42L);
    assertThat(in.refCnt()).isZero();
    assertThat((String) ch.readInbound()).isEqualTo("hey");
    assertThat((Integer) ch.readInbound()).isEqualTo(3);
    assertThat((Long) ch.readInbound()).isEqualTo(42L);
    ch.finish();
  }

  @Test
  void messageToMessageDecoderWrapsFailures() {
    MessageToMessageDecoder<String> failing =
        new MessageToMessageDecoder<>(String.class) {
          @Override
          protected void decode(ChannelHandlerContext ctx, String msg, List<Object> out) {
            out.add("before");
            throw new IllegalStateException(msg);
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(failing);
    assertThatThrownBy(() -> ch.writeInbound("x"))
        .isInstanceOf(DecoderException.class)
        .hasCauseInstanceOf(IllegalStateException.class);
    assertThat((String) ch.readInbound()).isEqualTo("before");
    ch.finish();
  }

  @Test
  void messageToMessageCodecTransformsBothWays() {
    MessageToMessageCodec<String, Integer> codec =
        new MessageToMessageCodec<>(String.class, Integer.class) {
          @Override
          protected void decode(ChannelHandlerContext ctx, String msg, List<Object> out) {
            out.add(Integer.parseInt(msg));
          }

          @Override
          protected void encode(ChannelHandlerContext ctx, Integer msg, List<Object> out) {
            out.add(Integer.toString(msg));
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(codec);
    ch.writeInbound("12");
    ch.writeOutbound(34);
    assertThat((Integer) ch.readInbound()).isEqualTo(12);
    assertThat((String) ch.readOutbound()).isEqualTo("34");
    ch.finish();
  }

  @Test
  void byteToMessageCodecDecodesEncodesAndHandsOverOnRemoval() {
    ByteToMessageCodec<Integer> codec =
        new ByteToMessageCodec<>(Integer.class, false) {
          @Override
          protected void encode(ChannelHandlerContext ctx, Integer msg, ByteBuf out) {
            out.writeInt(msg);
          }

          @Override
          protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            while (in.readableBytes() >= 4) {
              out.add(in.readInt());
            }
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(codec);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 5, 1}));
    assertThat((Integer) ch.readInbound()).isEqualTo(5);
    ch.writeOutbound(6);
    ByteBuf out = ch.readOutbound();
    assertThat(out.readInt()).isEqualTo(6);
    out.release();
    ch.pipeline().remove(codec);
    ByteBuf rest = ch.readInbound();
    assertThat(rest.readableBytes()).isEqualTo(1);
    rest.release();
    ch.finish();
  }
}
