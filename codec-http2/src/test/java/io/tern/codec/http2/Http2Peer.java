package io.tern.codec.http2;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.hpack.HpackDecoder;
import io.tern.codec.http2.hpack.HpackEncoder;
import io.tern.codec.http2.internal.Http2FrameTypes;
import io.tern.codec.http2.internal.Http2FrameWriter;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * The far end of a connection under test: writes raw frames into an {@link EmbeddedChannel} holding
 * a codec and reads back the frames the codec wrote, with its own HPACK context.
 */
final class Http2Peer implements AutoCloseable {
  static final byte[] PREFACE = Http2FrameTypes.preface();

  /** A frame the codec wrote. */
  @SuppressWarnings("ArrayRecordComponent") // a test value, never compared or hashed
  record Frame(int type, int flags, int streamId, byte[] payload, List<String> headers) {
    boolean has(int flag) {
      return (flags & flag) != 0;
    }

    long errorCode() {
      int off = type == Http2FrameTypes.GOAWAY ? 4 : 0;
      return ((payload[off] & 0xFFL) << 24)
          | ((payload[off + 1] & 0xFF) << 16)
          | ((payload[off + 2] & 0xFF) << 8)
          | (payload[off + 3] & 0xFF);
    }

    @Override
    public String toString() {
      return Http2FrameTypes.name(type)
          + "(stream "
          + streamId
          + ", flags "
          + flags
          + ", "
          + payload.length
          + " bytes"
          + (headers == null ? "." : ", " + headers)
          + ")";
    }
  }

  final EmbeddedChannel channel;
  private final HpackEncoder encoder = new HpackEncoder();
  private final HpackDecoder decoder = new HpackDecoder(Long.MAX_VALUE);
  private ByteBuf received = Unpooled.buffer();

  Http2Peer(ChannelHandler... handlers) {
    channel = new EmbeddedChannel(handlers);
  }

  /** Sends the client preface and an empty SETTINGS, acknowledges the codec's SETTINGS. */
  Http2Peer handshake(Http2Settings settings) {
    ByteBuf b = Unpooled.buffer();
    b.writeBytes(PREFACE);
    Http2FrameWriter.settings(b, settings);
    send(b);
    sendRaw(ack());
    frames(); // the codec's SETTINGS, its WINDOW_UPDATE and the ack
    return this;
  }

  /**
   * For a client codec under test: drops the client preface it wrote, sends the server's SETTINGS
   * and acknowledges the client's.
   */
  Http2Peer serverHandshake(Http2Settings settings) {
    channel.runPendingTasks();
    Object o;
    while ((o = channel.readOutbound()) != null) {
      if (o instanceof ByteBuf b) {
        received.writeBytes(b);
      }
      ReferenceCountUtil.release(o);
    }
    received.skipBytes(PREFACE.length);
    send(settings(settings));
    send(ack());
    frames(); // the client's SETTINGS, its WINDOW_UPDATE and the ack
    return this;
  }

  static ByteBuf ack() {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.settingsAck(b);
    return b;
  }

  void send(ByteBuf bytes) {
    channel.writeInbound(bytes);
    channel.runPendingTasks();
  }

  void sendRaw(ByteBuf bytes) {
    send(bytes);
  }

  /** A HEADERS frame whose block holds the fields in exactly this order. */
  ByteBuf headersFrame(int streamId, boolean endStream, String... nameValues) {
    ByteBuf block = Unpooled.buffer();
    encoder.beginBlock(block);
    for (int i = 0; i < nameValues.length; i += 2) {
      encoder.encodeHeader(block, nameValues[i], nameValues[i + 1], false);
    }
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.frameHeader(
        b,
        block.readableBytes(),
        Http2FrameTypes.HEADERS,
        Http2FrameTypes.FLAG_END_HEADERS | (endStream ? Http2FrameTypes.FLAG_END_STREAM : 0),
        streamId);
    b.writeBytes(block);
    block.release();
    return b;
  }

  static String[] get(String path) {
    return new String[] {":method", "GET", ":scheme", "http", ":path", path, ":authority", "x"};
  }

  void request(int streamId, boolean endStream) {
    send(headersFrame(streamId, endStream, get("/")));
  }

  static ByteBuf frame(int type, int flags, int streamId, byte... payload) {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.frameHeader(b, payload.length, type, flags, streamId);
    b.writeBytes(payload);
    return b;
  }

  static ByteBuf data(int streamId, boolean endStream, int length) {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.dataHeader(b, streamId, length, 0, endStream);
    b.writeZero(length);
    return b;
  }

  static ByteBuf windowUpdate(int streamId, int increment) {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.windowUpdate(b, streamId, increment);
    return b;
  }

  static ByteBuf rst(int streamId, Http2Error error) {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.rstStream(b, streamId, error.code());
    return b;
  }

  static ByteBuf ping(long content) {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.ping(b, content, false);
    return b;
  }

  static ByteBuf settings(Http2Settings s) {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.settings(b, s);
    return b;
  }

  /**
   * Reads an HTTP/1.1 response head and its {@code Content-Length} bytes of content from what the
   * channel wrote; what follows stays for {@link #frames()}.
   */
  String http1Response() {
    channel.runPendingTasks();
    Object o;
    while ((o = channel.readOutbound()) != null) {
      if (o instanceof ByteBuf b) {
        received.writeBytes(b);
      }
      ReferenceCountUtil.release(o);
    }
    String all = received.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
    int end = all.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new AssertionError("no HTTP/1.1 response head in " + all);
    }
    String head = all.substring(0, end + 4);
    int length = 0;
    for (String line : head.split("\r\n", -1)) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).strip());
      }
    }
    String response = all.substring(0, end + 4 + length);
    received.skipBytes(response.length());
    received.discardReadBytes();
    return response;
  }

  /** The frames the codec wrote since the last call. */
  List<Frame> frames() {
    channel.runPendingTasks();
    Object o;
    while ((o = channel.readOutbound()) != null) {
      if (o instanceof ByteBuf b) {
        received.writeBytes(b);
      }
      ReferenceCountUtil.release(o);
    }
    List<Frame> out = new ArrayList<>();
    while (received.readableBytes() >= 9) {
      int len = received.getUnsignedMedium(received.readerIndex());
      if (received.readableBytes() < 9 + len) {
        break;
      }
      received.skipBytes(3);
      int type = received.readUnsignedByte();
      int flags = received.readUnsignedByte();
      int stream = received.readInt() & Integer.MAX_VALUE;
      byte[] payload = new byte[len];
      received.readBytes(payload);
      List<String> headers = null;
      if (type == Http2FrameTypes.HEADERS) {
        headers = new ArrayList<>();
        ByteBuf block = Unpooled.wrappedBuffer(payload);
        try {
          List<String> h = headers;
          decoder.decode(block, (n, v) -> h.add(n + ": " + v));
        } catch (Exception e) {
          throw new AssertionError(e);
        } finally {
          block.release();
        }
      }
      out.add(new Frame(type, flags, stream, payload, headers));
    }
    received.discardReadBytes();
    return out;
  }

  /** What reached the handler after the codec. */
  List<Object> inbound() {
    List<Object> out = new ArrayList<>();
    Object o;
    while ((o = channel.readInbound()) != null) {
      out.add(o);
    }
    return out;
  }

  @Override
  public void close() {
    channel.finishAndReleaseAll();
    received.release();
  }
}
