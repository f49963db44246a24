/** Event loops over pluggable I/O handlers (and, later, channels, pipelines and transports). */
module io.tern.transport {
  requires transitive io.tern.buffer;
  requires jdk.jfr;

  exports io.tern.transport;
  exports io.tern.transport.channel;
  exports io.tern.transport.embedded;
}
