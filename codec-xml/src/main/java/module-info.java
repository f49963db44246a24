/**
 * Streaming XML: a decoder that turns bytes into events (elements, text, CDATA, comments,
 * processing instructions) as they arrive, on Aalto's asynchronous parser, with limits and without
 * DTDs or entities; and a frame decoder that splits a stream of documents.
 */
module io.tern.codec.xml {
  requires transitive io.tern.codec;
  requires java.xml;
  requires com.fasterxml.aalto;
  requires org.codehaus.stax2;

  exports io.tern.codec.xml;
}
