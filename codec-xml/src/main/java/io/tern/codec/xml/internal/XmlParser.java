package io.tern.codec.xml.internal;

import com.fasterxml.aalto.AsyncByteArrayFeeder;
import com.fasterxml.aalto.AsyncXMLInputFactory;
import com.fasterxml.aalto.AsyncXMLStreamReader;
import com.fasterxml.aalto.stax.InputFactoryImpl;
import io.tern.buffer.ByteBuf;
import io.tern.codec.xml.XmlAttribute;
import io.tern.codec.xml.XmlCdata;
import io.tern.codec.xml.XmlCharacters;
import io.tern.codec.xml.XmlComment;
import io.tern.codec.xml.XmlDecoderException;
import io.tern.codec.xml.XmlDecoderLimits;
import io.tern.codec.xml.XmlDocumentEnd;
import io.tern.codec.xml.XmlDocumentStart;
import io.tern.codec.xml.XmlElementEnd;
import io.tern.codec.xml.XmlElementStart;
import io.tern.codec.xml.XmlNamespace;
import io.tern.codec.xml.XmlProcessingInstruction;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;

/**
 * One document through Aalto's asynchronous reader: bytes are fed as they come and every event the
 * reader can complete is turned into an {@code XmlEvent}.
 *
 * <p>Safety: the factory is told not to support DTDs or external entities and not to replace entity
 * references; on top of that a DTD or an entity reference event is refused here, so no entity other
 * than the five predefined ones and character references is ever expanded. Limits (depth,
 * attributes) are checked per event; the token limit counts the bytes fed while no event completes,
 * which bounds what the reader buffers. Aalto keeps a reference to the array it is fed until it
 * asks for more, so input is copied through a scratch array the parser owns.
 *
 * <p>One thread at a time (the channel's event loop).
 */
public final class XmlParser {
  private static final AsyncXMLInputFactory FACTORY = newFactory();
  private static final int FEED = 8192;

  private final XmlDecoderLimits limits;
  private final AsyncXMLStreamReader<AsyncByteArrayFeeder> reader;
  private final byte[] scratch;
  private long bytesSinceEvent;
  private int depth;
  private boolean ended;
  private boolean documentEnded;

  /**
   * Creates a parser for one document.
   *
   * @param limits the bounds to enforce
   */
  public XmlParser(XmlDecoderLimits limits) {
    this.limits = limits;
    this.reader = FACTORY.createAsyncForByteArray();
    this.scratch = new byte[Math.min(FEED, limits.maxTokenBytes())];
  }

  private static AsyncXMLInputFactory newFactory() {
    AsyncXMLInputFactory factory = new InputFactoryImpl();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
    factory.setProperty(XMLInputFactory.IS_COALESCING, false);
    factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
    return factory;
  }

  /**
   * Feeds the readable bytes of {@code in} (consuming them) and adds the events they complete.
   *
   * @param in the bytes
   * @param out receives the events
   * @throws XmlDecoderException if the input is not well-formed, refused, or over a limit
   */
  public void feed(ByteBuf in, List<Object> out) {
    try {
      while (in.isReadable()) {
        if (ended) {
          throw new XmlDecoderException("bytes after the end of the document's input");
        }
        int n = Math.min(scratch.length, in.readableBytes());
        in.readBytes(scratch, 0, n);
        bytesSinceEvent += n;
        if (bytesSinceEvent > limits.maxTokenBytes()) {
          // Counted before the parser sees the piece: a token that ends in it is still too long.
          throw new XmlDecoderException(
              "a token exceeds the limit of " + limits.maxTokenBytes() + " bytes");
        }
        reader.getInputFeeder().feedInput(scratch, 0, n);
        drain(out);
      }
    } catch (XMLStreamException | RuntimeException e) {
      throw typed(e);
    }
  }

  /** Refusals and limits are thrown as they are; the parser's own errors become typed ones. */
  private static XmlDecoderException typed(Exception e) {
    if (e instanceof XmlDecoderException x) {
      return x;
    }
    return new XmlDecoderException("malformed XML: " + e.getMessage(), e);
  }

