package io.tern.examples.factorial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.TooLongFrameException;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.embedded.EmbeddedChannel;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FactorialTest {

  private static EmbeddedChannel server(int maxNumberBytes) {
    return new EmbeddedChannel(
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            BigIntegerFrames.addTo(ch.pipeline(), maxNumberBytes);
            ch.pipeline().addLast(new FactorialServerHandler());
          }
        });
  }

  private static BigInteger factorial(int n) {
    return IntStream.rangeClosed(1, n)
        .mapToObj(BigInteger::valueOf)
        .reduce(BigInteger.ONE, BigInteger::multiply);
  }

  /** Frames a number as the wire format says, by hand, independent of the encoder. */
  private static ByteBuf frame(BigInteger n) {
    byte[] bytes = n.toByteArray();
    return Unpooled.buffer().writeInt(bytes.length).writeBytes(bytes);
  }

  @Test
  void serverAnswersEachNumberWithTheRunningProductInTheWireFormat() {
    EmbeddedChannel ch = server(64);
    ByteBuf in = Unpooled.buffer();
    for (int i = 1; i <= 5; i++) {
      ByteBuf one = frame(BigInteger.valueOf(i));
      in.writeBytes(one);
      one.release();
    }
    // Split mid-frame: the length-field decoder reassembles.
    ch.writeInbound(in.readRetainedSlice(7), in.readRetainedSlice(in.readableBytes()));
    in.release();

    ByteBuf out = Unpooled.buffer();
    for (ByteBuf part; (part = ch.readOutbound()) != null; ) {
      out.writeBytes(part);
      part.release();
    }
    for (int i = 1; i <= 5; i++) {
      byte[] product = new byte[out.readInt()];
      out.readBytes(product);
      assertThat(new BigInteger(product)).isEqualTo(factorial(i));
    }
    assertThat(out.isReadable()).isFalse();
    out.release();
    assertThat(ch.finish()).isFalse();
  }

  /** The codec alone: errors reach the tail, where the embedded channel rethrows them. */
  private static EmbeddedChannel codec(int maxNumberBytes) {
    return new EmbeddedChannel(
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            BigIntegerFrames.addTo(ch.pipeline(), maxNumberBytes);
          }
        });
  }

  @Test
  void anEmptyFrameIsATypedError() {
    EmbeddedChannel ch = codec(64);
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.buffer().writeInt(0)))
        .isInstanceOf(CorruptedFrameException.class);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aNumberLongerThanTheLimitFailsBeforeItIsBuffered() {
    EmbeddedChannel ch = codec(8);
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.buffer().writeInt(1 << 30).writeByte(1)))
        .isInstanceOf(TooLongFrameException.class);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void theServerClosesOnBadInput() {
    EmbeddedChannel ch = server(8);
    ch.writeInbound(Unpooled.buffer().writeInt(9).writeZero(9));
    assertThat(ch.isOpen()).as("exceptionCaught closed it").isFalse();
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void clientComputesAThousandFactorialWithTheServerOverNioLoopback() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          FactorialServer.start(
                  nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      BigInteger result =
          FactorialClient.compute(nio, group, server.localAddress(), 1000).sync().getNow();
      assertThat(result).isEqualTo(factorial(1000));
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void clientFailsWhenTheServerGoesAwayEarly() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          FactorialServer.start(
                  nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      InetSocketAddress gone = (InetSocketAddress) server.localAddress();
      server.close().sync();
      assertThat(FactorialClient.compute(nio, group, gone, 10).await().cause()).isNotNull();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
