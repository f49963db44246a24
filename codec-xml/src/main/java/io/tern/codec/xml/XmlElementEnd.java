package io.tern.codec.xml;

/**
 * An end tag (also sent right after the start of an empty-element tag).
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param localName the element's local name
 * @param namespaceUri its namespace, or {@code ""} for none
 * @param prefix its prefix, or {@code ""} for none
 */
public record XmlElementEnd(String localName, String namespaceUri, String prefix)
    implements XmlEvent {}
