package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.iouring.IoUringLoops.bufferRingOf;
import static io.tern.transport.linux.iouring.IoUringLoops.onLoop;
import static io.tern.transport.linux.iouring.IoUringLoops.recycleBuffer;
import static io.tern.transport.linux.iouring.IoUringLoops.takeBuffer;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.transport.EventLoop;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.FdLeakCheck;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.iouring.IoUringLoops.TestHandle;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The handler's provided buffer ring under a multishot receive: whole buffers handed over and their
 * ids refilled, incremental buffers packing small messages one after the other, and a ring that
 * keeps its buffers through many ends of input.
 */
@ExtendWith(FdLeakCheck.class)
class IoUringBufferRingTest {
  @RegisterExtension final IoUringLoops loops = new IoUringLoops();

  @Test
  void bufferRingHandsOverFilledBuffersAndRefillsTheirIds() throws Exception {
    EventLoop loop =
        loops.newLoop(IoUringLoops.small().withBufferRing(4, 16).withIncrementalBuffers(false));
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    try {
      Received received = receiveMultishot(loop, pair[0]);
      // Ten messages through one multishot request and a ring of four buffers.
      sendTwoByteMessages(pair[1], received);
      assertThat(Set.copyOf(received.bufferIds)).hasSize(4);
      pair[1].close();
      assertThat(received.next()).isEqualTo("ended: 0"); // end of stream
    } finally {
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void incrementalBufferRingPacksSmallMessagesIntoOneBufferAndMovesOnWhenItIsFull()
      throws Exception {
    EventLoop loop = loops.newLoop(IoUringLoops.small().withBufferRing(4, 16));
    IoUringIoHandler handler = loops.handler(loop);
    assertThat(onLoop(loop, () -> bufferRingOf(handler).incremental())).isTrue();
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    try {
      Received received = receiveMultishot(loop, pair[0]);
      // Two-byte messages into 16-byte buffers: eight share the first buffer, the rest the next.
      sendTwoByteMessages(pair[1], received);
      List<Integer> ids = received.bufferIds;
      assertThat(ids.subList(0, 8)).containsOnly(ids.get(0));
      assertThat(ids.subList(8, 10)).containsOnly(ids.get(8));
      assertThat(ids.get(8)).isNotEqualTo(ids.get(0));
      pair[1].close();
      assertThat(received.next()).isEqualTo("ended: 0");
    } finally {
      pair[0].close();
      pair[1].close();
    }
  }

  @Test
  void incrementalBufferRingKeepsItsBuffersThroughManyEndsOfInput() throws Exception {
    // Two buffers: if an end of input (a completion without data) lost a buffer of the ring, the
    // third connection would find the ring empty (ENOBUFS) instead of its bytes.
    EventLoop loop = loops.newLoop(IoUringLoops.small().withBufferRing(2, 16));
    MemorySegment out = loops.arena().allocate(16);
    out.setString(0, "abc", StandardCharsets.US_ASCII);
    for (int i = 0; i < 12; i++) {
      Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
      try {
        Received received = receiveMultishot(loop, pair[0]);
        assertThat(pair[1].send(out.address(), 3)).isEqualTo(3);
        pair[1].close();
        // The three bytes may arrive in two pieces when they straddle the end of a buffer.
        StringBuilder bytes = new StringBuilder();
        String chunk;
        while ((chunk = received.next()) != null && !chunk.startsWith("ended")) {
          bytes.append(chunk);
        }
        assertThat(bytes).hasToString("abc");
        assertThat(chunk).isEqualTo("ended: 0");
        onLoop(loop, received.registration::cancel);
      } finally {
        pair[0].close();
        pair[1].close();
      }
    }
  }

  /** What a multishot receive delivered: the text of each piece, in order, and its buffer id. */
  private static final class Received {
    final BlockingQueue<String> chunks = new LinkedBlockingQueue<>();
    final List<Integer> bufferIds = new CopyOnWriteArrayList<>();
    IoRegistration registration;

    /** The next piece, or {@code "ended: RES"} for the request's last completion (10 s guard). */
    String next() throws InterruptedException {
      return chunks.poll(10, TimeUnit.SECONDS);
    }
  }

  /** Registers {@code socket} and arms a multishot receive over the loop's buffer ring. */
  private Received receiveMultishot(EventLoop loop, Socket socket) throws Exception {
    IoUringIoHandler handler = loops.handler(loop);
    Received received = new Received();
    TestHandle h =
        new TestHandle(
            socket,
            (reg, ev) -> {
              if (ev.res() > 0) {
                received.bufferIds.add(ev.bufferId());
                ByteBuf b = takeBuffer(handler, ev);
                received.chunks.add(b.toString(StandardCharsets.US_ASCII));
                b.release();
              } else if (ev.bufferId() >= 0) {
                recycleBuffer(handler, ev);
              }
              if (!ev.hasMore()) {
                received.chunks.add("ended: " + ev.res());
              }
            });
    IoRegistration reg = loop.register(h).get(10, TimeUnit.SECONDS);
    received.registration = reg;
    short group = onLoop(loop, () -> bufferRingOf(handler).groupId());
    onLoop(
        loop, () -> reg.submit(IoUringIoOps.newRecvMultishot(socket.intValue(), group, (short) 0)));
    return received;
  }

  /** Sends "m0" to "m9" one at a time, each received before the next is sent. */
  private void sendTwoByteMessages(Socket sender, Received received) throws Exception {
    MemorySegment out = loops.arena().allocate(16);
    for (int i = 0; i < 10; i++) {
      byte[] msg = ("m" + i).getBytes(StandardCharsets.US_ASCII);
      MemorySegment.copy(msg, 0, out, ValueLayout.JAVA_BYTE, 0, 2);
      assertThat(sender.send(out.address(), 2)).isEqualTo(2);
      assertThat(received.next()).isEqualTo("m" + i);
    }
  }
}
