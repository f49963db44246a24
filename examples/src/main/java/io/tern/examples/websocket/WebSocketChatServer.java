package io.tern.examples.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketFrameAggregator;
import io.tern.codec.http.websocket.WebSocketServerProtocolConfig;
import io.tern.codec.http.websocket.WebSocketServerProtocolHandler;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.chat.ChatRoom;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * {@code ./run-example websocket-chat [--port 8080] [--host 127.0.0.1] [--transport nio]}: a chat
 * room in the browser. {@code http://HOST:PORT/} serves a page whose script ({@code /chat.js}, from
 * the same server) joins the room over a WebSocket on {@code /chat}; {@code ?name=N} picks the name
 * shown. Everyone sees who joins, what each member says and who leaves.
 *
 * <p>One pipeline serves the page and the WebSocket: {@link HttpServerCodec}, {@link
 * HttpObjectAggregator}, {@link WebSocketServerProtocolHandler} (which takes {@code /chat} over and
 * passes other requests on, accepting permessage-deflate as browsers offer it), a {@link
 * WebSocketFrameAggregator}, the page handler for the other requests, the chat handler, and a
 * handler turning the room's lines into text frames. The room is the line-based {@code chat}
 * example's {@link ChatRoom}: it writes {@code String}s, whatever carries them.
 */
public final class WebSocketChatServer {
  /** The WebSocket path. */
  public static final String PATH = "/chat";

  private static final int MAX_NAME = 32;
  private static final int MAX_MESSAGE = 4096;

  private WebSocketChatServer() {}

  /** Serves the page and its script; anything else but the WebSocket path is 404. */
  private static final class Page implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (!(msg instanceof FullHttpRequest request)) {
        ctx.fireChannelRead(msg);
        return;
      }
      try {
        FullHttpResponse res =
            switch (request.target().path()) {
              case "/", "/index.html" -> ok(ChatPage.HTML, "text/html; charset=utf-8");
              case "/chat.js" -> ok(ChatPage.SCRIPT, "text/javascript; charset=utf-8");
              default -> respond(HttpResponseStatus.NOT_FOUND, "not found\n", "text/plain");
            };
        if (!HttpMethod.GET.equals(request.method())) {
          res.release();
          res = respond(HttpResponseStatus.METHOD_NOT_ALLOWED, "GET only\n", "text/plain");
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        HttpUtil.setKeepAlive(res, keepAlive);
        var written = ctx.writeAndFlush(res);
        if (!keepAlive) {
          written.addListener(f -> ctx.close());
        }
      } finally {
        request.release();
      }
    }

    private static FullHttpResponse ok(String body, String type) {
      return respond(HttpResponseStatus.OK, body, type);
    }

    private static FullHttpResponse respond(HttpResponseStatus status, String body, String type) {
      ByteBuf content = Unpooled.copiedBuffer(body, StandardCharsets.UTF_8);
      FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, content);
      res.headers()
          .set(HttpHeaderNames.CONTENT_TYPE, type)
          .setInt(HttpHeaderNames.CONTENT_LENGTH, content.readableBytes());
      return res;
    }
  }

  /**
   * One member: its first text message is its name (it then joins), every later one is said to the
   * room; closing the connection leaves.
   */
  private static final class Member implements ChannelHandler {
    private final ChatRoom room;
    private String name;

    Member(ChatRoom room) {
      this.room = room;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (!(msg instanceof TextWebSocketFrame frame)) {
          return;
        }
        String text = frame.text().strip();
        if (text.isEmpty()) {
          return;
        }
        if (name == null) {
          name = text.length() > MAX_NAME ? text.substring(0, MAX_NAME) : text;
          room.join(ctx.channel());
          room.broadcast(null, "* " + name + " joined (" + room.size() + " here)");
        } else {
          room.broadcast(null, name + ": " + text);
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
      if (name != null) {
        room.leave(ctx.channel());
        room.broadcast(ctx.channel(), "* " + name + " left");
      }
      ctx.fireChannelInactive();
    }
  }

  /** Turns the room's lines into text frames on their way out. */
  private static final class Lines implements ChannelHandler {
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      ctx.write(msg instanceof String line ? new TextWebSocketFrame(line) : msg, promise);
    }
  }

  /**
   * Starts the server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param room the room every WebSocket joins
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, ChatRoom room) {
    WebSocketServerProtocolConfig config =
        WebSocketServerProtocolConfig.builder(PATH)
            .perMessageDeflate(PerMessageDeflateConfig.defaults())
            .build();
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new HttpServerCodec(),
                        new HttpObjectAggregator(8192),
                        new WebSocketServerProtocolHandler(config),
                        new WebSocketFrameAggregator(MAX_MESSAGE),
                        new Page(),
                        new Member(room),
                        new Lines());
              }
            })
        .bind(address);
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the server cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.selectForServer(options, "websocket-chat");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8080));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address, new ChatRoom()).sync().getNow();
      System.out.printf(
          "websocket-chat: open http://%s/?name=YOU in a browser (two tabs to chat)%n",
          server.localAddress().toString().replaceFirst("^/", ""));
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
