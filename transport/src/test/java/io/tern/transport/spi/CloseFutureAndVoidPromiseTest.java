package io.tern.transport.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.FutureListener;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import io.tern.transport.local.LocalAddress;
import io.tern.transport.local.LocalChannel;
import io.tern.transport.local.LocalIoHandler;
import io.tern.transport.local.LocalServerChannel;
import java.nio.channels.ClosedChannelException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A channel creates its close future and void promise on first use (an idle connection nobody
 * watches never needs them): whoever asks first, from whichever thread, before or after the close,
 * every caller sees one instance that behaves as if it had always been there.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CloseFutureAndVoidPromiseTest {
  private static final long TIMEOUT_SECONDS = 10; // a hang guard only

  private EventLoopGroup group;
  private Channel server;

  @BeforeAll
  void startGroup() throws Exception {
    group = new MultiThreadEventLoopGroup(2, LocalIoHandler.newFactory());
    for (var loop : group) {
      loop.submit(() -> {}).sync(); // start the threads now: they belong to the class
    }
  }

  @AfterAll
  void stopGroup() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  @BeforeEach
  void startServer() throws Exception {
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(LocalServerChannel::new)
            .childHandler(new ChannelHandler() {})
            .bind(LocalAddress.ANY)
            .sync()
            .getNow();
  }

  @AfterEach
  void stopServer() throws Exception {
    assertDone(server.close());
  }

  private Channel connect() throws Exception {
    return new Bootstrap()
        .group(group)
        .channelFactory(LocalChannel::new)
        .handler(new ChannelHandler() {})
        .connect(server.localAddress())
        .sync()
        .getNow();
  }

  private static void assertDone(Future<?> f) throws InterruptedException {
    assertThat(f.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
    assertThat(f.isSuccess()).as("%s", f.cause()).isTrue();
  }

  private static <T> T onLoop(Channel ch, Callable<T> task) throws Exception {
    return ch.eventLoop().submit(task).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  @Test
  void aCloseFutureFirstAskedForAfterTheCloseIsAlreadyDone() throws Exception {
    Channel client = connect();

    assertDone(client.close());

    assertThat(client.closeFuture().isSuccess()).isTrue();
    assertThat(onLoop(client, () -> client.closeFuture().isSuccess())).isTrue();
  }

  @Test
  void closeFutureListenersAddedBeforeTheCloseRunOnceOnTheLoop() throws Exception {
    Channel client = connect();
    AtomicInteger runs = new AtomicInteger();
    List<Boolean> onLoop = new CopyOnWriteArrayList<>();
    CountDownLatch ran = new CountDownLatch(2);
    FutureListener<Void> listener =
        f -> {
          runs.incrementAndGet();
          onLoop.add(client.eventLoop().inEventLoop());
          ran.countDown();
        };
    client.closeFuture().addListener(listener); // outside the loop
    onLoop(client, () -> client.closeFuture().addListener(listener)); // inside

    assertThat(client.closeFuture().isDone()).isFalse();
    assertDone(client.close());

    assertThat(ran.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
    assertThat(runs).hasValue(2);
    assertThat(onLoop).containsExactly(true, true);
  }

  @Test
  void closeFutureListenersAddedAfterTheCloseRun() throws Exception {
    Channel client = connect();
    assertDone(client.close());
    CountDownLatch ran = new CountDownLatch(2);
    FutureListener<Void> listener =
        f -> {
          if (f.isSuccess()) {
            ran.countDown();
          }
        };

    client.closeFuture().addListener(listener); // outside the loop
    onLoop(client, () -> client.closeFuture().addListener(listener)); // inside

    assertThat(ran.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void everyThreadGetsTheSameCloseFutureAndVoidPromise() throws Exception {
    for (int round = 0; round < 100; round++) {
      Channel ch = new LocalChannel(group.next()); // nothing asked for yet
      List<Future<Void>> closeFutures = new CopyOnWriteArrayList<>();
      List<Promise<Void>> voidPromises = new CopyOnWriteArrayList<>();
      CountDownLatch start = new CountDownLatch(1);
      Runnable ask =
          () -> {
            try {
              start.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
            closeFutures.add(ch.closeFuture());
            voidPromises.add(ch.voidPromise());
          };
      List<Thread> threads = List.of(new Thread(ask), new Thread(ask), new Thread(ask));
      threads.forEach(Thread::start);
      Future<?> onTheLoop = ch.eventLoop().submit(ask);
      start.countDown();
      for (Thread t : threads) {
        t.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
      }
      assertDone(onTheLoop);

      assertThat(closeFutures).hasSize(4).allSatisfy(f -> assertThat(f).isSameAs(ch.closeFuture()));
      assertThat(voidPromises).hasSize(4).allSatisfy(p -> assertThat(p).isSameAs(ch.voidPromise()));
      assertDone(ch.close()); // never registered: closes without I/O
      assertThat(ch.closeFuture().isSuccess()).isTrue();
    }
  }

  @Test
  void aWriteWithAVoidPromiseFirstAskedForAfterTheCloseIsReleased() throws Exception {
    Channel client = connect();
    assertDone(client.close());
    ByteBuf buf = Unpooled.buffer(4).writeInt(1);

    Promise<Void> voidPromise = client.voidPromise();
    client.writeAndFlush(buf, voidPromise);
    onLoop(client, () -> null); // the write ran before this task

    assertThat(VoidChannelPromise.isVoid(voidPromise)).isTrue();
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void aWriteAfterACloseBeforeAnyWriteFailsAndIsReleased() throws Exception {
    Channel client = connect();
    assertDone(client.close());
    ByteBuf buf = Unpooled.buffer(4).writeInt(1);

    Future<Void> write = client.writeAndFlush(buf);

    assertThat(write.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
    assertThat(write.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(buf.refCnt()).isZero();
  }

  @Test
  void aSecondCloseCompletesWithTheFirst() throws Exception {
    Channel client = connect();
    Future<Void> first = client.close();
    Future<Void> second = client.close();

    assertDone(first);
    assertDone(second);
    assertThat(client.closeFuture().isSuccess()).isTrue();
  }

  @Test
  void aVoidPromiseFailureBeforeTheCloseReachesThePipeline() throws Exception {
    List<Throwable> caught = new CopyOnWriteArrayList<>();
    CountDownLatch failed = new CountDownLatch(1);
    Channel client = connect();
    onLoop(
        client,
        () ->
            client
                .pipeline()
                .addLast(
                    new ChannelHandler() {
                      @Override
                      public void write(
                          ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
                        ReferenceCountUtil.release(msg);
                        promise.tryFailure(new IllegalStateException("refused"));
                      }

                      @Override
                      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                        caught.add(cause);
                        failed.countDown();
                      }
                    }));

    client.writeAndFlush(Unpooled.buffer(4).writeInt(1), client.voidPromise());

    assertThat(failed.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
    assertThat(caught).singleElement().isInstanceOf(IllegalStateException.class);
    assertDone(client.close());
  }
}
