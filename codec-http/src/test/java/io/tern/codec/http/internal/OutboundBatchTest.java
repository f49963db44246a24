package io.tern.codec.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A batch holds appended bytes in one buffer until it is passed on as one write, drops the bytes of
 * a failed append, releases what it holds when told, and sizes new buffers from the batches before.
 */
class OutboundBatchTest {
  private final ChannelHandler encoder = new ChannelHandler() {};
  private EmbeddedChannel ch;
  private ChannelHandlerContext ctx;

  @BeforeEach
  void setUp() {
    ch = new EmbeddedChannel(encoder);
    ctx = ch.pipeline().context(encoder);
  }

  @AfterEach
  void tearDown() {
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  private static void append(OutboundBatch batch, ChannelHandlerContext ctx, String s) {
    ByteBuf b = batch.take(ctx, 16);
    b.writeCharSequence(s, StandardCharsets.US_ASCII);
    batch.put(b);
  }

  /** Reads the one outbound buffer, checks it is the last, returns its text and releases it. */
  private String written() {
    ByteBuf b = ch.readOutbound();
    assertThat(b).isNotNull();
    assertThat(ch.outboundMessages()).isEmpty();
    String s = b.toString(StandardCharsets.US_ASCII);
    b.release();
    return s;
  }

  @Test
  void appendedBytesStayUntilPassedOnAsOneWrite() {
    OutboundBatch batch = new OutboundBatch(1024);
    append(batch, ctx, "one ");
    append(batch, ctx, "two ");
    append(batch, ctx, "three");
    ch.flush();
    assertThat(ch.outboundMessages()).isEmpty();
    assertThat(batch.readableBytes()).isEqualTo(13);

    batch.pass(ctx);
    ch.flush();

    ByteBuf b = ch.readOutbound();
    assertThat(b.toString(StandardCharsets.US_ASCII)).isEqualTo("one two three");
    assertThat(b.refCnt()).isOne();
    b.release();
    assertThat(b.refCnt()).isZero();
    assertThat(batch.readableBytes()).isZero();
  }

  @Test
  void takingAgainReturnsTheSameBufferUntilItIsPassedOn() {
    OutboundBatch batch = new OutboundBatch(1024);
    ByteBuf first = batch.take(ctx, 16);
    batch.put(first);

    ByteBuf again = batch.take(ctx, 16);
    batch.put(again);

    assertThat(again).isSameAs(first);
    batch.release();
  }

  @Test
  void aRollBackDropsTheFailedBytesAndKeepsThoseBefore() {
    OutboundBatch batch = new OutboundBatch(1024);
    append(batch, ctx, "kept");
    ByteBuf b = batch.take(ctx, 16);
    b.writeCharSequence("dropped", StandardCharsets.US_ASCII);

    batch.rollBack(b);
    append(batch, ctx, "+next");
    batch.pass(ctx);
    ch.flush();

    assertThat(written()).isEqualTo("kept+next");
  }

  @Test
  void aRolledBackNewBufferIsReleasedInsteadOfWritten() {
    OutboundBatch batch = new OutboundBatch(1024);
    ByteBuf b = batch.take(ctx, 16);
    b.writeCharSequence("dropped", StandardCharsets.US_ASCII);
    batch.rollBack(b);
    assertThat(batch.readableBytes()).isZero();

    batch.pass(ctx);
    ch.flush();

    assertThat(ch.outboundMessages()).isEmpty();
    assertThat(b.refCnt()).isZero();
  }

  @Test
  void anotherBufferPutBackInPlaceOfTheTakenOneIsAppendedToNext() {
    OutboundBatch batch = new OutboundBatch(1024);
    ByteBuf taken = batch.take(ctx, 16);
    taken.writeCharSequence("head", StandardCharsets.US_ASCII);
    // As an encoder does around a large payload: the taken buffer goes first, a new one follows.
    ctx.write(taken, ctx.voidPromise());
    ByteBuf tail = ctx.alloc().buffer(16);
    tail.writeCharSequence("tail", StandardCharsets.US_ASCII);
    batch.put(tail);
    append(batch, ctx, "+more");

    batch.pass(ctx);
    ch.flush();

    ByteBuf first = ch.readOutbound();
    assertThat(first.toString(StandardCharsets.US_ASCII)).isEqualTo("head");
    first.release();
    assertThat(written()).isEqualTo("tail+more");
  }

  @Test
  void passingWithAPromiseCompletesItOnceTheBytesAreWritten() {
    OutboundBatch batch = new OutboundBatch(1024);
    append(batch, ctx, "abc");
    Promise<Void> promise = ctx.newPromise();

    batch.pass(ctx, promise);
    assertThat(batch.readableBytes()).isZero();
    ch.flush();

    assertThat(promise.isSuccess()).isTrue();
    assertThat(written()).isEqualTo("abc");
  }

  @Test
  void passingWithAPromiseAndNothingPendingStillCompletesIt() {
    OutboundBatch batch = new OutboundBatch(1024);
    Promise<Void> promise = ctx.newPromise();

    batch.pass(ctx, promise);
    ch.flush();

    assertThat(promise.isSuccess()).isTrue();
    assertThat(written()).isEmpty();
  }

  @Test
  void passingWithNothingPendingWritesNothing() {
    OutboundBatch batch = new OutboundBatch(1024);

    batch.pass(ctx);
    ch.flush();

    assertThat(ch.outboundMessages()).isEmpty();
  }

  @Test
  void releaseFreesThePendingBufferAndWritesNothing() {
    OutboundBatch batch = new OutboundBatch(1024);
    ByteBuf b = batch.take(ctx, 16);
    b.writeCharSequence("never sent", StandardCharsets.US_ASCII);
    batch.put(b);

    batch.release();
    batch.release(); // nothing left: a no-op
    batch.pass(ctx);
    ch.flush();

    assertThat(b.refCnt()).isZero();
    assertThat(batch.readableBytes()).isZero();
    assertThat(ch.outboundMessages()).isEmpty();
  }

  @Test
  void releasedOnTheRemovalOfAnEncoderFromAClosedChannel() {
    OutboundBatch batch = new OutboundBatch(1024);
    ByteBuf[] held = new ByteBuf[1];
    ChannelHandler holder =
        new ChannelHandler() {
          @Override
          public void handlerAdded(ChannelHandlerContext c) {
            held[0] = c.alloc().buffer(16);
            held[0].writeCharSequence("unflushed", StandardCharsets.US_ASCII);
            batch.put(held[0]);
          }

          @Override
          public void handlerRemoved(ChannelHandlerContext c) {
            if (c.channel().isActive()) {
              batch.pass(c);
            } else {
              batch.release();
            }
          }
        };
    ch.pipeline().addLast(holder);

    ch.close();

    assertThat(held[0].refCnt()).isZero();
    assertThat(ch.outboundMessages()).isEmpty();
  }

  /** Returns the capacity of the buffer the batch would append to next (put back as it was). */
  private int nextCapacity(OutboundBatch batch, int minCapacity) {
    ByteBuf b = batch.take(ctx, minCapacity);
    batch.put(b);
    return b.capacity();
  }

  /** Appends {@code size} bytes and passes the batch on. */
  private void passBatchOf(OutboundBatch batch, int size) {
    ByteBuf b = batch.take(ctx, 16);
    b.writeZero(size);
    batch.put(b);
    batch.pass(ctx);
  }

  @Test
  void aNewBufferIsSizedFromTheBatchesPassedOnUpToTheBound() {
    OutboundBatch batch = new OutboundBatch(1000);
    assertThat(nextCapacity(batch, 16)).isEqualTo(16);

    passBatchOf(batch, 800);
    // a quarter of the estimate before (0), three quarters of the size passed on, 16 bytes more
    assertThat(nextCapacity(batch, 16)).isEqualTo(800 * 3 / 4 + 16);

    passBatchOf(batch, 4000);
    assertThat(nextCapacity(batch, 16)).isEqualTo(1000);
    batch.release();
    ch.releaseOutbound();
  }

  @Test
  void theLeastCapacityAskedForWinsOverASmallerEstimate() {
    OutboundBatch batch = new OutboundBatch(4096);
    passBatchOf(batch, 1);

    assertThat(nextCapacity(batch, 4096)).isEqualTo(4096);
    batch.release();
    ch.releaseOutbound();
  }

  @Test
  void aPromisePassedOnFailsWhenTheChannelIsClosed() {
    OutboundBatch batch = new OutboundBatch(1024);
    append(batch, ctx, "late");
    ch.close();
    Promise<Void> promise = ctx.newPromise();

    batch.pass(ctx, promise);

    assertThat(promise.isDone()).isTrue();
    assertThat(promise.isSuccess()).isFalse();
    assertThat(batch.readableBytes()).isZero();
  }
}
