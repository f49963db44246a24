/**
 * Channels, pipelines and transports over event loops with pluggable I/O handlers: the NIO, local
 * and embedded transports, the bootstraps, and the SPI other transports implement.
 */
module io.tern.transport {
  requires transitive io.tern.buffer;
  requires jdk.jfr;

  exports io.tern.transport;
  exports io.tern.transport.bootstrap;
  exports io.tern.transport.channel;
  exports io.tern.transport.embedded;
  exports io.tern.transport.local;
  exports io.tern.transport.nio;
  exports io.tern.transport.socket;
  exports io.tern.transport.spi;
}
