package io.tern.examples.http;

import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.multipart.HttpPostRequestEncoder;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.handler.stream.ChunkedWriteHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ./run-example http-client [--host 127.0.0.1] [--port 8080] [--path /plaintext] [--form
 * name=value&...] [--post-path /upload] [--transport nio]}: an HTTP/1.1 client. It sends {@code GET
 * path} and, with {@code --form}, a urlencoded {@code POST} built by {@link
 * HttpPostRequestEncoder}, both pipelined on one keep-alive connection, and prints each response.
 * Try it against {@code http-hello} ({@code GET}) or {@code http-upload} (which reports the form it
 * received).
 *
 * <p>Pipeline: {@link HttpClientCodec} (requests to bytes, bytes to responses matched to their
 * requests), {@link HttpObjectAggregator} (one {@code FullHttpResponse} per response), {@link
 * ChunkedWriteHandler} (streams chunked bodies, as the upload client's), {@link ReplyCollector}.
 */
public final class HttpClientExample {
  /** The largest response body the client accepts. */
  public static final int MAX_RESPONSE = 1 << 20;

  private HttpClientExample() {}

  /**
   * One response, copied out of its buffers.
   *
   * @param status the status code
   * @param contentType the {@code Content-Type}, or {@code null}
   * @param body the body decoded as UTF-8
   */
  public record Reply(int status, String contentType, String body) {}

  /**
   * Connects, writes {@code messages} (requests, and chunked inputs streaming their bodies), waits
   * for {@code responses} responses and closes.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the server's address
   * @param messages what to write, in order; the channel owns them from now on (released or closed
   *     even if the connection fails)
   * @param responses how many responses to wait for
   * @return completed with the replies in request order, or failed if the connection fails or
   *     closes early
   */
  public static Future<List<Reply>> exchange(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      List<?> messages,
      int responses) {
    Promise<List<Reply>> result = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new HttpClientCodec(),
                        new HttpObjectAggregator(MAX_RESPONSE),
                        new ChunkedWriteHandler(),
                        new ReplyCollector(messages, responses, result));
              }
            })
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                messages.forEach(ReplyCollector::discard);
                result.tryFailure(connected.cause());
              }
            });
    return result;
  }

  /**
   * Builds a {@code GET}.
   *
   * @param host the {@code Host} field value
   * @param path the request target
   * @return the request, with no content to release
   */
  public static FullHttpRequest get(String host, String path) {
    FullHttpRequest request =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path);
    request.headers().set(HttpHeaderNames.HOST, host);
    return request;
  }

  /**
   * Builds a urlencoded form {@code POST} with {@link HttpPostRequestEncoder}.
   *
   * @param host the {@code Host} field value
   * @param path the request target
   * @param fields the form fields, in order, not yet encoded
   * @return the full request (with {@code Content-Length}); the caller owns its buffer
   */
  public static HttpRequest postForm(String host, String path, Map<String, String> fields) {
    HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, path);
    head.headers().set(HttpHeaderNames.HOST, host);
    HttpPostRequestEncoder encoder = new HttpPostRequestEncoder(head, false);
    fields.forEach(encoder::addBodyAttribute);
    return encoder.finalizeRequest(); // no files: one FullHttpRequest
  }

  /**
   * Parses the {@code --form} option.
   *
   * @param form {@code name=value} pairs joined by {@code &}, or {@code null}
   * @return the fields in order; empty for {@code null}
   * @throws UsageException if a pair has no name
   */
  static Map<String, String> formFields(String form) {
    Map<String, String> fields = new LinkedHashMap<>();
    if (form != null) {
      for (String pair : form.split("&", -1)) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
          throw new UsageException("--form wants name=value pairs joined by &: " + pair);
        }
        fields.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    return fields;
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the run fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    String hostName = options.get("host", "127.0.0.1");
    int port = options.port(8080);
    SocketAddress address = transport.address(hostName, port);
    String host = hostName + ":" + port;
    Map<String, String> fields = formFields(options.get("form", null));
    List<Object> messages = new ArrayList<>();
    messages.add(get(host, options.get("path", "/plaintext")));
    if (!fields.isEmpty()) {
      messages.add(postForm(host, options.get("post-path", "/upload"), fields));
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      Future<List<Reply>> replies =
          exchange(transport, group, address, messages, messages.size()).await();
      if (!replies.isSuccess()) {
        System.err.println("http-client: failed: " + replies.cause());
        System.exit(1);
      }
      for (Reply reply : replies.getNow()) {
        System.out.printf(
            "%d (%s)%n%s%n", reply.status(), reply.contentType(), reply.body().stripTrailing());
      }
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
