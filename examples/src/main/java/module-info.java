/**
 * Tern's runnable examples, as an application on the module path would declare itself: it requires
 * the Tern modules whose packages it imports and nothing else. {@code requires} of a Tern module
 * brings what that module re-exports ({@code io.tern.codec.http} requires {@code io.tern.handler},
 * {@code io.tern.codec}, {@code io.tern.transport}, {@code io.tern.buffer} and {@code
 * io.tern.common} transitively); they are listed here anyway, because the examples use them
 * directly.
 *
 * <p>{@code ./run-example} starts it on the module path: {@code java --module-path ...
 * --enable-native-access=io.tern.buffer,io.tern.transport.linux,io.tern.handler.ssl.openssl -m
 * io.tern.examples/io.tern.examples.Examples NAME [options]}. The modules that call native code
 * through FFM are named in {@code --enable-native-access}; the OpenSSL engine ({@code
 * io.tern.handler.ssl.openssl}) is not required: {@code io.tern.handler} finds it as a service
 * provider when it is on the module path, and falls back to the JDK's engine when it is not.
 *
 * <p>An application exports nothing: no other module uses the examples.
 */
module io.tern.examples {
  requires io.tern.common;
  requires io.tern.buffer;
  requires io.tern.transport;
  requires io.tern.transport.linux;
  requires io.tern.codec;
  requires io.tern.handler;
  requires io.tern.codec.http;
  requires io.tern.codec.http2;
  requires io.tern.codec.haproxy;
  requires io.tern.codec.memcache;
  requires io.tern.codec.mqtt;
  requires io.tern.codec.redis;
  requires io.tern.codec.smtp;
  requires io.tern.codec.socks;
  requires io.tern.codec.stomp;
  requires io.tern.codec.dns;
  requires io.tern.resolver.dns;
}
