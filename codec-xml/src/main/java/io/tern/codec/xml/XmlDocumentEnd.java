package io.tern.codec.xml;

/**
 * The end of a document: its root element has ended and its input has ended.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public record XmlDocumentEnd() implements XmlEvent {}
