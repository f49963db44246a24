/**
 * Core handlers: TLS over the JDK's {@code SSLEngine}, logging with hex dumps, IP filtering and a
 * pcap writer; timeouts, flush consolidation, traffic shaping and chunked writes follow.
 */
module io.tern.handler {
  requires transitive io.tern.codec;

  exports io.tern.handler.flush;
  exports io.tern.handler.ipfilter;
  exports io.tern.handler.logging;
  exports io.tern.handler.pcap;
  exports io.tern.handler.ssl;
  exports io.tern.handler.timeout;
}
