package io.tern.examples.memcache;

import static io.tern.codec.memcache.BinaryMemcacheOpcodes.*;
import static io.tern.codec.memcache.BinaryMemcacheResponseStatus.*;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.memcache.BinaryMemcacheOpcodes;
import io.tern.codec.memcache.BinaryMemcacheRequest;
import io.tern.codec.memcache.BinaryMemcacheResponse;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;

/**
 * One connection of the memcache-server example: runs each binary request against the shared {@link
 * MemcacheStore} with memcached's semantics (CAS checks, quiet commands that answer only errors,
 * counters that wrap on increment and stop at 0 on decrement, relative and absolute expirations),
 * copies the opaque value into each response, and flushes once per read burst.
 *
 * <p>Per connection; runs on its channel's event loop; releases every request.
 */
final class MemcacheServerHandler implements ChannelHandler {
  static final String VERSION_TEXT = "1.6.0-tern";
  private static final int MAX_KEY = 250;
  private static final int MAX_VALUE = 1 << 20;

  private final MemcacheStore store;

  MemcacheServerHandler(MemcacheStore store) {
    this.store = store;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    BinaryMemcacheRequest request = (BinaryMemcacheRequest) msg;
    try {
      handle(ctx, request);
    } finally {
      request.release();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close(); // malformed binary input: the stream cannot be resynchronised
  }

  private void handle(ChannelHandlerContext ctx, BinaryMemcacheRequest request) {
    byte opcode = request.opcode();
    boolean quiet = BinaryMemcacheOpcodes.isQuiet(opcode);
    BinaryMemcacheResponse response =
        switch (BinaryMemcacheOpcodes.loud(opcode)) {
          case GET, GETK -> get(request, -1);
          case GAT, GATK ->
              request.extras().readableBytes() == 4
                  ? get(request, request.extras().getUnsignedInt(request.extras().readerIndex()))
                  : error(request, EINVAL);
          case TOUCH -> touch(request);
          case SET, ADD, REPLACE -> store(request);
          case APPEND, PREPEND -> concat(request);
          case DELETE -> delete(request);
          case INCREMENT, DECREMENT -> counter(request);
          case FLUSH -> flush(request);
          case NOOP -> empty(request);
          case VERSION -> reply(request, SUCCESS).withValue(VERSION_TEXT);
          case STAT -> stat(ctx, request);
          case QUIT -> {
            if (!quiet) {
              ctx.writeAndFlush(empty(request)).addListener(f -> ctx.close());
            } else {
              ctx.close();
            }
            yield null;
          }
          default -> error(request, UNKNOWN_COMMAND);
        };
    if (response == null) {
      return;
    }
    // Quiet gets answer hits and stay silent on misses; the other quiet commands answer errors
    // only.
    boolean quietGet = opcode == GETQ || opcode == GETKQ || opcode == GATQ || opcode == GATKQ;
    boolean silent = quietGet ? response.status() == KEY_ENOENT : response.status() == SUCCESS;
    if (quiet && silent) {
      response.release();
    } else {
      ctx.write(response);
    }
  }

  private static MemcacheStore.Key key(BinaryMemcacheRequest request) {
    return new MemcacheStore.Key(ByteBufUtil.getBytes(request.key()));
  }

  private Response reply(BinaryMemcacheRequest request, short status) {
    return new Response(request, status);
  }

  private BinaryMemcacheResponse empty(BinaryMemcacheRequest request) {
    return reply(request, SUCCESS).response();
  }

  private BinaryMemcacheResponse error(BinaryMemcacheRequest request, short status) {
    String text =
        switch (status) {
          case KEY_ENOENT -> "Not found";
          case KEY_EEXISTS -> "Data exists for key.";
          case E2BIG -> "Too large.";
          case EINVAL -> "Invalid arguments";
          case NOT_STORED -> "Not stored.";
          case DELTA_BADVAL -> "Non-numeric server-side value for incr or decr";
          default -> "Unknown command";
        };
    return reply(request, status).withValue(text);
  }

  /** A response under construction: the request's opcode and opaque, a status, maybe a body. */
  private static final class Response {
    private final BinaryMemcacheRequest request;
    private final short status;

    Response(BinaryMemcacheRequest request, short status) {
      this.request = request;
      this.status = status;
    }

    BinaryMemcacheResponse response() {
      return body(Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, 0);
    }

    BinaryMemcacheResponse withValue(String text) {
      return body(
          Unpooled.EMPTY_BUFFER,
          Unpooled.EMPTY_BUFFER,
          Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.US_ASCII)),
          0);
    }

