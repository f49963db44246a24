package io.tern.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The client's side of the RFC 6455 opening handshake for the WebSocket load driver, on a blocking
 * JDK socket: sends the upgrade request (offering permessage-deflate when asked), reads the
 * response head and checks the 101, the accept key and the extension answer.
 */
final class WebSocketOpening {
  private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

  /**
   * A connection after its handshake.
   *
   * @param channel the connected channel, blocking
   * @param extension the accepted extension, or {@code none}
   * @param rest the bytes that arrived after the response head
   */
  record Opened(SocketChannel channel, String extension, ByteBuffer rest) {}

  private WebSocketOpening() {}

  /**
   * Connects and runs the opening handshake, blocking.
   *
   * @param server the server
   * @param deflate whether to offer permessage-deflate
   * @return the connected channel, the accepted extension and the bytes read past the response
   * @throws IOException if the connection or the handshake fails
   */
  static Opened open(InetSocketAddress server, boolean deflate) throws IOException {
    SocketChannel ch = SocketChannel.open(server);
    try {
      ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
      byte[] keyBytes = new byte[16];
      new SplittableRandom().nextBytes(keyBytes);
      String key = Base64.getEncoder().encodeToString(keyBytes);
      String request =
          "GET / HTTP/1.1\r\nHost: 127.0.0.1:"
              + server.getPort()
              + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
              + key
              + "\r\nSec-WebSocket-Version: 13\r\n"
              + (deflate
                  ? "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
                  : "")
              + "\r\n";
      ByteBuffer req = ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII));
      while (req.hasRemaining()) {
        ch.write(req);
      }
      byte[] headBytes = new byte[8192];
      ByteBuffer head = ByteBuffer.wrap(headBytes);
      int end;
      while ((end = headEnd(headBytes, head.position())) < 0) {
        if (!head.hasRemaining() || ch.read(head) < 0) {
          throw new IOException("no complete handshake response");
        }
      }
      String response = new String(headBytes, 0, end, StandardCharsets.ISO_8859_1);
      String extension = checkResponse(response, key, deflate);
      ByteBuffer rest = head.flip().position(end + 4).slice();
      return new Opened(ch, extension, rest);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  private static int headEnd(byte[] a, int length) {
    for (int i = 3; i < length; i++) {
      if (a[i - 3] == '\r' && a[i - 2] == '\n' && a[i - 1] == '\r' && a[i] == '\n') {
        return i - 3;
      }
    }
    return -1;
  }

  /** Checks the 101 and returns the accepted extension, or {@code none}. */
  private static String checkResponse(String response, String key, boolean deflate)
      throws IOException {
    String[] lines = response.split("\r\n", -1);
    if (!lines[0].startsWith("HTTP/1.1 101")) {
      throw new IOException("handshake refused: " + response);
    }
    String accept = null;
    String extension = "none";
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon < 0) {
        continue;
      }
      String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = lines[i].substring(colon + 1).trim();
      if (name.equals("sec-websocket-accept")) {
        accept = value;
      } else if (name.equals("sec-websocket-extensions")) {
        extension = value;
      }
    }
    if (!expectedAccept(key).equals(accept)) {
      throw new IOException("wrong Sec-WebSocket-Accept: " + response);
    }
    if (deflate != extension.startsWith("permessage-deflate")) {
      throw new IOException(
          (deflate ? "permessage-deflate not accepted: " : "an extension not offered: ")
              + response);
    }
    for (String param : extension.split(";", -1)) {
      String p = param.trim();
      if (p.startsWith("client_max_window_bits=") && !p.endsWith("=15")) {
        // The messages are compressed up front with the JDK's 15-bit window.
        throw new IOException("the server asked for a smaller client window: " + extension);
      }
    }
    return extension;
  }

  private static String expectedAccept(String key) {
    try {
      byte[] sha1 =
          MessageDigest.getInstance("SHA-1")
              .digest((key + GUID).getBytes(StandardCharsets.US_ASCII));
      return Base64.getEncoder().encodeToString(sha1);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
