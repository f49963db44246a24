package io.tern.examples.smtp;

import io.tern.buffer.Unpooled;
import io.tern.codec.smtp.SmtpContent;
import io.tern.codec.smtp.SmtpRequest;
import io.tern.codec.smtp.SmtpRequestEncoder;
import io.tern.codec.smtp.SmtpRequests;
import io.tern.codec.smtp.SmtpResponse;
import io.tern.codec.smtp.SmtpResponseDecoder;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code ./run-example smtp-send --to a@example.org[,b@…] --file message.eml [--from me@…] [--host
 * 127.0.0.1] [--port 25] [--starttls --trust server.pem] [--user U --password P]}: sends one
 * message. EHLO; STARTTLS when asked (an {@link SslHandler} goes in front of the codec, then EHLO
 * again); AUTH PLAIN when a user is given; MAIL FROM (with {@code BODY=8BITMIME} and {@code SIZE=}
 * when the server offers them), one RCPT TO per recipient and DATA, pipelined in one write when the
 * server offers PIPELINING, one by one otherwise; the file's bytes as the body (dot-stuffed by the
 * encoder); QUIT. Prints the server's answer to the message.
 *
 * <p>Pipeline: {@link SmtpResponseDecoder}, {@link SmtpRequestEncoder}, and a handler that drives
 * the session.
 */
public final class SmtpSend {
  /**
   * What to send, and how.
   *
   * @param from the envelope sender
   * @param to the envelope recipients
   * @param message the file holding the message, lines ended by CR LF
   * @param tls the TLS context for STARTTLS, or {@code null} to stay in plain text
   * @param user the AUTH PLAIN user, or {@code null}
   * @param password the AUTH PLAIN password
   */
  public record Mail(
      String from, List<String> to, Path message, SslContext tls, String user, String password) {
    /** Copies the list of recipients. */
    public Mail {
      to = List.copyOf(to);
    }
  }

  private SmtpSend() {}

