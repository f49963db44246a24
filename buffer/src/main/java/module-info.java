/** Byte buffers, their allocators, and byte search. */
module io.tern.buffer {
  requires transitive io.tern.common;
  requires jdk.jfr;

  exports io.tern.buffer;
  exports io.tern.buffer.search;
}
