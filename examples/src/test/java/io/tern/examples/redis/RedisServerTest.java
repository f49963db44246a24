package io.tern.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.redis.RedisCommand;
import io.tern.codec.redis.RedisMessage;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RedisServerTest {
  private final Transport nio = Transports.select("nio");
  private EventLoopGroup group;
  private ServerChannel server;

  @BeforeEach
  void start() throws Exception {
    group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    server =
        RedisServer.start(nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
  }

  @AfterEach
  void stop() throws Exception {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private List<String> run(String commands) throws Exception {
    Future<List<RedisMessage>> result =
        RedisClient.exchange(nio, group, server.localAddress(), RedisClient.parse(commands));
    assertThat(result.await(30, TimeUnit.SECONDS)).as("hang guard").isTrue();
    assertThat(result.cause()).isNull();
    List<RedisMessage> replies = result.getNow();
    try {
      return replies.stream().map(RedisReplies::format).toList();
    } finally {
      replies.forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void answersPipelinedStringCommandsInOrder() throws Exception {
    assertThat(
            run(
                "SET k hello; GET k; GET missing; SET k v NX; SET n 41; INCR n; INCRBY n -2;"
                    + " INCR k; EXISTS k n missing; DEL k n missing; GET k; DBSIZE; ECHO 'a b';"
                    + " NOSUCH x"))
        .containsExactly(
            "OK",
            "\"hello\"",
            "(nil)",
            "(nil)",
            "OK",
            "(integer) 42",
            "(integer) 40",
            "(error) ERR value is not an integer or out of range",
            "(integer) 2",
            "(integer) 2",
            "(nil)",
            "(integer) 0",
            "\"a b\"",
            "(error) ERR unknown command 'NOSUCH'");
  }

  @Test
  void expiresKeys() throws Exception {
    assertThat(run("SET e v; TTL e; EXPIRE e 100; TTL e; PEXPIRE e 1; SET p v PX 1; TTL nope"))
        .containsExactly(
            "OK",
            "(integer) -1",
            "(integer) 1",
            "(integer) 100",
            "(integer) 1",
            "OK",
            "(integer) -2");
    Thread.sleep(20); // both keys expired 1 ms after they were set
    assertThat(run("GET e; GET p; EXISTS e p")).containsExactly("(nil)", "(nil)", "(integer) 0");
  }

  @Test
  void switchesToResp3AfterHello3() throws Exception {
    List<String> replies = run("GET nothing; HELLO 3; GET nothing; HELLO 4");
    assertThat(replies.get(0)).isEqualTo("(nil)");
    assertThat(replies.get(1)).contains("1# \"server\" => \"redis\"", "\"proto\" => (integer) 3");
    assertThat(replies.get(2)).isEqualTo("(nil)");
    assertThat(replies.get(3)).isEqualTo("(error) NOPROTO unsupported protocol version");
  }

  @Test
  void deliversPublishedMessagesToSubscribers() throws Exception {
    SocketAddress address = server.localAddress();
    try (Socket subscriber = new Socket()) {
      subscriber.connect(address);
      subscriber.setSoTimeout(30_000);
      OutputStream out = subscriber.getOutputStream();
      InputStream in = subscriber.getInputStream();
      out.write("SUBSCRIBE news\r\n".getBytes(StandardCharsets.US_ASCII)); // inline command
      String confirmation = "*3\r\n$9\r\nsubscribe\r\n$4\r\nnews\r\n:1\r\n";
      assertThat(read(in, confirmation.length())).isEqualTo(confirmation);
      assertThat(run("PUBLISH news hi; PUBLISH other hi"))
          .containsExactly("(integer) 1", "(integer) 0");
      String message = "*3\r\n$7\r\nmessage\r\n$4\r\nnews\r\n$2\r\nhi\r\n";
      assertThat(read(in, message.length())).isEqualTo(message);
      out.write(RespText.command("GET", "x"));
      String refused = "-ERR Can't execute 'get'";
      assertThat(read(in, refused.length())).isEqualTo(refused);
    }
  }

  @Test
  void commandsFromRedisCommandParseRoundTrip() throws Exception {
    assertThat(RedisCommand.parse("SET k v").name()).isEqualTo("SET");
    assertThat(run("PING; PING hello")).containsExactly("PONG", "\"hello\"");
  }

  private static String read(InputStream in, int n) throws Exception {
    byte[] bytes = in.readNBytes(n);
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  /** RESP text of a command, written by hand as a raw client would. */
  private static final class RespText {
    static byte[] command(String... args) {
      StringBuilder text = new StringBuilder("*").append(args.length).append("\r\n");
      for (String arg : args) {
        text.append('$').append(arg.length()).append("\r\n").append(arg).append("\r\n");
      }
      return text.toString().getBytes(StandardCharsets.US_ASCII);
    }
  }
}
