package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Promise;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class VoidChannelPromiseTest {

  /** Records what reaches exceptionCaught (inbound, so it sits anywhere in the pipeline). */
  private static final class Failures implements ChannelHandler {
    final List<Throwable> caught = new ArrayList<>();

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      caught.add(cause);
    }
  }

  /** Fails every write after releasing its message. */
  private static final class FailingWriter implements ChannelHandler {
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      io.tern.common.ReferenceCountUtil.release(msg);
      throw new IllegalStateException("write refused");
    }
  }

  @Test
  void aChannelHandsOutOneVoidPromiseAndItsContextsTheSame() {
    Failures failures = new Failures();
    EmbeddedChannel ch = new EmbeddedChannel(failures);
    Promise<Void> promise = ch.voidPromise();

    assertThat(ch.voidPromise()).isSameAs(promise);
    assertThat(ch.pipeline().context(failures).voidPromise()).isSameAs(promise);
    assertThat(VoidChannelPromise.isVoid(promise)).isTrue();
    assertThat(VoidChannelPromise.isVoid(ch.newPromise())).isFalse();
    ch.finish();
  }

  @Test
  void aWriteWithTheVoidPromiseIsWrittenAndCompletesNothing() {
    Failures failures = new Failures();
    EmbeddedChannel ch = new EmbeddedChannel(failures);
    ByteBuf buf = Unpooled.buffer(4).writeInt(42);

    ch.writeAndFlush(buf, ch.voidPromise());

    ByteBuf written = ch.readOutbound();
    assertThat(written).isSameAs(buf);
    assertThat(written.readInt()).isEqualTo(42);
    written.release();
    assertThat(ch.voidPromise().isDone()).isFalse();
    assertThat(ch.voidPromise().isSuccess()).isFalse();
    assertThat(failures.caught).isEmpty();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void aFailedWriteWithTheVoidPromiseIsFiredAsExceptionCaught() {
    Failures failures = new Failures();
    EmbeddedChannel ch = new EmbeddedChannel(new FailingWriter(), failures);
    ByteBuf buf = Unpooled.buffer(4).writeInt(42);

    ch.writeAndFlush(buf, ch.voidPromise());

    assertThat(failures.caught).hasSize(1);
    assertThat(failures.caught.get(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("write refused");
    assertThat(buf.refCnt()).isZero();
    assertThat(ch.voidPromise().cause()).isNull();
    ch.finish();
  }

  @Test
  void theVoidPromiseCannotBeListenedToOrWaitedFor() {
    EmbeddedChannel ch = new EmbeddedChannel();
    Promise<Void> promise = ch.voidPromise();

    assertThatThrownBy(() -> promise.addListener(f -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("unvoid");
    assertThatThrownBy(promise::sync).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(promise::await).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> promise.await(1, TimeUnit.SECONDS))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(promise::get).isInstanceOf(IllegalStateException.class);
    assertThat(promise.cancel(false)).isFalse();
    assertThat(promise.setUncancellable()).isTrue();
    assertThat(promise.trySuccess(null)).isFalse();
    assertThat(promise.isDone()).isFalse();
    ch.finish();
  }

  @Test
  void unvoidKeepsAnOrdinaryPromise() {
    EmbeddedChannel ch = new EmbeddedChannel();
    Promise<Void> promise = new DefaultPromise<>(ch.eventLoop());

    assertThat(VoidChannelPromise.unvoid(promise)).isSameAs(promise);
    ch.finish();
  }

  @Test
  void unvoidGivesAListenablePromiseWhoseFailureStillReachesThePipeline() {
    Failures failures = new Failures();
    EmbeddedChannel ch = new EmbeddedChannel(new FailingWriter(), failures);
    Promise<Void> listened = VoidChannelPromise.unvoid(ch.voidPromise());
    List<Throwable> seen = new ArrayList<>();
    listened.addListener(f -> seen.add(f.cause()));

    ch.writeAndFlush(Unpooled.buffer(4).writeInt(42), listened);

    assertThat(seen).singleElement().isInstanceOf(IllegalStateException.class);
    assertThat(failures.caught).singleElement().isSameAs(seen.get(0));
    ch.finish();
  }

  @Test
  void unflushedVoidWritesAreReleasedWhenTheChannelCloses() {
    Failures failures = new Failures();
    EmbeddedChannel ch = new EmbeddedChannel(failures);
    ByteBuf buf = Unpooled.buffer(4).writeInt(42);

    ch.write(buf, ch.voidPromise());
    assertThat(ch.finish()).isFalse();

    assertThat(buf.refCnt()).isZero();
  }
}
