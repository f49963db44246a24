package io.tern.codec.xml;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.xml.internal.XmlParser;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * Turns the bytes of one XML document into {@link XmlEvent}s as they arrive (Netty's {@code
 * XmlDecoder}), with Aalto's asynchronous parser: an element's start is passed on as soon as its
 * tag is complete, without waiting for the rest of the document. The document ends — {@link
 * XmlDocumentEnd} — when the input does (the channel closes or its input is shut down); for a
 * stream of documents, put {@link XmlFrameDecoder} in front and use {@link XmlDocumentDecoder}
 * instead.
 *
 * <p>Never a DTD, never an entity: a document with a {@code <!DOCTYPE>} or a reference to an entity
 * other than the five predefined ones and character references is refused, so neither entity
 * expansion (the "billion laughs") nor external entities (XXE) can happen. {@link XmlDecoderLimits}
 * bound the nesting depth, the attributes of one element and the bytes of one token. Malformed,
 * refused or oversized input raises an {@link XmlDecoderException}, after which the rest of the
 * input is dropped.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are consumed (see {@link ByteToMessageDecoder}); the events hold no
 * reference-counted objects.
 */
public class XmlDecoder extends ByteToMessageDecoder {
  private final XmlDecoderLimits limits;
  private XmlParser parser;
  private boolean received;
  private boolean failed;

  /** Creates a decoder with {@link XmlDecoderLimits#DEFAULT}. */
  public XmlDecoder() {
    this(XmlDecoderLimits.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on depth, attributes and token size
   */
  public XmlDecoder(XmlDecoderLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (parser == null) {
      parser = new XmlParser(limits);
    }
    received |= in.isReadable();
    try {
      parser.feed(in, out);
    } catch (RuntimeException e) {
      fail(in);
      throw e;
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.isReadable()) {
      decode(ctx, in, out);
    }
    if (failed || !received) {
      return;
    }
    try {
      parser.end(out);
    } catch (RuntimeException e) {
      fail(in);
      throw e;
    }
  }

  private void fail(ByteBuf in) {
    failed = true;
    in.skipBytes(in.readableBytes());
    if (parser != null) {
      parser.close();
    }
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    if (parser != null) {
      parser.close();
    }
  }
}
