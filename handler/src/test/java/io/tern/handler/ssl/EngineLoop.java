package io.tern.handler.ssl;

import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/** Runs a handshake between two JDK engines in memory, without any handler, in bounded steps. */
final class EngineLoop {
  private EngineLoop() {}

  static void handshake(SSLEngine client, SSLEngine server) throws SSLException {
    int packet = Math.max(client.getSession().getPacketBufferSize(), 1 << 15);
    ByteBuffer toServer = ByteBuffer.allocate(packet * 4);
    ByteBuffer toClient = ByteBuffer.allocate(packet * 4);
    ByteBuffer app = ByteBuffer.allocate(1 << 17);
    ByteBuffer empty = ByteBuffer.allocate(0);
    client.beginHandshake();
    server.beginHandshake();
    for (int step = 0; step < 200; step++) {
      client.wrap(empty, toServer);
      server.wrap(empty, toClient);
      toServer.flip();
      toClient.flip();
      client.unwrap(toClient, app.clear());
      server.unwrap(toServer, app.clear());
      toServer.compact();
      toClient.compact();
      runTasks(client);
      runTasks(server);
      if (done(client) && done(server) && toServer.position() == 0 && toClient.position() == 0) {
        return;
      }
    }
    throw new AssertionError("handshake did not finish in 200 steps");
  }

  private static boolean done(SSLEngine engine) {
    HandshakeStatus s = engine.getHandshakeStatus();
    return s == HandshakeStatus.NOT_HANDSHAKING || s == HandshakeStatus.FINISHED;
  }

  private static void runTasks(SSLEngine engine) {
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
  }
}
