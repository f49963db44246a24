package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Bytes written in chunks of random sizes come back intact through an echo server. */
public abstract class SocketEchoTest extends AbstractSocketTest {

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketEchoTest(TransportUnderTest transport) {
    super(transport);
  }

  static byte[] randomBytes(int size, long seed) {
    byte[] data = new byte[size];
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < size; i++) {
      data[i] = (byte) random.nextInt();
    }
    return data;
  }

  /** Writes {@code data} in random chunks (1 byte to 64 KiB), heap and direct, flushing often. */
  static void writeInChunks(Channel ch, byte[] data, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int off = 0;
    while (off < data.length) {
      int n = Math.min(data.length - off, 1 + random.nextInt(65536));
      ByteBuf chunk = random.nextBoolean() ? Unpooled.buffer(n) : ch.alloc().directBuffer(n);
      chunk.writeBytes(data, off, n);
      off += n;
      if (random.nextInt(4) == 0) {
        ch.writeAndFlush(chunk);
      } else {
        ch.write(chunk);
      }
    }
    ch.flush();
  }

  @Test
  void echoesRandomlySizedChunksIntact() throws Exception {
    Channel server = startServer(new EchoHandler());
    byte[] data = randomBytes(1 << 20, 1);
    ByteSink sink = new ByteSink(data.length);
    Channel client = connect(server, sink);

    writeInChunks(client, data, 2);

    assertThat(await(sink.done())).isEqualTo(data);
  }

  @Test
  void echoesToSeveralClientsAtOnce() throws Exception {
    Channel server = startServer(new EchoHandler());
    List<byte[]> sent = new ArrayList<>();
    List<ByteSink> sinks = new ArrayList<>();
    List<Channel> clients = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      byte[] data = randomBytes(128 * 1024, 10 + i);
      ByteSink sink = new ByteSink(data.length);
      sent.add(data);
      sinks.add(sink);
      clients.add(connect(server, sink));
    }
    for (int i = 0; i < clients.size(); i++) {
      writeInChunks(clients.get(i), sent.get(i), 100 + i);
    }
    for (int i = 0; i < sinks.size(); i++) {
      assertThat(await(sinks.get(i).done())).isEqualTo(sent.get(i));
    }
  }

  @Test
  void anEmptyBufferCompletesItsWriteWithoutSendingAnything() throws Exception {
    Channel server = startServer(new EchoHandler());
    ByteSink sink = new ByteSink(3);
    Channel client = connect(server, sink);

    await(client.writeAndFlush(Unpooled.EMPTY_BUFFER));
    client.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}));

    assertThat(await(sink.done())).containsExactly(1, 2, 3);
  }
}
