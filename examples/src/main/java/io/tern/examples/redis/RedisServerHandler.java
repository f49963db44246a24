package io.tern.examples.redis;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.redis.ArrayRedisMessage;
import io.tern.codec.redis.ErrorRedisMessage;
import io.tern.codec.redis.FullBulkStringRedisMessage;
import io.tern.codec.redis.InlineCommandRedisMessage;
import io.tern.codec.redis.IntegerRedisMessage;
import io.tern.codec.redis.MapRedisMessage;
import io.tern.codec.redis.NullRedisMessage;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.SimpleStringRedisMessage;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One connection of the redis-server example: runs each command (an array of bulk strings, or an
 * inline command typed into telnet) against the shared {@link RedisStore} and writes the reply. It
 * speaks RESP2 until the client says {@code HELLO 3}, then RESP3 (nulls as {@code _}, maps, and
 * pub/sub messages as pushes). Replies are gathered per read burst ({@link Replies}) and flushed
 * once at its end, so a pipelined batch leaves in one write; GET and SET look their key up without
 * copying it ({@link RedisStore.Key#lookup}).
 *
 * <p>Per connection (it keeps the protocol version and the subscriptions); runs on its channel's
 * event loop. Releases every command it reads.
 */
final class RedisServerHandler implements ChannelHandler, RedisStore.Subscriber {
  private static final ErrorRedisMessage WRONG_TYPE_INTEGER =
      new ErrorRedisMessage("ERR value is not an integer or out of range");
  private static final ErrorRedisMessage SYNTAX = new ErrorRedisMessage("ERR syntax error");

  private final RedisStore store;
  private final Set<RedisStore.Key> subscriptions = new LinkedHashSet<>();
  private final RedisStore.Key lookup = RedisStore.Key.lookup();
  private int protocol = 2;
  private Channel channel;
  private Replies replies;

  RedisServerHandler(RedisStore store) {
    this.store = store;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    channel = ctx.channel();
    replies = new Replies(ctx);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    replies.discard();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      List<ByteBuf> args = arguments(msg);
      if (args == null) {
        replies.add(new ErrorRedisMessage("ERR Protocol error: expected an array of bulk strings"));
      } else if (!args.isEmpty()) {
        RedisMessage reply = execute(ctx, args);
        if (reply != null) {
          replies.add(reply);
        }
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    replies.flush();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    for (RedisStore.Key name : subscriptions) {
      store.unsubscribe(name, this);
    }
    subscriptions.clear();
    replies.discard();
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // A protocol error: tell the client, as Redis does, and close.
    replies
        .addAndFlush(new ErrorRedisMessage("ERR Protocol error: " + cause.getMessage()))
        .addListener(f -> ctx.close());
  }

  /** The command's arguments, or null if the message is not a command. */
  private static List<ByteBuf> arguments(Object msg) {
    if (msg instanceof InlineCommandRedisMessage inline) {
      List<ByteBuf> args = new ArrayList<>();
      for (String arg : inline.arguments()) {
        args.add(Unpooled.wrappedBuffer(arg.getBytes(StandardCharsets.UTF_8)));
      }
      return args;
    }
    if (!(msg instanceof ArrayRedisMessage array) || array.isNull()) {
      return null;
    }
    List<RedisMessage> children = array.children();
    List<ByteBuf> args = new ArrayList<>(children.size());
    for (RedisMessage child : children) {
      if (!(child instanceof FullBulkStringRedisMessage bulk) || bulk.isNull()) {
        return null;
      }
      args.add(bulk.content());
    }
    return args;
  }

  private RedisMessage execute(ChannelHandlerContext ctx, List<ByteBuf> args) {
    String name = name(args.get(0));
    if (!subscriptions.isEmpty()
        && protocol == 2
        && !Set.of("SUBSCRIBE", "UNSUBSCRIBE", "PING", "QUIT", "RESET").contains(name)) {
      return new ErrorRedisMessage(
          "ERR Can't execute '"
              + name.toLowerCase(Locale.ROOT)
              + "': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this"
              + " context");
    }
    try {
      return switch (name) {
        case "GET" -> arity(args, 2) ? get(args) : wrongArity(name);
        case "SET" -> args.size() >= 3 ? set(args) : wrongArity(name);
        case "DEL" -> args.size() >= 2 ? del(args) : wrongArity(name);
        case "EXISTS" -> args.size() >= 2 ? exists(args) : wrongArity(name);
        case "INCR" -> arity(args, 2) ? incr(args.get(1), 1) : wrongArity(name);
        case "DECR" -> arity(args, 2) ? incr(args.get(1), -1) : wrongArity(name);
        case "INCRBY" ->
            arity(args, 3) ? incr(args.get(1), integer(args.get(2))) : wrongArity(name);
        case "EXPIRE" ->
            arity(args, 3) ? expire(args.get(1), integer(args.get(2)) * 1000) : wrongArity(name);
        case "PEXPIRE" ->
            arity(args, 3) ? expire(args.get(1), integer(args.get(2))) : wrongArity(name);
        case "TTL" -> arity(args, 2) ? ttl(args.get(1)) : wrongArity(name);
        case "PING" -> ping(args);
        case "ECHO" -> arity(args, 2) ? bulk(args.get(1)) : wrongArity(name);
        case "PUBLISH" -> arity(args, 3) ? publish(args.get(1), args.get(2)) : wrongArity(name);
        case "SUBSCRIBE" -> args.size() >= 2 ? subscribe(args) : wrongArity(name);
        case "UNSUBSCRIBE" -> unsubscribe(args);
        case "HELLO" -> hello(args);
        case "DBSIZE" -> IntegerRedisMessage.of(store.size());
        case "FLUSHALL", "FLUSHDB" -> {
          store.clear();
          yield SimpleStringRedisMessage.OK;
        }
        case "SELECT" -> SimpleStringRedisMessage.OK;
        case "QUIT" -> {
          replies.addAndFlush(SimpleStringRedisMessage.OK).addListener(f -> ctx.close());
          yield null;
        }
        // redis-cli asks for command documentation and redis-benchmark for the configuration;
        // an empty answer is enough for both.
        case "COMMAND", "CONFIG" ->
            protocol == 3
                ? MapRedisMessage.map(new ArrayList<>())
                : ArrayRedisMessage.EMPTY_INSTANCE;
        default ->
            new ErrorRedisMessage(
                "ERR unknown command '" + args.get(0).toString(StandardCharsets.UTF_8) + "'");
      };
    } catch (NumberFormatException | ArithmeticException e) {
      return WRONG_TYPE_INTEGER;
    } catch (IllegalArgumentException e) {
      return SYNTAX;
    }
  }

  /** The command name in upper case; GET and SET, the hot ones, without a second copy. */
  private static String name(ByteBuf arg) {
    int n = arg.readableBytes();
    if (n == 3) {
      int r = arg.readerIndex();
      int b1 = arg.getByte(r + 1) | 0x20;
      int b2 = arg.getByte(r + 2) | 0x20;
      if (b1 == 'e' && b2 == 't') {
        int b0 = arg.getByte(r) | 0x20;
        if (b0 == 'g') {
          return "GET";
        }
        if (b0 == 's') {
          return "SET";
        }
      }
    }
    return arg.toString(StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
  }

  private static boolean arity(List<ByteBuf> args, int n) {
    return args.size() == n;
  }

  private static RedisMessage wrongArity(String name) {
    return new ErrorRedisMessage(
        "ERR wrong number of arguments for '" + name.toLowerCase(Locale.ROOT) + "' command");
  }

  private static long integer(ByteBuf arg) {
    return Long.parseLong(arg.toString(StandardCharsets.US_ASCII));
  }

  private RedisMessage nil() {
    return protocol == 3 ? NullRedisMessage.INSTANCE : FullBulkStringRedisMessage.NULL_INSTANCE;
  }

  private static RedisMessage bulk(ByteBuf arg) {
    return new FullBulkStringRedisMessage(arg.retainedSlice());
  }

  private static RedisMessage bulk(byte[] bytes) {
    return new FullBulkStringRedisMessage(Unpooled.wrappedBuffer(bytes));
  }

  private static RedisMessage bulk(String text) {
    return bulk(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes the reply itself: the stored bytes go straight into the gathered replies. */
  private RedisMessage get(List<ByteBuf> args) {
    RedisStore.Value value = store.get(lookup.view(args.get(1)));
    if (value == null) {
      return nil();
    }
    replies.bulk(value.bytes());
    return null;
  }

  private RedisMessage set(List<ByteBuf> args) {
    long expiresAt = Long.MAX_VALUE;
    boolean nx = false;
    boolean xx = false;
    for (int i = 3; i < args.size(); i++) {
      String option = args.get(i).toString(StandardCharsets.US_ASCII).toUpperCase(Locale.ROOT);
      switch (option) {
        case "NX" -> nx = true;
        case "XX" -> xx = true;
        case "EX", "PX" -> {
          if (++i == args.size()) {
            throw new IllegalArgumentException(option);
          }
          long amount = integer(args.get(i));
          if (amount <= 0) {
            return new ErrorRedisMessage("ERR invalid expire time in 'set' command");
          }
          expiresAt = store.now() + (option.equals("EX") ? amount * 1000 : amount);
        }
        default -> throw new IllegalArgumentException(option);
      }
    }
    RedisStore.Key key = lookup.view(args.get(1));
    RedisStore.Value value =
        new RedisStore.Value(io.tern.buffer.ByteBufUtil.getBytes(args.get(2)), expiresAt);
    if (nx && xx) {
      throw new IllegalArgumentException("NX and XX");
    }
    if (nx) {
      return store.setIfAbsent(key, value) ? SimpleStringRedisMessage.OK : nil();
    }
    if (xx) {
      return store.setIfPresent(key, value) ? SimpleStringRedisMessage.OK : nil();
    }
    store.set(key, value);
    return SimpleStringRedisMessage.OK;
  }

  private RedisMessage del(List<ByteBuf> args) {
    long deleted = 0;
    for (int i = 1; i < args.size(); i++) {
      if (store.delete(RedisStore.Key.of(args.get(i)))) {
        deleted++;
      }
    }
    return IntegerRedisMessage.of(deleted);
  }

  private RedisMessage exists(List<ByteBuf> args) {
    long found = 0;
    for (int i = 1; i < args.size(); i++) {
      if (store.get(RedisStore.Key.of(args.get(i))) != null) {
        found++;
      }
    }
    return IntegerRedisMessage.of(found);
  }

  private RedisMessage incr(ByteBuf key, long delta) {
    return IntegerRedisMessage.of(store.increment(RedisStore.Key.of(key), delta));
  }

  private RedisMessage expire(ByteBuf key, long millis) {
    return IntegerRedisMessage.of(
        store.expire(RedisStore.Key.of(key), store.now() + millis) ? 1 : 0);
  }

  private RedisMessage ttl(ByteBuf key) {
    RedisStore.Value value = store.get(RedisStore.Key.of(key));
    if (value == null) {
      return IntegerRedisMessage.of(-2);
    }
    if (value.expiresAtMillis() == Long.MAX_VALUE) {
      return IntegerRedisMessage.of(-1);
    }
    return IntegerRedisMessage.of((value.expiresAtMillis() - store.now() + 999) / 1000);
  }

  private RedisMessage ping(List<ByteBuf> args) {
    if (args.size() > 2) {
      return wrongArity("PING");
    }
    if (!subscriptions.isEmpty() && protocol == 2) {
      List<RedisMessage> pong = new ArrayList<>();
      pong.add(bulk("pong"));
      pong.add(args.size() == 2 ? bulk(args.get(1)) : FullBulkStringRedisMessage.EMPTY_INSTANCE);
      return ArrayRedisMessage.array(pong);
    }
    return args.size() == 2 ? bulk(args.get(1)) : SimpleStringRedisMessage.PONG;
  }

  private RedisMessage publish(ByteBuf channelName, ByteBuf payload) {
    byte[] bytes = io.tern.buffer.ByteBufUtil.getBytes(payload);
    return IntegerRedisMessage.of(store.publish(RedisStore.Key.of(channelName), bytes));
  }

  /** Called by publishers on any loop: the message is built on this connection's own loop. */
  @Override
  public void deliver(RedisStore.Key name, byte[] payload) {
    channel
        .eventLoop()
        .execute(
            () -> {
              List<RedisMessage> message = new ArrayList<>(3);
              message.add(bulk("message"));
              message.add(bulk(name.bytes()));
              message.add(bulk(payload));
              replies.add(kind(message));
              replies.flush();
            });
  }

  private ArrayRedisMessage kind(List<RedisMessage> elements) {
    return protocol == 3 ? ArrayRedisMessage.push(elements) : ArrayRedisMessage.array(elements);
  }

  private RedisMessage subscribe(List<ByteBuf> args) {
    for (int i = 1; i < args.size(); i++) {
      RedisStore.Key name = RedisStore.Key.of(args.get(i));
      if (subscriptions.add(name)) {
        store.subscribe(name, this);
      }
      replies.add(confirmation("subscribe", name));
    }
    return null;
  }

  private RedisMessage unsubscribe(List<ByteBuf> args) {
    List<RedisStore.Key> channels = new ArrayList<>();
    if (args.size() == 1) {
      channels.addAll(subscriptions);
    } else {
      for (int i = 1; i < args.size(); i++) {
        channels.add(RedisStore.Key.of(args.get(i)));
      }
    }
    if (channels.isEmpty()) {
      replies.add(confirmation("unsubscribe", null));
    }
    for (RedisStore.Key name : channels) {
      if (subscriptions.remove(name)) {
        store.unsubscribe(name, this);
      }
      replies.add(confirmation("unsubscribe", name));
    }
    return null;
  }

  private RedisMessage confirmation(String kind, RedisStore.Key name) {
    List<RedisMessage> elements = new ArrayList<>(3);
    elements.add(bulk(kind));
    elements.add(name == null ? nil() : bulk(name.bytes()));
    elements.add(IntegerRedisMessage.of(subscriptions.size()));
    return kind(elements);
  }

  private RedisMessage hello(List<ByteBuf> args) {
    if (args.size() >= 2) {
      long version;
      try {
        version = integer(args.get(1));
      } catch (NumberFormatException e) {
        return new ErrorRedisMessage("ERR Protocol version is not an integer or out of range");
      }
      if (version != 2 && version != 3) {
        return new ErrorRedisMessage("NOPROTO unsupported protocol version");
      }
      protocol = (int) version;
    }
    List<RedisMessage> fields = new ArrayList<>();
    fields.add(bulk("server"));
    fields.add(bulk("redis"));
    fields.add(bulk("version"));
    fields.add(bulk("7.0.0"));
    fields.add(bulk("proto"));
    fields.add(IntegerRedisMessage.of(protocol));
    fields.add(bulk("mode"));
    fields.add(bulk("standalone"));
    fields.add(bulk("role"));
    fields.add(bulk("master"));
    fields.add(bulk("modules"));
    fields.add(ArrayRedisMessage.EMPTY_INSTANCE);
    return protocol == 3 ? MapRedisMessage.map(fields) : ArrayRedisMessage.array(fields);
  }
}
