package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Two {@link EmbeddedChannel}s connected back to back: {@link #pump()} moves what each one wrote
 * into the other as inbound bytes, optionally split into pieces, until neither has anything left.
 * Each channel ends with a {@link Recorder} that keeps the plaintext, events and exceptions.
 */
final class TlsPipe {
  /** How the bytes of one outbound buffer are cut before they reach the other side. */
  interface Splitter {
    /** Returns the next piece length, at least 1 and at most {@code remaining}. */
    int next(int remaining);
  }

  static final Splitter WHOLE = remaining -> remaining;
  static final Splitter BYTE_BY_BYTE = remaining -> 1;

  static Splitter random(long seed) {
    Random random = new Random(seed);
    return remaining -> 1 + random.nextInt(Math.min(remaining, 4096));
  }

  /** Keeps what reaches the end of a pipeline. */
  static final class Recorder implements ChannelHandler {
    final ByteArrayOutputStream plaintext = new ByteArrayOutputStream();
    final List<Object> events = new ArrayList<>();
    final List<Throwable> exceptions = new ArrayList<>();
    int reads;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      try {
        reads++;
        byte[] bytes = new byte[buf.readableBytes()];
        buf.readBytes(bytes);
        plaintext.writeBytes(bytes);
      } finally {
        buf.release();
      }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      events.add(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      exceptions.add(cause);
    }

    String text() {
      return plaintext.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  final EmbeddedChannel client;
  final EmbeddedChannel server;
  final SslHandler clientSsl;
  final SslHandler serverSsl;
  final Recorder clientRecorder = new Recorder();
  final Recorder serverRecorder = new Recorder();
  final List<Integer> clientToServerBuffers = new ArrayList<>();
  private final Splitter splitter;

  /** {@code serverHandler} is an {@link SslHandler} or something that becomes one (SNI). */
  TlsPipe(SslHandler clientSsl, ChannelHandler serverHandler, Splitter splitter) {
    this.clientSsl = clientSsl;
    this.serverSsl = serverHandler instanceof SslHandler ssl ? ssl : null;
    this.splitter = splitter;
    this.server = new EmbeddedChannel(serverHandler, serverRecorder);
    this.client = new EmbeddedChannel(clientSsl, clientRecorder);
  }

  TlsPipe(SslContext clientContext, SslContext serverContext, Splitter splitter) {
    this(clientContext.newHandler("localhost", 8443), serverContext.newHandler(), splitter);
  }

  /** Moves bytes both ways until neither side has anything to send (bounded). */
  void pump() {
    for (int round = 0; round < 1000; round++) {
      client.runPendingTasks();
      server.runPendingTasks();
      boolean moved = move(client, server, clientToServerBuffers);
      moved |= move(server, client, null);
      if (!moved) {
        return;
      }
    }
    throw new AssertionError("the two sides kept talking for 1000 rounds");
  }

  private boolean move(EmbeddedChannel from, EmbeddedChannel to, List<Integer> sizes) {
    boolean moved = false;
    ByteBuf buf;
    while ((buf = from.readOutbound()) != null) {
      moved = true;
      try {
        if (sizes != null) {
          sizes.add(buf.readableBytes());
        }
        while (buf.isReadable()) {
          int n = splitter.next(buf.readableBytes());
          ByteBuf piece = Unpooled.buffer(n).writeBytes(buf, n);
          if (to.isOpen()) {
            to.writeInbound(piece);
          } else {
            piece.release();
          }
        }
      } finally {
        buf.release();
      }
    }
    return moved;
  }

  /** Closes both channels and releases anything left in them. */
  void close() {
    client.finishAndReleaseAll();
    server.finishAndReleaseAll();
  }
}
