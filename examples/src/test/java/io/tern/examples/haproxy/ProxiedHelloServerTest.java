package io.tern.examples.haproxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProxiedHelloServerTest {

  @Test
  void greetsTheClientTheHeaderNamesOverNioLoopback() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          ProxiedHelloServer.start(
                  nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      try (Socket socket = new Socket()) {
        socket.setSoTimeout(30_000);
        socket.connect(server.localAddress());
        OutputStream out = socket.getOutputStream();
        out.write(
            "PROXY TCP4 198.51.100.9 10.0.0.1 51000 8443\r\nGET / HTTP/1.1\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String line =
            new BufferedReader(
                    new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                .readLine();
        assertThat(line).startsWith("hello /198.51.100.9:51000 (PROXY V1 via /127.0.0.1:");
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
