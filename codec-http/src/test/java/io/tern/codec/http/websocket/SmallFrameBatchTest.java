package io.tern.codec.http.websocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The encoder appends small frames written between two flushes to one buffer: the bytes on the wire
 * are those of the frames one after the other, in the order written, whatever is written between
 * them, and nothing is held or leaked once flushed, removed or closed.
 */
class SmallFrameBatchTest {

  /** The bytes of an unmasked binary frame of {@code payload} (a server's). */
  private static byte[] serverFrame(byte[] payload) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0x82);
    int n = payload.length;
    if (n < 126) {
      out.write(n);
    } else {
      out.write(126);
      out.write(n >> 8);
      out.write(n);
    }
    out.writeBytes(payload);
    return out.toByteArray();
  }

  private static byte[] payload(int length, int seed) {
    byte[] a = new byte[length];
    for (int i = 0; i < length; i++) {
      a[i] = (byte) (seed * 31 + i);
    }
    return a;
  }

  private static BinaryWebSocketFrame binary(byte[] payload) {
    return new BinaryWebSocketFrame(Unpooled.directBuffer(payload.length).writeBytes(payload));
  }

  /** Reads every outbound buffer; returns their bytes joined and records how many there were. */
  private static byte[] drain(EmbeddedChannel ch, List<Integer> sizes) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Object o;
    while ((o = ch.readOutbound()) != null) {
      ByteBuf b = (ByteBuf) o;
      byte[] a = new byte[b.readableBytes()];
      b.readBytes(a);
      b.release();
      sizes.add(a.length);
      bytes.writeBytes(a);
    }
    return bytes.toByteArray();
  }

  @Test
  void smallFramesBetweenFlushesLeaveAsOneBufferWithEveryFrameInOrder() {
    EmbeddedChannel ch = new EmbeddedChannel(WebSocketFrameEncoder.forServer());
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    for (int i = 0; i < 32; i++) {
      byte[] p = payload(16, i);
      ch.write(binary(p), ch.voidPromise());
      expected.writeBytes(serverFrame(p));
    }
    List<Integer> sizes = new ArrayList<>();
    assertThat(drain(ch, sizes)).isEmpty(); // nothing passed on before the flush
    ch.flush();
    assertThat(drain(ch, sizes)).isEqualTo(expected.toByteArray());
    assertThat(sizes).containsExactly(32 * 18);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aFullBatchIsPassedOnAndTheNextOneStarted() {
    EmbeddedChannel ch = new EmbeddedChannel(WebSocketFrameEncoder.forServer());
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    int frames = 3 * WebSocketFrameEncoder.BATCH_CAPACITY / 18;
    for (int i = 0; i < frames; i++) {
      byte[] p = payload(16, i);
      ch.write(binary(p), ch.voidPromise());
      expected.writeBytes(serverFrame(p));
    }
    ch.flush();
    List<Integer> sizes = new ArrayList<>();
    assertThat(drain(ch, sizes)).isEqualTo(expected.toByteArray());
    assertThat(sizes)
        .hasSizeGreaterThan(2)
        .allMatch(s -> s <= WebSocketFrameEncoder.BATCH_CAPACITY);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void largeFramesAndOtherMessagesKeepTheirPlaceBetweenSmallOnes() {
    EmbeddedChannel ch = new EmbeddedChannel(WebSocketFrameEncoder.forServer());
    byte[] small1 = payload(16, 1);
    byte[] large = payload(5000, 2); // header + the payload itself, not copied
    byte[] small2 = payload(1024, 3); // the largest copied payload
    byte[] raw = {1, 2, 3}; // a buffer some handler wrote
    byte[] small3 = payload(0, 4);
    ch.write(binary(small1), ch.voidPromise());
    ch.write(binary(large), ch.voidPromise());
    ch.write(binary(small2), ch.voidPromise());
    ch.write(Unpooled.copiedBuffer(raw), ch.voidPromise());
    ch.write(binary(small3), ch.voidPromise());
    ch.flush();
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(serverFrame(small1));
    expected.writeBytes(serverFrame(large));
    expected.writeBytes(serverFrame(small2));
    expected.writeBytes(raw);
    expected.writeBytes(serverFrame(small3));
    assertThat(drain(ch, new ArrayList<>())).isEqualTo(expected.toByteArray());
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aWriteWithItsOwnPromiseCompletesWhenItsBytesAndThoseBeforeAreWritten() {
    EmbeddedChannel ch = new EmbeddedChannel(WebSocketFrameEncoder.forServer());
    byte[] first = payload(16, 1);
    byte[] second = payload(16, 2);
    ch.write(binary(first), ch.voidPromise());
    Promise<Void> promise = ch.newPromise();
    ch.write(binary(second), promise);
    assertThat(promise.isDone()).isFalse();
    ch.flush();
    assertThat(promise.isSuccess()).isTrue();
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(serverFrame(first));
    expected.writeBytes(serverFrame(second));
    assertThat(drain(ch, new ArrayList<>())).isEqualTo(expected.toByteArray());
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aFrameThatFailsHalfWrittenLeavesNoneOfItsBytesInTheBatch() {
    EmbeddedChannel ch = new EmbeddedChannel(WebSocketFrameEncoder.forServer());
    byte[] first = payload(16, 1);
    byte[] last = payload(16, 3);
    ch.write(binary(first), ch.voidPromise());
    BinaryWebSocketFrame freed = binary(payload(16, 2));
    freed.release(); // the header is written, then copying the payload fails
    Promise<Void> promise = ch.newPromise();

    ch.write(freed, promise);
    ch.write(binary(last), ch.voidPromise());
    ch.flush();

    assertThat(promise.isDone()).isTrue();
    assertThat(promise.isSuccess()).isFalse();
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(serverFrame(first));
    expected.writeBytes(serverFrame(last));
    assertThat(drain(ch, new ArrayList<>())).isEqualTo(expected.toByteArray());
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void clientFramesInABatchAreEachMaskedWithTheirOwnKey() {
    EmbeddedChannel client = new EmbeddedChannel(WebSocketFrameEncoder.forClient());
    List<byte[]> payloads = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      byte[] p = payload(i * 7, i);
      payloads.add(p);
      client.write(binary(p), client.voidPromise());
    }
    client.flush();
    byte[] wire = drain(client, new ArrayList<>());
    assertThat(client.finishAndReleaseAll()).isFalse();

    EmbeddedChannel server =
        new EmbeddedChannel(new WebSocketFrameDecoder(WebSocketDecoderConfig.forServer()));
    List<WebSocketFrame> frames = WebSocketFrameCodecTest.decode(server, wire, wire.length);
    assertThat(frames).hasSize(payloads.size());
    for (int i = 0; i < frames.size(); i++) {
      assertThat(WebSocketFrameCodecTest.payload(frames.get(i))).isEqualTo(payloads.get(i));
      frames.get(i).release();
    }
    // Each frame has its own key (bytes 2..5 of a header with a 7-bit length).
    assertThat(Arrays.copyOfRange(wire, 2, 6))
        .isNotEqualTo(Arrays.copyOfRange(wire, 6 + 0 + 2, 6 + 0 + 6));
    assertThat(server.finishAndReleaseAll()).isFalse();
  }

  @Test
  void removingTheEncoderPassesItsBatchOn() {
    WebSocketFrameEncoder encoder = WebSocketFrameEncoder.forServer();
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    byte[] p = payload(16, 1);
    ch.write(binary(p), ch.voidPromise());
    ch.pipeline().remove(encoder);
    ch.flush();
    assertThat(drain(ch, new ArrayList<>())).isEqualTo(serverFrame(p));
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void aBatchNotFlushedWhenTheChannelClosesIsReleased() {
    EmbeddedChannel ch = new EmbeddedChannel(WebSocketFrameEncoder.forServer());
    ch.write(binary(payload(16, 1)), ch.voidPromise());
    ch.close();
    // Leak detection (PARANOID in tests) fails the test if the batch was not released.
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  /** Echoes every frame with the void promise and never flushes. */
  private static final class EchoWithoutFlush implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.write(msg, ctx.voidPromise());
    }
  }

  @Test
  void theDecodersCloseFrameFollowsTheEchoesTheEncoderHeld() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new WebSocketFrameDecoder(WebSocketDecoderConfig.forServer()),
            WebSocketFrameEncoder.forServer(),
            new EchoWithoutFlush());
    byte[] p = payload(16, 7);
    ch.writeInbound(Unpooled.copiedBuffer(WebSocketProtocolViolationTest.frame(0x82, p)));
    // A frame with a reserved opcode: the decoder answers with its own close frame (1002).
    assertThat(
            catchThrowableOfType(
                CorruptedWebSocketFrameException.class,
                () ->
                    ch.writeInbound(
                        Unpooled.copiedBuffer(WebSocketProtocolViolationTest.frame(0x83, p)))))
        .isNotNull();
    byte[] wire = drain(ch, new ArrayList<>());
    byte[] echo = serverFrame(p);
    assertThat(Arrays.copyOf(wire, echo.length)).isEqualTo(echo);
    assertThat(wire[echo.length] & 0xFF).isEqualTo(0x88); // then the close frame
    int code = ((wire[echo.length + 2] & 0xFF) << 8) | (wire[echo.length + 3] & 0xFF);
    assertThat(code).isEqualTo(WebSocketCloseStatus.PROTOCOL_ERROR.code());
    ch.finishAndReleaseAll();
  }
}
