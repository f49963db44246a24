package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.CompositeByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Many buffers flushed at once go out in gathering writes: more buffers than one system call takes,
 * of every kind (heap, direct, slices with offsets, composites, empty ones), all arrive in order
 * and every write completes, in the order written; a write flushed from the listener of a completed
 * write goes out after it (a transport whose write completes asynchronously must not start it over
 * the vectors of the write still completing).
 */
public abstract class SocketGatheringWriteTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketGatheringWriteTest(TransportUnderTest transport) {
    super(transport);
  }

  /** One buffer of a random kind holding {@code data[off, off + n)}. */
  private static ByteBuf anyKind(Channel ch, SplittableRandom random, byte[] data, int off, int n) {
    return switch (random.nextInt(5)) {
      case 0 -> Unpooled.buffer(n).writeBytes(data, off, n);
      case 1 -> ch.alloc().directBuffer(n).writeBytes(data, off, n);
      case 2 -> { // a slice that does not start at its parent's first byte
        ByteBuf parent = ch.alloc().directBuffer(n + 7).writeZero(7).writeBytes(data, off, n);
        ByteBuf slice = parent.retainedSlice(7, n);
        parent.release();
        yield slice;
      }
      case 3 -> Unpooled.buffer(n + 3).writeZero(3).writeBytes(data, off, n).skipBytes(3);
      default -> {
        CompositeByteBuf c = Unpooled.compositeBuffer();
        int half = n / 2;
        c.addComponent(true, ch.alloc().directBuffer(half).writeBytes(data, off, half));
        c.addComponent(true, Unpooled.buffer(n - half).writeBytes(data, off + half, n - half));
        yield c;
      }
    };
  }

  @Test
  void thousandsOfBuffersInOneFlushArriveInOrderAndCompleteInOrder() throws Exception {
    int buffers = 5000;
    SplittableRandom random = new SplittableRandom(21);
    int[] sizes = new int[buffers];
    int total = 0;
    for (int i = 0; i < buffers; i++) {
      sizes[i] = random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(300);
      total += sizes[i];
    }
    byte[] data = SocketEchoTest.randomBytes(total, 22);
    ByteSink sink = new ByteSink(total);
    Channel server = startServer(sink);
    Channel client = connect(server, new ChannelHandler() {});
    List<Integer> completed = new CopyOnWriteArrayList<>();
    List<Future<Void>> writes = new ArrayList<>();

    Future<?> queued =
        client
            .eventLoop()
            .submit(
                () -> { // on the loop, so that nothing goes out before the one flush
                  int off = 0;
                  for (int i = 0; i < buffers; i++) {
                    int index = i;
                    Future<Void> w = client.write(anyKind(client, random, data, off, sizes[i]));
                    w.addListener(f -> completed.add(index));
                    writes.add(w);
                    off += sizes[i];
                  }
                  client.flush();
                });
    await(queued);

    assertThat(await(sink.done())).isEqualTo(data);
    for (Future<Void> w : writes) {
      await(w);
    }
    // A waiter may wake before the completing thread (the loop) has run the last listener: one
    // round trip through the loop lets it finish.
    await(client.eventLoop().submit(() -> {}));
    assertThat(completed).hasSize(buffers).isSorted();
  }

  @Test
  void writesFlushedFromTheListenerOfACompletedWriteArriveInOrder() throws Exception {
    int chunks = 200;
    int chunkSize = 97;
    byte[] data = SocketEchoTest.randomBytes(chunks * chunkSize, 23);
    ByteSink sink = new ByteSink(data.length);
    Channel server = startServer(sink);
    Channel client = connect(server, new ChannelHandler() {});
    List<Integer> completed = new CopyOnWriteArrayList<>();

    Future<?> first =
        client
            .eventLoop()
            .submit(() -> writeChainFrom(client, data, chunkSize, 0, chunks, completed));
    await(first);

    assertThat(await(sink.done())).isEqualTo(data);
    await(client.eventLoop().submit(() -> {}));
    assertThat(completed).hasSize(chunks).isSorted();
  }

  /** Writes chunk {@code i} with a listener that, once it completes, writes and flushes i + 1. */
  private static void writeChainFrom(
      Channel ch, byte[] data, int chunkSize, int i, int chunks, List<Integer> completed) {
    ByteBuf chunk = ch.alloc().directBuffer(chunkSize).writeBytes(data, i * chunkSize, chunkSize);
    ch.writeAndFlush(chunk)
        .addListener(
            f -> {
              completed.add(i);
              if (f.isSuccess() && i + 1 < chunks) {
                writeChainFrom(ch, data, chunkSize, i + 1, chunks, completed);
              }
            });
  }
}