  /**
   * Sends one message.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the server's address
   * @param host the server's name, for TLS
   * @param port the server's port, for TLS
   * @param mail what to send
   * @return completed with the server's reply to the message, or failed
   * @throws IOException if the message cannot be read
   */
  public static Future<SmtpResponse> send(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      String host,
      int port,
      Mail mail)
      throws IOException {
    byte[] message = Files.readAllBytes(mail.message());
    Promise<SmtpResponse> result = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new SmtpResponseDecoder(),
                        new SmtpRequestEncoder(),
                        new Session(mail, message, host, port, result));
              }
            })
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                result.tryFailure(connected.cause());
              }
            });
    return result;
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if sending fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    String host = options.get("host", "127.0.0.1");
    int port = options.port(25);
    String to = options.get("to", null);
    String file = options.get("file", null);
    if (to == null || file == null) {
      throw new UsageException("--to and --file are required");
    }
    SslContext tls = null;
    if (options.flag("starttls")) {
      SslContextBuilder builder = SslContextBuilder.forClient();
      String trust = options.get("trust", null);
      if (trust != null) {
        builder.trustManager(Path.of(trust));
      }
      tls = builder.build();
    }
    Mail mail =
        new Mail(
            options.get("from", "tern@localhost"),
            List.of(to.split(",")),
            Path.of(file),
            tls,
            options.get("user", null),
            options.get("password", ""));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      SmtpResponse reply =
          send(transport, group, transport.address(host, port), host, port, mail).sync().getNow();
      System.out.println("sent: " + reply);
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  /** The client's side of one SMTP session, one state per reply awaited. */
  private static final class Session implements ChannelHandler {
    private enum State {
      GREETING,
      EHLO,
      STARTTLS,
      AUTH,
      ENVELOPE,
      BODY,
      QUIT
    }

    private final Mail mail;
    private final byte[] message;
    private final String host;
    private final int port;
    private final Promise<SmtpResponse> result;
    private final Set<String> extensions = new HashSet<>();
    private final Deque<SmtpRequest> unsent = new ArrayDeque<>();
    private State state = State.GREETING;
    private boolean tls;
    private SmtpResponse delivered;

    Session(Mail mail, byte[] message, String host, int port, Promise<SmtpResponse> result) {
      this.mail = mail;
      this.message = message;
      this.host = host;
      this.port = port;
      this.result = result;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      SmtpResponse reply = (SmtpResponse) msg;
      switch (state) {
        case GREETING -> {
          expect(ctx, reply, 220);
          ehlo(ctx);
        }
        case EHLO -> {
          expect(ctx, reply, 250);
          extensions.clear();
          for (String line : reply.details().subList(1, reply.details().size())) {
            extensions.add(line.split(" ", 2)[0].toUpperCase(Locale.ROOT));
          }
          if (mail.tls() != null && !tls) {
            state = State.STARTTLS;
            ctx.writeAndFlush(SmtpRequests.starttls());
          } else if (mail.user() != null) {
            state = State.AUTH;
            ctx.writeAndFlush(SmtpRequests.authPlain(mail.user(), mail.password()));
          } else {
            envelope(ctx);
          }
        }
        case STARTTLS -> {
          expect(ctx, reply, 220);
          tls = true;
          SslHandler ssl = mail.tls().newHandler(host, port);
          ctx.pipeline().addFirst("tls", ssl);
          ssl.handshakeFuture()
              .addListener(
                  done -> {
                    if (done.isSuccess()) {
                      ehlo(ctx);
                    } else {
                      fail(ctx, done.cause());
                    }
                  });
        }
        case AUTH -> {
          expect(ctx, reply, 235);
          envelope(ctx);
        }
        case ENVELOPE -> {
          if (!reply.isPositive()) {
            fail(ctx, new IllegalStateException("refused: " + reply));
            return;
          }
          if (reply.code() == 354) {
            state = State.BODY;
            ctx.writeAndFlush(SmtpContent.last(Unpooled.wrappedBuffer(message)));
          } else if (!unsent.isEmpty()) {
            ctx.writeAndFlush(unsent.poll());
          }
        }
        case BODY -> {
          expect(ctx, reply, 250);
          delivered = reply;
          state = State.QUIT;
          ctx.writeAndFlush(SmtpRequests.quit());
        }
        case QUIT -> {
          if (result.trySuccess(delivered)) {
            ctx.close();
          }
        }
      }
    }

    private void ehlo(ChannelHandlerContext ctx) {
      state = State.EHLO;
      ctx.writeAndFlush(SmtpRequests.ehlo("localhost"));
    }

    private void envelope(ChannelHandlerContext ctx) {
      state = State.ENVELOPE;
      List<String> parameters = new ArrayList<>();
      if (extensions.contains("8BITMIME")) {
        parameters.add("BODY=8BITMIME");
      }
      if (extensions.contains("SIZE")) {
        parameters.add("SIZE=" + message.length);
      }
      unsent.add(SmtpRequests.mail(mail.from(), parameters.toArray(String[]::new)));
      for (String recipient : mail.to()) {
        unsent.add(SmtpRequests.rcpt(recipient.strip()));
      }
      unsent.add(SmtpRequests.data());
      if (extensions.contains("PIPELINING")) {
        while (!unsent.isEmpty()) {
          ctx.write(unsent.poll());
        }
        ctx.flush();
      } else {
        ctx.writeAndFlush(unsent.poll());
      }
    }

    private void expect(ChannelHandlerContext ctx, SmtpResponse reply, int code) {
      if (reply.code() != code) {
        IllegalStateException e =
            new IllegalStateException("expected " + code + " in " + state + ", got " + reply);
        fail(ctx, e);
        throw e;
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      result.tryFailure(new ClosedChannelException());
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      fail(ctx, cause);
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
      result.tryFailure(cause);
      ctx.close();
    }
  }
}
