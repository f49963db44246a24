package io.tern.handler.ssl.openssl.internal;

import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/** Drives two engines against each other in memory, in bounded steps. */
final class Engines {
  private Engines() {}

  /** Runs the handshake; returns the number of steps it took. */
  static int handshake(SSLEngine client, SSLEngine server) throws SSLException {
    ByteBuffer toServer = ByteBuffer.allocate(1 << 17);
    ByteBuffer toClient = ByteBuffer.allocate(1 << 17);
    ByteBuffer app = ByteBuffer.allocate(1 << 17);
    ByteBuffer empty = ByteBuffer.allocate(0);
    client.beginHandshake();
    server.beginHandshake();
    for (int step = 0; step < 50; step++) {
      wrapAll(client, empty, toServer);
      wrapAll(server, empty, toClient);
      toServer.flip();
      toClient.flip();
      unwrapAll(client, toClient, app.clear());
      unwrapAll(server, toServer, app.clear());
      toServer.compact();
      toClient.compact();
      runTasks(client);
      runTasks(server);
      if (done(client) && done(server) && toServer.position() == 0 && toClient.position() == 0) {
        return step;
      }
    }
    throw new AssertionError("handshake did not finish in 50 steps");
  }

  static void wrapAll(SSLEngine engine, ByteBuffer src, ByteBuffer dst) throws SSLException {
    for (int i = 0; i < 20; i++) {
      SSLEngineResult r = engine.wrap(src, dst);
      if (r.bytesProduced() == 0 && r.bytesConsumed() == 0) {
        return;
      }
    }
  }

  static void unwrapAll(SSLEngine engine, ByteBuffer src, ByteBuffer dst) throws SSLException {
    for (int i = 0; i < 20 && src.hasRemaining(); i++) {
      SSLEngineResult r = engine.unwrap(src, dst);
      if (r.bytesProduced() == 0 && r.bytesConsumed() == 0) {
        return;
      }
    }
  }

  private static void runTasks(SSLEngine engine) {
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
  }

  private static boolean done(SSLEngine engine) {
    HandshakeStatus s = engine.getHandshakeStatus();
    return s == HandshakeStatus.NOT_HANDSHAKING || s == HandshakeStatus.FINISHED;
  }

  /** Sends {@code data} from one engine to the other; returns what arrived. */
  static byte[] transfer(SSLEngine from, SSLEngine to, byte[] data) throws SSLException {
    ByteBuffer src = ByteBuffer.wrap(data);
    ByteBuffer wire = ByteBuffer.allocate(data.length + 64 * 1024);
    while (src.hasRemaining()) {
      from.wrap(src, wire);
    }
    wire.flip();
    ByteBuffer out = ByteBuffer.allocate(data.length + 64 * 1024);
    while (wire.hasRemaining()) {
      SSLEngineResult r = to.unwrap(wire, out);
      if (r.bytesConsumed() == 0) {
        throw new AssertionError("unwrap stuck: " + r);
      }
    }
    out.flip();
    byte[] result = new byte[out.remaining()];
    out.get(result);
    return result;
  }

  /** Exchanges close_notify: {@code first} closes, {@code second} answers. */
  static void close(SSLEngine first, SSLEngine second) throws SSLException {
    ByteBuffer wire = ByteBuffer.allocate(1 << 16);
    ByteBuffer app = ByteBuffer.allocate(1 << 16);
    ByteBuffer empty = ByteBuffer.allocate(0);
    first.closeOutbound();
    wrapAll(first, empty, wire);
    wire.flip();
    unwrapAll(second, wire, app);
    wire.clear();
    second.closeOutbound();
    wrapAll(second, empty, wire);
    wire.flip();
    unwrapAll(first, wire, app);
  }
}
