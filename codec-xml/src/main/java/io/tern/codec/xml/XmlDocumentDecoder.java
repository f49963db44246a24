package io.tern.codec.xml;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.codec.xml.internal.XmlParser;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * Parses each inbound {@link ByteBuf} as one whole XML document into its {@link XmlEvent}s, from
 * {@link XmlDocumentStart} to {@link XmlDocumentEnd}: put it after {@link XmlFrameDecoder} to
 * decode a stream of documents. The rules and limits are {@link XmlDecoder}'s: no DTDs, no
 * entities, {@link XmlDecoderLimits}. A document that is malformed, refused or over a limit raises
 * an {@link XmlDecoderException}; the events it produced before are passed on, and the next frame
 * is decoded as usual.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel (the decoder base class keeps a reusable
 * output list).
 *
 * <h2>Ownership</h2>
 *
 * Each frame is released after parsing (by {@link MessageToMessageDecoder}); the events hold no
 * reference-counted objects.
 */
public class XmlDocumentDecoder extends MessageToMessageDecoder<ByteBuf> {
  private final XmlDecoderLimits limits;

  /** Creates a decoder with {@link XmlDecoderLimits#DEFAULT}. */
  public XmlDocumentDecoder() {
    this(XmlDecoderLimits.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param limits the bounds on depth, attributes and token size
   */
  public XmlDocumentDecoder(XmlDecoderLimits limits) {
    super(ByteBuf.class);
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
    XmlParser parser = new XmlParser(limits);
    try {
      parser.feed(msg, out);
      parser.end(out);
    } finally {
      parser.close();
    }
  }
}
