package io.tern.codec.xml;

/**
 * One piece of an XML document, as {@link XmlDecoder} reads it: the document's start and end, an
 * element's start (with its attributes and namespace declarations) and end, text, CDATA, a comment,
 * a processing instruction. Text may come as several {@link XmlCharacters} in a row (the parser
 * passes on what it has when the bytes received so far end inside it); join them if needed.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public sealed interface XmlEvent
    permits XmlDocumentStart,
        XmlDocumentEnd,
        XmlElementStart,
        XmlElementEnd,
        XmlCharacters,
        XmlCdata,
        XmlComment,
        XmlProcessingInstruction {}
