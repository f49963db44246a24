package io.tern.testsuite.socket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.testsuite.transport.TransportUnderTest;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.DefaultFileRegion;
import io.tern.transport.channel.FileRegion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A file region is sent without copying through the JVM (where the transport can) and intact. */
public abstract class SocketFileRegionTest extends AbstractSocketTest {
  private static final int SIZE = 4 * 1024 * 1024;
  private Path file;
  private byte[] content;

  /**
   * Creates the test.
   *
   * @param transport the transport to run over
   */
  protected SocketFileRegionTest(TransportUnderTest transport) {
    super(transport);
  }

  @BeforeAll
  void createFile() throws IOException {
    content = SocketEchoTest.randomBytes(SIZE, 11);
    file = Files.createTempFile("tern-file-region", ".bin");
    Files.write(file, content);
  }

  @AfterAll
  void deleteFile() throws IOException {
    Files.deleteIfExists(file);
  }

  /** Sends one region when the connection becomes active, then reports the write's outcome. */
  static final class SendOnActive implements ChannelHandler {
    final Promise<FileRegion> sent = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    private final Path file;
    private final long position;
    private final long count;

    SendOnActive(Path file, long position, long count) {
      this.file = file;
      this.position = position;
      this.count = count;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      FileRegion region = new DefaultFileRegion(file, position, count);
      ctx.writeAndFlush(region)
          .addListener(
              f -> {
                if (f.isSuccess()) {
                  sent.trySuccess(region);
                } else {
                  sent.tryFailure(f.cause());
                }
              });
    }
  }

  @Test
  void aWholeFileArrivesIntact() throws Exception {
    SendOnActive sender = new SendOnActive(file, 0, SIZE);
    Channel server = startServer(sender);
    Crc32Sink sink = new Crc32Sink(SIZE);
    connect(server, sink);

    assertThat(await(sink.done())).isEqualTo(Crc32Sink.crcOf(content));
    FileRegion region = await(sender.sent);
    assertThat(region.transferred()).isEqualTo(SIZE);
    assertThat(region.refCnt()).isZero(); // released once written
  }

  @Test
  void aRegionInsideTheFileSendsOnlyItsBytes() throws Exception {
    int position = 1000;
    int count = SIZE - 5000;
    SendOnActive sender = new SendOnActive(file, position, count);
    Channel server = startServer(sender);
    ByteSink sink = new ByteSink(count);
    connect(server, sink);

    assertThat(await(sink.done()))
        .isEqualTo(Arrays.copyOfRange(content, position, position + count));
    await(sender.sent);
  }

  @Test
  void aRegionBeyondTheEndOfTheFileFailsItsWrite() throws Exception {
    SendOnActive sender = new SendOnActive(file, SIZE - 10, 100);
    Channel server = startServer(sender);
    connect(server, new ChannelHandler() {});

    Future<FileRegion> outcome = awaitDone(sender.sent);
    assertThat(outcome.cause()).isInstanceOf(IOException.class);
  }
}
