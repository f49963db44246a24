package io.tern.examples.echo;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EchoHandlersTest {

  @Test
  void serverWritesBackWhatItReadsAndFlushesOnReadComplete() {
    EmbeddedChannel ch = new EmbeddedChannel(new EchoServerHandler());
    ch.writeInbound(Unpooled.copiedBuffer("ping", StandardCharsets.US_ASCII));
    ByteBuf echoed = ch.readOutbound();
    assertThat(echoed.toString(StandardCharsets.US_ASCII)).isEqualTo("ping");
    echoed.release();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void clientSendsNumberedMessagesAndCompletesOnceAllCameBack() {
    Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EmbeddedChannel ch = new EmbeddedChannel(new EchoClientHandler(3, 4, done));
    for (int m = 0; m < 3; m++) {
      ByteBuf message = ch.readOutbound();
      assertThat(message.readableBytes()).isEqualTo(4);
      for (int j = 0; j < 4; j++) {
        assertThat(message.getByte(message.readerIndex() + j)).isEqualTo((byte) (m + j));
      }
      assertThat(done.isDone()).isFalse();
      ch.writeInbound(message); // the echo: split points do not matter
    }
    assertThat(done.isSuccess()).isTrue();
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void clientAcceptsAnEchoSplitAcrossMessageBoundaries() {
    Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EmbeddedChannel ch = new EmbeddedChannel(new EchoClientHandler(2, 3, done));
    ByteBuf all = Unpooled.buffer();
    for (int m = 0; m < 2; m++) {
      ByteBuf message = ch.readOutbound();
      all.writeBytes(message);
      message.release();
    }
    ch.writeInbound(all.readRetainedSlice(1), all.readRetainedSlice(4), all.readRetainedSlice(1));
    all.release();
    assertThat(done.isSuccess()).isTrue();
  }

  @Test
  void clientFailsOnTheFirstWrongByte() {
    Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EmbeddedChannel ch = new EmbeddedChannel(new EchoClientHandler(1, 4, done));
    ByteBuf message = ch.readOutbound();
    message.setByte(message.readerIndex() + 2, 99);
    ch.writeInbound(message);
    assertThat(done.cause()).isInstanceOf(IOException.class).hasMessageContaining("byte 2");
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void clientFailsWhenTheConnectionClosesEarly() {
    Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EmbeddedChannel ch = new EmbeddedChannel(new EchoClientHandler(2, 4, done));
    ch.releaseOutbound();
    ch.close();
    assertThat(done.cause()).isInstanceOf(IOException.class).hasMessageContaining("0 of 8");
  }
}
