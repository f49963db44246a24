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
import org.junit.jupiter.api.Test;

/** Tens of MiB in one write, or in many, arrive complete; every write's promise completes. */
public abstract class SocketLargeWriteTest extends AbstractSocketTest {
  private static final int SIZE = 32 * 1024 * 1024;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketLargeWriteTest(TransportUnderTest transport) {
    super(transport);
  }

  @Test
  void oneWriteOfThirtyTwoMibArrivesComplete() throws Exception {
    byte[] data = SocketEchoTest.randomBytes(SIZE, 8);
    Crc32Sink sink = new Crc32Sink(SIZE);
    Channel server = startServer(sink);
    Channel client = connect(server, new ChannelHandler() {});

    Future<Void> written = client.writeAndFlush(Unpooled.wrappedBuffer(data));

    assertThat(await(sink.done())).isEqualTo(Crc32Sink.crcOf(data));
    await(written);
  }

  @Test
  void manySmallWritesAndACompositeArriveInOrder() throws Exception {
    byte[] data = SocketEchoTest.randomBytes(SIZE, 9);
    Crc32Sink sink = new Crc32Sink(SIZE);
    Channel server = startServer(sink);
    Channel client = connect(server, new ChannelHandler() {});
    int half = SIZE / 2;
    List<Future<Void>> writes = new ArrayList<>();

    for (int off = 0; off < half; off += 4096) {
      writes.add(client.write(Unpooled.wrappedBuffer(data, off, 4096)));
    }
    CompositeByteBuf composite = Unpooled.compositeBuffer(64);
    for (int off = half; off < SIZE; off += half / 16) {
      ByteBuf part = client.alloc().directBuffer(half / 16).writeBytes(data, off, half / 16);
      composite.addComponent(true, part);
    }
    writes.add(client.writeAndFlush(composite));

    assertThat(await(sink.done())).isEqualTo(Crc32Sink.crcOf(data));
    for (Future<Void> w : writes) {
      await(w);
    }
  }
}
