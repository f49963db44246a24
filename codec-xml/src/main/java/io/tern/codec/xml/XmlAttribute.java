package io.tern.codec.xml;

/**
 * An attribute of an {@link XmlElementStart}, its value with references replaced.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param localName the attribute's local name
 * @param namespaceUri its namespace, or {@code ""} for none
 * @param prefix its prefix, or {@code ""} for none
 * @param value its value
 */
public record XmlAttribute(String localName, String namespaceUri, String prefix, String value) {}
