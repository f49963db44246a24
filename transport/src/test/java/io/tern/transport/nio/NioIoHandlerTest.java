package io.tern.transport.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.EventLoop;
import io.tern.transport.IoEvent;
import io.tern.transport.IoRegistration;
import io.tern.transport.MultiThreadEventLoopGroup;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NioIoHandlerTest {

  @Test
  void readableChannelIsDispatchedToItsHandle() throws Exception {
    MultiThreadEventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    Pipe pipe = Pipe.open();
    try {
      pipe.source().configureBlocking(false);
      EventLoop loop = group.next();
      assertThat(loop.isCompatible(NioIoHandle.class)).isTrue();
      CountDownLatch readable = new CountDownLatch(1);
      AtomicInteger bytes = new AtomicInteger();
      NioIoHandle handle =
          new NioIoHandle() {
            @Override
            public SelectableChannel selectableChannel() {
              return pipe.source();
            }

            @Override
            public void handle(IoRegistration registration, IoEvent event) {
              if ((((NioIoHandler.Event) event).readyOps() & SelectionKey.OP_READ) != 0) {
                ByteBuffer buf = ByteBuffer.allocate(16);
                try {
                  bytes.addAndGet(pipe.source().read(buf));
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
                readable.countDown();
              }
            }

            @Override
            public void close() throws Exception {
              pipe.source().close();
            }
          };
      IoRegistration registration = loop.register(handle).sync().getNow();
      loop.submit(() -> registration.submit(new NioIoHandler.Ops(SelectionKey.OP_READ))).sync();
      // The loop is now blocked in select(); the write must wake it through readiness.
      pipe.sink().write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
      readable.await();
      assertThat(bytes.get()).isEqualTo(3);
      // Tasks still wake a loop blocked in select().
      assertThat(loop.submit(() -> "woken").sync().getNow()).isEqualTo("woken");
    } finally {
      group.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
      pipe.sink().close();
    }
  }
}
