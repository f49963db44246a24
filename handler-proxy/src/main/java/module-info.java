/**
 * Client-side proxying: handlers that open a connection through a SOCKS 4/4a, SOCKS 5 or HTTP
 * {@code CONNECT} proxy before the application's handlers see it.
 */
module io.tern.handler.proxy {
  requires transitive io.tern.codec.socks;

  exports io.tern.handler.proxy;
}
