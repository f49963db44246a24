package io.tern.handler.stream;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChunkedWriteHandlerTest {

  private static byte[] data(int n) {
    byte[] bytes = new byte[n];
    new Random(n).nextBytes(bytes);
    return bytes;
  }

  /** Reads every outbound buffer, returns the chunk sizes; {@code into} gets the bytes. */
  private static List<Integer> drain(EmbeddedChannel ch, ByteArrayOutputStream into) {
    List<Integer> sizes = new ArrayList<>();
    Object msg;
    while ((msg = ch.readOutbound()) != null) {
      if (msg instanceof ByteBuf buf) {
        sizes.add(buf.readableBytes());
        byte[] bytes = new byte[buf.readableBytes()];
        buf.readBytes(bytes);
        into.writeBytes(bytes);
        buf.release();
      } else {
        into.writeBytes(msg.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      }
    }
    return sizes;
  }

  @Test
  void fileGoesOutInChunksAndTheWriteCompletesWithTheLast(@TempDir Path dir) throws Exception {
    byte[] content = data(100_000);
    Path file = dir.resolve("f.bin");
    Files.write(file, content);
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    ChunkedNioFile input = new ChunkedNioFile(channel, 8192);
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());

    Future<Void> write = ch.writeAndFlush(input);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<Integer> sizes = drain(ch, out);
    assertThat(out.toByteArray()).isEqualTo(content);
    assertThat(sizes).hasSize(13).allSatisfy(s -> assertThat(s).isLessThanOrEqualTo(8192));
    assertThat(write.isSuccess()).isTrue();
    assertThat(channel.isOpen()).as("closed once done").isFalse();
    assertThat(input.progress()).isEqualTo(input.length()).isEqualTo(100_000);
    ch.finish();
  }

  @Test
  void fileRegionOfARandomAccessFileLeavesTheFilePointerAlone(@TempDir Path dir) throws Exception {
    byte[] content = data(10_000);
    Path path = dir.resolve("r.bin");
    Files.write(path, content);
    RandomAccessFile file = new RandomAccessFile(path.toFile(), "r");
    file.seek(5);
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());

    ch.writeAndFlush(new ChunkedFile(file, 1000, 3000, 1024));

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThat(drain(ch, out)).containsExactly(1024, 1024, 952);
    assertThat(out.toByteArray()).isEqualTo(java.util.Arrays.copyOfRange(content, 1000, 4000));
    ch.finish();
  }

  @Test
  void streamIsReadUntilItsEnd() throws Exception {
    byte[] content = data(20_000);
    ChunkedStream input = new ChunkedStream(new ByteArrayInputStream(content), 4096);
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());

    Future<Void> write = ch.writeAndFlush(input);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    drain(ch, out);
    assertThat(out.toByteArray()).isEqualTo(content);
    assertThat(write.isSuccess()).isTrue();
    assertThat(input.progress()).isEqualTo(20_000);
    assertThat(input.length()).isEqualTo(-1);
    ch.finish();
  }

  @Test
  void otherMessagesKeepTheirPlaceAroundAnInput() {
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());

    ch.write("<");
    ch.write(new ChunkedStream(new ByteArrayInputStream("middle".getBytes(UTF_8)), 3));
    ch.write(">");
    ch.flush();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    drain(ch, out);
    assertThat(out.toString(UTF_8)).isEqualTo("<middle>");
    ch.finish();
  }

  /** Makes the channel unwritable after a number of writes have passed it. */
  static final class Throttle implements ChannelHandler {
    int allowed;

    Throttle(int allowed) {
      this.allowed = allowed;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      ctx.write(msg, promise);
      if (--allowed == 0) {
        ctx.channel().userDefinedWritability(1, false);
      }
    }
  }

  @Test
  void pausesWhileTheChannelIsUnwritableAndResumesWhenItIsWritableAgain() {
    byte[] content = data(10 * 1024);
    EmbeddedChannel ch = new EmbeddedChannel(new Throttle(3), new ChunkedWriteHandler());

    Future<Void> write =
        ch.writeAndFlush(new ChunkedStream(new ByteArrayInputStream(content), 1024));

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThat(drain(ch, out)).hasSize(3);
    assertThat(write.isDone()).isFalse();

    ch.userDefinedWritability(1, true);

    drain(ch, out);
    assertThat(out.toByteArray()).isEqualTo(content);
    assertThat(write.isSuccess()).isTrue();
    ch.finish();
  }

  /** A non-blocking source that has data only when the test says so. */
  static final class Trickle implements ReadableByteChannel {
    final ArrayList<byte[]> ready = new ArrayList<>();
    boolean open = true;
    boolean ended;

    @Override
    public int read(java.nio.ByteBuffer dst) {
      if (ready.isEmpty()) {
        return ended ? -1 : 0;
      }
      byte[] next = ready.removeFirst();
      int n = Math.min(next.length, dst.remaining());
      dst.put(next, 0, n);
      if (n < next.length) {
        ready.addFirst(java.util.Arrays.copyOfRange(next, n, next.length));
      }
      return n;
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public void close() {
      open = false;
    }
  }

  @Test
  void inputWithNothingReadyWaitsForResumeTransfer() {
    Trickle source = new Trickle();
    ChunkedWriteHandler handler = new ChunkedWriteHandler();
    EmbeddedChannel ch = new EmbeddedChannel(handler);
    Future<Void> write = ch.writeAndFlush(new ChunkedNioStream(source, 64));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThat(drain(ch, out)).isEmpty();

    source.ready.add("abc".getBytes(UTF_8));
    handler.resumeTransfer();
    ch.runPendingTasks(); // an embedded channel runs handed-over tasks here
    assertThat(drain(ch, out)).isNotEmpty();
    assertThat(write.isDone()).isFalse();
    source.ready.add("def".getBytes(UTF_8));
    source.ended = true;
    handler.resumeTransfer();
    ch.runPendingTasks();
    drain(ch, out);

    assertThat(out.toString(UTF_8)).isEqualTo("abcdef");
    assertThat(write.isSuccess()).isTrue();
    assertThat(source.open).isFalse();
    ch.finish();
  }

  @Test
  void failingInputFailsItsWriteAndIsClosedWhileLaterWritesGoOn() {
    boolean[] closed = new boolean[1];
    ChunkedInput<ByteBuf> broken =
        new ChunkedInput<>() {
          @Override
          public boolean isEndOfInput() {
            return false;
          }

          @Override
          public void close() {
            closed[0] = true;
          }

          @Override
          public ByteBuf readChunk(ByteBufAllocator allocator) throws IOException {
            throw new IOException("disk gone");
          }

          @Override
          public long length() {
            return -1;
          }

          @Override
          public long progress() {
            return 0;
          }
        };
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());

    Future<Void> failed = ch.write(broken);
    Future<Void> after = ch.writeAndFlush("after");

    assertThat(failed.cause()).hasMessage("disk gone");
    assertThat(closed[0]).isTrue();
    assertThat(after.isSuccess()).isTrue();
    assertThat((String) ch.readOutbound()).isEqualTo("after");
    ch.finish();
  }

  @Test
  void closingTheChannelFailsAndClosesQueuedInputs() {
    Trickle source = new Trickle();
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());
    Future<Void> write = ch.writeAndFlush(new ChunkedNioStream(source));

    ch.finish();

    assertThat(write.cause()).isInstanceOf(java.nio.channels.ClosedChannelException.class);
    assertThat(source.open).isFalse();
  }

  @Test
  void unflushedWritesWaitForAFlush() {
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());

    Future<Void> write = ch.write(new ChunkedStream(new ByteArrayInputStream(new byte[10])));

    Object none = ch.readOutbound();
    assertThat(none).isNull();
    assertThat(write.isDone()).isFalse();
    ch.flush();
    assertThat(write.isSuccess()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void progressIsReportedAfterEachWrittenChunk() {
    List<long[]> reports = new ArrayList<>();
    ChunkedInput<ByteBuf> input =
        new ProgressiveChunkedInput<>(
            new ChunkedStream(new ByteArrayInputStream(new byte[2500]), 1000),
            (progress, total) -> reports.add(new long[] {progress, total}));
    EmbeddedChannel ch = new EmbeddedChannel(new ChunkedWriteHandler());

    Future<Void> write = ch.writeAndFlush(input);

    assertThat(write.isSuccess()).isTrue();
    assertThat(reports).extracting(r -> r[0]).containsExactly(1000L, 2000L, 2500L);
    assertThat(reports).allSatisfy(r -> assertThat(r[1]).isEqualTo(-1));
    ch.finishAndReleaseAll();
  }

  /** Fails every write after the first {@code allowed}, releasing what it refuses. */
  static final class FailingWrites implements ChannelHandler {
    int allowed;

    FailingWrites(int allowed) {
      this.allowed = allowed;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      if (allowed-- > 0) {
        ctx.write(msg, promise);
      } else {
        io.tern.common.ReferenceCountUtil.release(msg);
        promise.tryFailure(new IOException("refused"));
      }
    }
  }

  @Test
  void failedChunkFailsTheTransferClosesTheInputAndStopsReporting(@TempDir Path dir)
      throws Exception {
    Path path = dir.resolve("g.bin");
    Files.write(path, data(5000));
    FileChannel file = FileChannel.open(path, StandardOpenOption.READ);
    List<Long> reports = new ArrayList<>();
    EmbeddedChannel ch = new EmbeddedChannel(new FailingWrites(2), new ChunkedWriteHandler());

    Future<Void> write =
        ch.writeAndFlush(
            new ProgressiveChunkedInput<>(
                new ChunkedNioFile(file, 1000), (progress, total) -> reports.add(progress)));
    Future<Void> after = ch.writeAndFlush("after");

    assertThat(write.cause()).hasMessage("refused");
    assertThat(file.isOpen()).isFalse();
    assertThat(reports).containsExactly(1000L, 2000L);
    assertThat(after.cause()).hasMessage("refused");
    ch.finishAndReleaseAll();
  }
}
