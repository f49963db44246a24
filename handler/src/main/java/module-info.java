/**
 * Core handlers: TLS over the JDK's {@code SSLEngine} (or OpenSSL's, through the {@code
 * io.tern.handler.ssl.spi} providers found with {@link java.util.ServiceLoader}), logging with hex
 * dumps, timeouts, flush consolidation, IP filtering, a pcap writer, chunked writes and per-channel
 * and global traffic shaping.
 */
module io.tern.handler {
  requires transitive io.tern.codec;

  exports io.tern.handler.flush;
  exports io.tern.handler.ipfilter;
  exports io.tern.handler.logging;
  exports io.tern.handler.pcap;
  exports io.tern.handler.ssl;
  exports io.tern.handler.ssl.spi;
  exports io.tern.handler.stream;
  exports io.tern.handler.timeout;
  exports io.tern.handler.traffic;

  uses io.tern.handler.ssl.spi.SslEngineProvider;
}
