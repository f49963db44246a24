package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.VirtualThreadOffloadGroup;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.local.LocalChannel;
import io.tern.transport.local.LocalIoHandler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OffloadingHandlerTest {
  private static final long TIMEOUT = 30;
  private EventLoopGroup group;
  private VirtualThreadOffloadGroup offload;
  private LocalChannel ch;

  @BeforeAll
  void startGroup() throws Exception {
    group = new MultiThreadEventLoopGroup(1, LocalIoHandler.newFactory());
    group.next().submit(() -> {}).sync();
  }

  @AfterAll
  void stopGroup() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  @BeforeEach
  void newChannel() throws Exception {
    offload = new VirtualThreadOffloadGroup("offload-test");
    ch = new LocalChannel(group.next());
    ch.register().get(TIMEOUT, TimeUnit.SECONDS);
  }

  @AfterEach
  void closeChannel() throws Exception {
    ch.close().await(TIMEOUT, TimeUnit.SECONDS);
    offload.close();
  }

  /** Collects what reaches the end of the pipeline, with the thread each message arrived on. */
  static final class Collector implements ChannelHandler {
    final List<Object> received = new CopyOnWriteArrayList<>();
    final List<Throwable> caught = new CopyOnWriteArrayList<>();
    final CountDownLatch reads;
    final Promise<Throwable> firstCaught = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);

    Collector(int expectedReads) {
      reads = new CountDownLatch(expectedReads);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      received.add(msg);
      reads.countDown();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      caught.add(cause);
      firstCaught.trySuccess(cause);
    }
  }

  @Test
  void aBlockedHandlerLeavesTheLoopFreeAndKeepsTheOrderOfMessages() throws Exception {
    CountDownLatch unblock = new CountDownLatch(1);
    List<Boolean> onVirtualThread = new CopyOnWriteArrayList<>();
    Collector collector = new Collector(3);
    ch.pipeline()
        .addLast(
            offload,
            "blocking",
            new ChannelHandler() {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                onVirtualThread.add(Thread.currentThread().isVirtual());
                unblock.await(); // blocks a virtual thread, never the loop
                ctx.fireChannelRead(msg);
              }
            })
        .addLast(collector);

    for (int i = 0; i < 3; i++) {
      ch.pipeline().fireChannelRead(i);
    }
    // The loop still runs tasks while the handler is blocked.
    assertThat(ch.eventLoop().submit(() -> "loop free").get(TIMEOUT, TimeUnit.SECONDS))
        .isEqualTo("loop free");
    assertThat(collector.received).isEmpty();
    unblock.countDown();

    assertThat(collector.reads.await(TIMEOUT, TimeUnit.SECONDS)).isTrue();
    assertThat(collector.received).containsExactly(0, 1, 2);
    assertThat(onVirtualThread).containsExactly(true, true, true);
  }

  @Test
  void theWrappedHandlerSeesItselfInItsContextAndWritesThroughIt() throws Exception {
    List<Object> written = new CopyOnWriteArrayList<>();
    Promise<ChannelHandler> seen = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    ChannelHandler blocking =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            ctx.writeAndFlush("answer to " + msg).sync(); // blocking on a future is allowed here
            seen.trySuccess(ctx.handler()); // after the write completed: the test reads it next
          }
        };
    ch.pipeline()
        .addLast(
            "recorder",
            new ChannelHandler() {
              @Override
              public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
                written.add(msg);
                promise.trySuccess(null);
              }
            })
        .addLast(offload, "blocking", blocking);

    ch.pipeline().fireChannelRead("question");

    assertThat(seen.get(TIMEOUT, TimeUnit.SECONDS)).isSameAs(blocking);
    assertThat(ch.pipeline().get("blocking")).isInstanceOf(OffloadingHandler.class);
    // The write completed before the handler returned; read the list on the loop after it.
    assertThat(ch.eventLoop().submit(() -> List.copyOf(written)).get(TIMEOUT, TimeUnit.SECONDS))
        .containsExactly("answer to question");
  }

  @Test
  void anInboundExceptionGoesToTheNextHandlerAndAnOutboundOneFailsItsPromise() throws Exception {
    Collector collector = new Collector(0);
    ch.pipeline()
        .addLast(
            offload,
            "failing",
            new ChannelHandler() {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ((ByteBuf) msg).release();
                throw new IllegalStateException("read failed");
              }

              @Override
              public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
                ((ByteBuf) msg).release();
                throw new IllegalStateException("write failed");
              }
            })
        .addLast(collector);

    ch.pipeline().fireChannelRead(Unpooled.buffer(1).writeByte(1));
    Future<Void> write = ch.writeAndFlush(Unpooled.buffer(1).writeByte(2));

    assertThat(collector.firstCaught.get(TIMEOUT, TimeUnit.SECONDS)).hasMessage("read failed");
    assertThat(write.await(TIMEOUT, TimeUnit.SECONDS)).isTrue();
    assertThat(write.cause()).hasMessage("write failed");
  }

  @Test
  void afterTheGroupClosesMessagesAreReleasedAndTheChannelStillCloses() throws Exception {
    Collector collector = new Collector(0);
    List<String> events = new CopyOnWriteArrayList<>();
    ch.pipeline()
        .addLast(
            offload,
            "blocking",
            new ChannelHandler() {
              @Override
              public void channelInactive(ChannelHandlerContext ctx) {
                events.add("inactive"); // never: the group is closed by then
              }
            })
        .addLast(collector);
    offload.close();
    ByteBuf msg = Unpooled.buffer(1).writeByte(1);

    ch.pipeline().fireChannelRead(msg);

    assertThat(collector.firstCaught.get(TIMEOUT, TimeUnit.SECONDS))
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(msg.refCnt()).isZero();
    assertThat(collector.received).isEmpty();
    assertThat(ch.close().await(TIMEOUT, TimeUnit.SECONDS)).isTrue();
    assertThat(ch.isOpen()).isFalse();
    assertThat(events).isEmpty();
  }

  @Test
  void eventsReachTheWrappedHandlerInTheOrderTheLoopFiredThem() throws Exception {
    List<String> events = new CopyOnWriteArrayList<>();
    Promise<Void> removed = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    ch.pipeline()
        .addLast(
            offload,
            "recording",
            new ChannelHandler() {
              @Override
              public void handlerAdded(ChannelHandlerContext ctx) {
                events.add("added");
              }

              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                events.add("read " + msg);
              }

              @Override
              public void channelReadComplete(ChannelHandlerContext ctx) {
                events.add("readComplete");
              }

              @Override
              public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                events.add("event " + evt);
              }

              @Override
              public void handlerRemoved(ChannelHandlerContext ctx) {
                events.add("removed");
                removed.trySuccess(null);
              }
            });

    // On the loop: from another thread the removal would take effect before the queued events.
    ch.eventLoop()
        .execute(
            () -> {
              ch.pipeline().fireChannelRead("a");
              ch.pipeline().fireChannelRead("b");
              ch.pipeline().fireChannelReadComplete();
              ch.pipeline().fireUserEventTriggered("x");
              ch.pipeline().remove("recording");
            });

    removed.get(TIMEOUT, TimeUnit.SECONDS);
    assertThat(events)
        .containsExactly("added", "read a", "read b", "readComplete", "event x", "removed");
  }
}