  /**
   * Ends the input: adds the last events, up to {@code XmlDocumentEnd}.
   *
   * @param out receives the events
   * @throws XmlDecoderException if the document is incomplete or not well-formed
   */
  public void end(List<Object> out) {
    if (ended) {
      return;
    }
    ended = true;
    try {
      reader.getInputFeeder().endOfInput();
      drain(out);
      if (!documentEnded) {
        // The asynchronous reader waits for more input inside an element rather than failing.
        throw new XmlDecoderException("the input ended inside the document");
      }
    } catch (XMLStreamException | RuntimeException e) {
      throw typed(e);
    }
  }

  private void drain(List<Object> out) throws XMLStreamException {
    while (true) {
      int event = reader.next();
      if (event == AsyncXMLStreamReader.EVENT_INCOMPLETE) {
        return;
      }
      bytesSinceEvent = 0;
      switch (event) {
        case XMLStreamConstants.START_DOCUMENT ->
            out.add(
                new XmlDocumentStart(
                    reader.getVersion(),
                    reader.getCharacterEncodingScheme(),
                    reader.standaloneSet() ? Boolean.valueOf(reader.isStandalone()) : null));
        case XMLStreamConstants.END_DOCUMENT -> {
          documentEnded = true;
          out.add(new XmlDocumentEnd());
          return;
        }
        case XMLStreamConstants.START_ELEMENT -> out.add(startElement());
        case XMLStreamConstants.END_ELEMENT -> {
          depth--;
          out.add(
              new XmlElementEnd(
                  reader.getLocalName(),
                  orEmpty(reader.getNamespaceURI()),
                  orEmpty(reader.getPrefix())));
        }
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.SPACE ->
            out.add(new XmlCharacters(reader.getText()));
        case XMLStreamConstants.CDATA -> out.add(new XmlCdata(reader.getText()));
        case XMLStreamConstants.COMMENT -> out.add(new XmlComment(reader.getText()));
        case XMLStreamConstants.PROCESSING_INSTRUCTION ->
            out.add(
                new XmlProcessingInstruction(reader.getPITarget(), orEmpty(reader.getPIData())));
        case XMLStreamConstants.DTD ->
            throw new XmlDecoderException("a DTD is refused (no DTDs, no entities, ever)");
        case XMLStreamConstants.ENTITY_REFERENCE ->
            throw new XmlDecoderException(
                "the entity reference &"
                    + reader.getLocalName()
                    + "; is refused: only the"
                    + " predefined entities and character references are replaced");
        default -> throw new XmlDecoderException("unexpected XML event " + event);
      }
    }
  }

  private XmlElementStart startElement() {
    if (++depth > limits.maxDepth()) {
      throw new XmlDecoderException(
          "elements nested deeper than the limit of " + limits.maxDepth());
    }
    int attributeCount = reader.getAttributeCount();
    int namespaceCount = reader.getNamespaceCount();
    if (attributeCount + namespaceCount > limits.maxAttributes()) {
      throw new XmlDecoderException(
          "an element has more than the limit of " + limits.maxAttributes() + " attributes");
    }
    List<XmlAttribute> attributes = new ArrayList<>(attributeCount);
    for (int i = 0; i < attributeCount; i++) {
      attributes.add(
          new XmlAttribute(
              reader.getAttributeLocalName(i),
              orEmpty(reader.getAttributeNamespace(i)),
              orEmpty(reader.getAttributePrefix(i)),
              reader.getAttributeValue(i)));
    }
    List<XmlNamespace> namespaces = new ArrayList<>(namespaceCount);
    for (int i = 0; i < namespaceCount; i++) {
      namespaces.add(
          new XmlNamespace(
              orEmpty(reader.getNamespacePrefix(i)), orEmpty(reader.getNamespaceURI(i))));
    }
    return new XmlElementStart(
        reader.getLocalName(),
        orEmpty(reader.getNamespaceURI()),
        orEmpty(reader.getPrefix()),
        attributes,
        namespaces);
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** Frees the reader's buffers. */
  public void close() {
    try {
      reader.close();
    } catch (XMLStreamException e) {
      // Closing an asynchronous reader releases buffers only; nothing to report.
    }
  }
}
