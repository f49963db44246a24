package io.tern.codec.xml;

/**
 * The start of a document, with what its XML declaration says (each {@code null} when the document
 * has no declaration or the declaration leaves it out).
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param version the declared XML version, such as {@code "1.0"}, or {@code null}
 * @param encoding the declared encoding, or {@code null}
 * @param standalone the declared {@code standalone} value, or {@code null}
 */
public record XmlDocumentStart(String version, String encoding, Boolean standalone)
    implements XmlEvent {}
