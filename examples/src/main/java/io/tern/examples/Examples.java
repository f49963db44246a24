package io.tern.examples;

import io.tern.examples.chat.ChatServer;
import io.tern.examples.discard.DiscardServer;
import io.tern.examples.dns.DnsLookup;
import io.tern.examples.dns.DnsServer;
import io.tern.examples.echo.EchoClient;
import io.tern.examples.echo.EchoServer;
import io.tern.examples.factorial.FactorialClient;
import io.tern.examples.factorial.FactorialServer;
import io.tern.examples.haproxy.ProxiedHelloServer;
import io.tern.examples.http.HttpClientExample;
import io.tern.examples.http.HttpFileServer;
import io.tern.examples.http.HttpHelloServer;
import io.tern.examples.http.HttpUploadServer;
import io.tern.examples.http2.Http2ClientExample;
import io.tern.examples.memcache.MemcacheClient;
import io.tern.examples.memcache.MemcacheServer;
import io.tern.examples.mqtt.MqttBroker;
import io.tern.examples.mqtt.MqttClientExample;
import io.tern.examples.redis.RedisClient;
import io.tern.examples.redis.RedisServer;
import io.tern.examples.smtp.SmtpSend;
import io.tern.examples.socks.SocksProxyServer;
import io.tern.examples.stomp.StompBroker;
import io.tern.examples.stomp.StompClient;
import io.tern.examples.support.Transports;
import io.tern.examples.support.UsageException;
import io.tern.examples.telnet.TelnetServer;
import io.tern.examples.uptime.UptimeClient;
import io.tern.examples.websocket.WebSocketChatServer;
import io.tern.examples.websocket.WebSocketEchoServer;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Dispatches {@code ./run-example NAME [options]} to the named example's {@code main}.
 *
 * <p>Each example is a few dozen lines and accepts {@code --port N}; those that open sockets also
 * {@code --transport NAME} (see {@link Transports}). A {@link UsageException} is printed without a
 * stack trace and exits with status 2.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #main} runs on the launching thread; the registry is fixed at class initialisation.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class Examples {
  /** What an example does when run. */
  @FunctionalInterface
  interface Main {
    void run(String[] args) throws Exception;
  }

  private record Entry(String description, Main main) {}

  private static final Map<String, Entry> EXAMPLES = new TreeMap<>();

  static {
    EXAMPLES.put("hello", new Entry("prints what Tern runs on (a smoke demo)", HelloExample::main));
    EXAMPLES.put("echo-server", new Entry("echoes what clients send", EchoServer::main));
    EXAMPLES.put(
        "echo-client",
        new Entry(
            "sends N messages of S bytes, verifies the echo, prints throughput", EchoClient::main));
    EXAMPLES.put(
        "discard",
        new Entry("drops what clients send; --client sends to one", DiscardServer::main));
    EXAMPLES.put(
        "http-hello",
        new Entry(
            "HTTP/1.1 and HTTP/2 (h2c, --tls: h2) Hello World on port 8080: curl"
                + " http://127.0.0.1:8080/plaintext",
            HttpHelloServer::main));
    EXAMPLES.put(
        "http-files",
        new Entry("serves --dir over HTTP/1.1 (zero-copy, ETag, ranges)", HttpFileServer::main));
    EXAMPLES.put(
        "http-client",
        new Entry(
            "GETs --path (and POSTs --form a=b&c=d) on one connection, prints the responses",
            HttpClientExample::main));
    EXAMPLES.put(
        "http2-client",
        new Entry(
            "--streams N concurrent GETs of --path on one HTTP/2 connection (h2c; --tls --trust"
                + " cert.pem: h2)",
            Http2ClientExample::main));
    EXAMPLES.put(
        "http-upload",
        new Entry(
            "stores multipart uploads in --dir; --client --file F uploads one",
            HttpUploadServer::main));
    EXAMPLES.put(
        "websocket-echo",
        new Entry(
            "echoes WebSocket frames on ws://127.0.0.1:9001/ (the Autobahn test server); --deflate",
            WebSocketEchoServer::main));
    EXAMPLES.put(
        "websocket-chat",
        new Entry(
            "a chat room in the browser: http://127.0.0.1:8080/?name=YOU (page, script, WebSocket)",
            WebSocketChatServer::main));
    EXAMPLES.put(
        "redis-server",
        new Entry(
            "an in-memory Redis (GET/SET/INCR/EXPIRE/PUBLISH, RESP2 and 3)", RedisServer::main));
    EXAMPLES.put(
        "redis-client",
        new Entry(
            "a redis-cli-like client: --cmd 'SET k v; GET k' [--resp3] [--repeat N]",
            RedisClient::main));
    EXAMPLES.put(
        "memcache-server",
        new Entry(
            "an in-memory memcached, binary protocol (memccapable -b passes)",
            MemcacheServer::main));
    EXAMPLES.put(
        "memcache-client",
        new Entry(
            "SETQ/GETKQ batch closed by NOOP against a memcache server", MemcacheClient::main));
    EXAMPLES.put(
        "stomp-broker",
        new Entry(
            "an in-memory STOMP 1.0-1.2 broker: queues, /topic/s, acks, transactions, receipts",
            StompBroker::main));
    EXAMPLES.put(
        "stomp-client",
        new Entry(
            "one STOMP session: subscribe, --count sends in a transaction, ack each, disconnect",
            StompClient::main));
    EXAMPLES.put(
        "smtp-send",
        new Entry(
            "sends --file to --to through an SMTP server (--starttls --trust PEM, --user)",
            SmtpSend::main));
    EXAMPLES.put(
        "mqtt-broker", new Entry("an MQTT 3.1/3.1.1/5.0 broker on port 1883", MqttBroker::main));
    EXAMPLES.put(
        "mqtt-client",
        new Entry(
            "MQTT client: --sub TOPIC prints messages, --pub TOPIC MESSAGE publishes one",
            MqttClientExample::main));
    EXAMPLES.put(
        "chat", new Entry("a line-based chat room (nc HOST PORT; /quit)", ChatServer::main));
    EXAMPLES.put(
        "proxy-protocol",
        new Entry(
            "greets each client by the address its PROXY v1/v2 header names (behind haproxy)",
            ProxiedHelloServer::main));
    EXAMPLES.put(
        "socks-proxy",
        new Entry(
            "a SOCKS 4/4a/5 proxy on 1080 (--user U --password P for SOCKS 5 authentication)",
            SocksProxyServer::main));
    EXAMPLES.put(
        "dns-server",
        new Entry(
            "an authoritative DNS server over UDP and TCP answering from --zone FILE (dig @127.0.0.1"
                + " -p 10053 www.example.test)",
            DnsServer::main));
    EXAMPLES.put(
        "dns-lookup",
        new Entry(
            "resolves --name with Tern's asynchronous resolver (--server IP:PORT, else"
                + " /etc/resolv.conf); --type MX|TXT|... asks one question",
            DnsLookup::main));
    // Netty's classic examples, ported (docs/migrating-from-netty.md shows them side by side).
    EXAMPLES.put(
        "telnet",
        new Entry(
            "greets and answers each line; 'bye' leaves (telnet HOST 8023)", TelnetServer::main));
    EXAMPLES.put(
        "uptime",
        new Entry(
            "keeps a connection to a server, reconnecting after close or read timeout",
            UptimeClient::main));
    EXAMPLES.put(
        "factorial-server",
        new Entry("answers each number with the product so far", FactorialServer::main));
    EXAMPLES.put(
        "factorial-client",
        new Entry("computes --count N factorial with a factorial server", FactorialClient::main));
  }

  private Examples() {}

  /** The registered names, for the documentation checks. */
  static Set<String> names() {
    return EXAMPLES.keySet();
  }

  /**
   * Runs the example named by the first argument with the remaining arguments.
   *
   * @param args the example name followed by its options
   * @throws Exception whatever the example throws
   */
  public static void main(String[] args) throws Exception {
    String name = args.length == 0 ? "list" : args[0];
    Entry entry = EXAMPLES.get(name);
    if (entry == null) {
      if (!name.equals("list")) {
        System.err.println("No example named '" + name + "'.");
      }
      System.err.println(
          "Usage: ./run-example NAME [--port N] [--transport native|nio|epoll|io_uring|local]"
              + " [options] (default transport: native, the best one here); examples:");
      EXAMPLES.forEach((n, e) -> System.err.printf("  %-16s %s%n", n, e.description()));
      if (!name.equals("list")) {
        System.exit(2);
      }
      return;
    }
    try {
      entry.main().run(Arrays.copyOfRange(args, 1, args.length));
    } catch (UsageException e) {
      System.err.println(name + ": " + e.getMessage());
      System.exit(2);
    }
  }
}
