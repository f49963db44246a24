package io.tern.interop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Finds a free TCP port on 127.0.0.1 by binding port 0 and reading the port chosen. */
public final class FreePort {
  private FreePort() {}

  /**
   * Returns a port that was free a moment ago; a peer started on it right away gets it unless
   * another process races for it, which the peer's readiness check then reports.
   *
   * @return the port
   */
  public static int find() {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot bind a free port on 127.0.0.1", e);
    }
  }
}