    BinaryMemcacheResponse body(ByteBuf extras, ByteBuf key, ByteBuf value, long cas) {
      return new BinaryMemcacheResponse(request.opcode(), extras, key, value)
          .status(status)
          .opaque(request.opaque())
          .cas(cas);
    }
  }

  private BinaryMemcacheResponse get(BinaryMemcacheRequest request, long touchExpiration) {
    if (request.key().readableBytes() == 0 || request.key().readableBytes() > MAX_KEY) {
      return error(request, EINVAL);
    }
    MemcacheStore.Key key = key(request);
    MemcacheStore.Item item;
    if (touchExpiration >= 0) {
      long deadline = store.deadline(touchExpiration);
      item =
          store.update(
              key,
              old ->
                  old == null
                      ? null
                      : new MemcacheStore.Item(old.value(), old.flags(), deadline, old.cas()));
    } else {
      item = store.get(key);
    }
    byte loud = BinaryMemcacheOpcodes.loud(request.opcode());
    boolean withKey = loud == GETK || loud == GATK;
    if (item == null) {
      BinaryMemcacheResponse miss = error(request, KEY_ENOENT);
      if (!withKey) {
        return miss;
      }
      miss.release();
      return reply(request, KEY_ENOENT)
          .body(
              Unpooled.EMPTY_BUFFER, Unpooled.wrappedBuffer(key.bytes()), Unpooled.EMPTY_BUFFER, 0);
    }
    ByteBuf flags = Unpooled.buffer(4).writeInt(item.flags());
    return reply(request, SUCCESS)
        .body(
            flags,
            withKey ? Unpooled.wrappedBuffer(key.bytes()) : Unpooled.EMPTY_BUFFER,
            Unpooled.wrappedBuffer(item.value()),
            item.cas());
  }

  private BinaryMemcacheResponse touch(BinaryMemcacheRequest request) {
    if (request.extras().readableBytes() != 4) {
      return error(request, EINVAL);
    }
    long deadline = store.deadline(request.extras().getUnsignedInt(request.extras().readerIndex()));
    MemcacheStore.Item item =
        store.update(
            key(request),
            old ->
                old == null
                    ? null
                    : new MemcacheStore.Item(old.value(), old.flags(), deadline, old.cas()));
    return item == null
        ? error(request, KEY_ENOENT)
        : reply(request, SUCCESS)
            .body(Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, item.cas());
  }

  private BinaryMemcacheResponse store(BinaryMemcacheRequest request) {
    ByteBuf extras = request.extras();
    int keyLength = request.key().readableBytes();
    if (extras.readableBytes() != 8 || keyLength == 0 || keyLength > MAX_KEY) {
      return error(request, EINVAL);
    }
    if (request.value().readableBytes() > MAX_VALUE) {
      return error(request, E2BIG);
    }
    int flags = extras.getInt(extras.readerIndex());
    long deadline = store.deadline(extras.getUnsignedInt(extras.readerIndex() + 4));
    byte[] value = ByteBufUtil.getBytes(request.value());
    byte loud = BinaryMemcacheOpcodes.loud(request.opcode());
    long cas = request.cas();
    short[] status = {SUCCESS};
    MemcacheStore.Item stored =
        store.update(
            key(request),
            old -> {
              if (loud == ADD && old != null) {
                status[0] = KEY_EEXISTS;
                return old;
              }
              if (loud == REPLACE && old == null) {
                status[0] = KEY_ENOENT;
                return null;
              }
              if (cas != 0 && old == null) {
                status[0] = KEY_ENOENT;
                return null;
              }
              if (cas != 0 && old.cas() != cas) {
                status[0] = KEY_EEXISTS;
                return old;
              }
              return new MemcacheStore.Item(value, flags, deadline, store.nextCas());
            });
    if (status[0] != SUCCESS) {
      return error(request, status[0]);
    }
    return reply(request, SUCCESS)
        .body(Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, stored.cas());
  }

  private BinaryMemcacheResponse concat(BinaryMemcacheRequest request) {
    if (request.extras().readableBytes() != 0 || request.key().readableBytes() == 0) {
      return error(request, EINVAL);
    }
    byte[] more = ByteBufUtil.getBytes(request.value());
    boolean append = BinaryMemcacheOpcodes.loud(request.opcode()) == APPEND;
    long cas = request.cas();
    short[] status = {SUCCESS};
    MemcacheStore.Item stored =
        store.update(
            key(request),
            old -> {
              if (old == null) {
                status[0] = NOT_STORED;
                return null;
              }
              if (cas != 0 && old.cas() != cas) {
                status[0] = KEY_EEXISTS;
                return old;
              }
              byte[] joined = new byte[old.value().length + more.length];
              byte[] first = append ? old.value() : more;
              byte[] second = append ? more : old.value();
              System.arraycopy(first, 0, joined, 0, first.length);
              System.arraycopy(second, 0, joined, first.length, second.length);
              return new MemcacheStore.Item(
                  joined, old.flags(), old.expiresAtMillis(), store.nextCas());
            });
    if (status[0] != SUCCESS) {
      return error(request, status[0]);
    }
    return reply(request, SUCCESS)
        .body(Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, Unpooled.EMPTY_BUFFER, stored.cas());
  }

  private BinaryMemcacheResponse delete(BinaryMemcacheRequest request) {
    if (request.extras().readableBytes() != 0 || request.value().readableBytes() != 0) {
      return error(request, EINVAL);
    }
    long cas = request.cas();
    short[] status = {SUCCESS};
    store.update(
        key(request),
        old -> {
          if (old == null) {
            status[0] = KEY_ENOENT;
            return null;
          }
          if (cas != 0 && old.cas() != cas) {
            status[0] = KEY_EEXISTS;
            return old;
          }
          return null;
        });
    return status[0] == SUCCESS ? empty(request) : error(request, status[0]);
  }

  private BinaryMemcacheResponse counter(BinaryMemcacheRequest request) {
    ByteBuf extras = request.extras();
    if (extras.readableBytes() != 20 || request.value().readableBytes() != 0) {
      return error(request, EINVAL);
    }
    int r = extras.readerIndex();
    long delta = extras.getLong(r);
    long initial = extras.getLong(r + 8);
    long expiration = extras.getUnsignedInt(r + 16);
    boolean increment = BinaryMemcacheOpcodes.loud(request.opcode()) == INCREMENT;
    long cas = request.cas();
    short[] status = {SUCCESS};
    long[] result = new long[1];
    MemcacheStore.Item stored =
        store.update(
            key(request),
            old -> {
              if (old == null) {
                if (expiration == 0xffffffffL) {
                  status[0] = KEY_ENOENT;
                  return null;
                }
                result[0] = initial;
                return new MemcacheStore.Item(
                    Long.toUnsignedString(initial).getBytes(StandardCharsets.US_ASCII),
                    0,
                    store.deadline(expiration),
                    store.nextCas());
              }
              if (cas != 0 && old.cas() != cas) {
                status[0] = KEY_EEXISTS;
                return old;
              }
              long current;
              try {
                current =
                    Long.parseUnsignedLong(new String(old.value(), StandardCharsets.US_ASCII));
              } catch (NumberFormatException e) {
                status[0] = DELTA_BADVAL;
                return old;
              }
              long next =
                  increment
                      ? current + delta
                      : (Long.compareUnsigned(current, delta) < 0 ? 0 : current - delta);
              result[0] = next;
              return new MemcacheStore.Item(
                  Long.toUnsignedString(next).getBytes(StandardCharsets.US_ASCII),
                  old.flags(),
                  old.expiresAtMillis(),
                  store.nextCas());
            });
    if (status[0] != SUCCESS) {
      return error(request, status[0]);
    }
    return reply(request, SUCCESS)
        .body(
            Unpooled.EMPTY_BUFFER,
            Unpooled.EMPTY_BUFFER,
            Unpooled.buffer(8).writeLong(result[0]),
            stored.cas());
  }

  private BinaryMemcacheResponse flush(BinaryMemcacheRequest request) {
    int extras = request.extras().readableBytes();
    if (extras != 0 && extras != 4) {
      return error(request, EINVAL);
    }
    store.flush();
    return empty(request);
  }

  private BinaryMemcacheResponse stat(ChannelHandlerContext ctx, BinaryMemcacheRequest request) {
    String[][] stats = {
      {"pid", Long.toString(ProcessHandle.current().pid())},
      {"version", VERSION_TEXT},
      {"curr_items", Integer.toString(store.size())},
    };
    for (String[] stat : stats) {
      ctx.write(
          reply(request, SUCCESS)
              .body(
                  Unpooled.EMPTY_BUFFER,
                  Unpooled.wrappedBuffer(stat[0].getBytes(StandardCharsets.US_ASCII)),
                  Unpooled.wrappedBuffer(stat[1].getBytes(StandardCharsets.US_ASCII)),
                  0));
    }
    return empty(request);
  }
}
