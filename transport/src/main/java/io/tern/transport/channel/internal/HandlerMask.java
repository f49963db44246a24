package io.tern.transport.channel.internal;

import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.lang.reflect.Method;
import java.net.SocketAddress;

/**
 * One bit per event: set when a handler class overrides that event's method, so propagation can
 * skip handlers that would only forward. Computed once per class by reflection and cached.
 */
final class HandlerMask {
  static final int REGISTERED = 1;
  static final int UNREGISTERED = 1 << 1;
  static final int ACTIVE = 1 << 2;
  static final int INACTIVE = 1 << 3;
  static final int READ = 1 << 4;
  static final int READ_COMPLETE = 1 << 5;
  static final int USER_EVENT = 1 << 6;
  static final int WRITABILITY = 1 << 7;
  static final int EXCEPTION = 1 << 8;
  static final int BIND = 1 << 9;
  static final int CONNECT = 1 << 10;
  static final int DISCONNECT = 1 << 11;
  static final int CLOSE = 1 << 12;
  static final int READ_OP = 1 << 13;
  static final int WRITE = 1 << 14;
  static final int FLUSH = 1 << 15;
  static final int ALL = (1 << 16) - 1;
  static final int INBOUND = (1 << 9) - 1;
  static final int OUTBOUND = ALL & ~INBOUND;

  private static final ClassValue<Integer> MASKS =
      new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
          return compute(type);
        }
      };

  private HandlerMask() {}

  static int of(Class<? extends ChannelHandler> type) {
    return MASKS.get(type);
  }

  private static int compute(Class<?> type) {
    Class<ChannelHandlerContext> c = ChannelHandlerContext.class;
    int mask = 0;
    mask |= bit(type, REGISTERED, "channelRegistered", c);
    mask |= bit(type, UNREGISTERED, "channelUnregistered", c);
    mask |= bit(type, ACTIVE, "channelActive", c);
    mask |= bit(type, INACTIVE, "channelInactive", c);
    mask |= bit(type, READ, "channelRead", c, Object.class);
    mask |= bit(type, READ_COMPLETE, "channelReadComplete", c);
    mask |= bit(type, USER_EVENT, "userEventTriggered", c, Object.class);
    mask |= bit(type, WRITABILITY, "channelWritabilityChanged", c);
    mask |= bit(type, EXCEPTION, "exceptionCaught", c, Throwable.class);
    mask |= bit(type, BIND, "bind", c, SocketAddress.class, Promise.class);
    mask |=
        bit(type, CONNECT, "connect", c, SocketAddress.class, SocketAddress.class, Promise.class);
    mask |= bit(type, DISCONNECT, "disconnect", c, Promise.class);
    mask |= bit(type, CLOSE, "close", c, Promise.class);
    mask |= bit(type, READ_OP, "read", c);
    mask |= bit(type, WRITE, "write", c, Object.class, Promise.class);
    mask |= bit(type, FLUSH, "flush", c);
    return mask;
  }

  private static int bit(Class<?> type, int bit, String name, Class<?>... params) {
    try {
      // getMethod resolves to the most specific declaration, public classes or not.
      Method m = type.getMethod(name, params);
      return m.getDeclaringClass() == ChannelHandler.class ? 0 : bit;
    } catch (NoSuchMethodException e) {
      return bit; // cannot happen for a ChannelHandler; never skip when unsure
    }
  }
}
