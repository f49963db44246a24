package io.tern.examples.chat;

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

class ChatServerTest {

  /** A blocking line client; reads time out after 30 s as a hang guard. */
  private record Client(Socket socket, BufferedReader in, OutputStream out)
      implements AutoCloseable {
    static Client connect(InetSocketAddress server) throws Exception {
      Socket socket = new Socket(server.getAddress(), server.getPort());
      socket.setSoTimeout(30_000);
      return new Client(
          socket,
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8)),
          socket.getOutputStream());
    }

    void send(String line) throws Exception {
      out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    }

    String name() {
      return "127.0.0.1:" + socket.getLocalPort();
    }

    @Override
    public void close() throws Exception {
      socket.close();
    }
  }

  @Test
  void membersChatOverNioLoopback() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          ChatServer.start(
                  nio,
                  group,
                  new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                  new ChatRoom())
              .sync()
              .getNow();
      InetSocketAddress address = (InetSocketAddress) server.localAddress();
      try (Client alice = Client.connect(address)) {
        assertThat(alice.in().readLine()).startsWith("Welcome to the Tern chat, " + alice.name());
        try (Client bob = Client.connect(address)) {
          assertThat(bob.in().readLine()).contains("2 member(s)");
          assertThat(alice.in().readLine()).isEqualTo("* " + bob.name() + " joined");
          bob.send("héllo, Alice");
          assertThat(alice.in().readLine()).isEqualTo("[" + bob.name() + "] héllo, Alice");
          bob.send("/quit");
          assertThat(bob.in().readLine()).isEqualTo("Bye!");
          assertThat(bob.in().readLine()).as("closed by the server").isNull();
        }
        assertThat(alice.in().readLine()).endsWith(" left");
      }
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
