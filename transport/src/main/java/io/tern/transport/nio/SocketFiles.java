package io.tern.transport.nio;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Deletes the socket file a Unix domain channel bound: the JDK leaves it behind on close, and a
 * later bind to the same path would fail. Any thread.
 */
final class SocketFiles {
  private static final System.Logger LOGGER = System.getLogger(SocketFiles.class.getName());

  private SocketFiles() {}

  /** Deletes {@code address}'s file; nothing for {@code null} or an unnamed (unbound) address. */
  static void delete(UnixDomainSocketAddress address) {
    if (address == null) {
      return;
    }
    Path path = address.getPath();
    if (path.toString().isEmpty()) {
      return; // unnamed (an unbound client)
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      LOGGER.log(System.Logger.Level.WARNING, "Cannot delete the socket file " + path, e);
    }
  }
}
