package io.tern.codec.xml;

import java.util.List;

/**
 * A start tag (or an empty-element tag, which is followed at once by its {@link XmlElementEnd}).
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
 * @param attributes its attributes, in document order (namespace declarations excluded)
 * @param namespaces the namespace declarations on this element, in document order
 */
public record XmlElementStart(
    String localName,
    String namespaceUri,
    String prefix,
    List<XmlAttribute> attributes,
    List<XmlNamespace> namespaces)
    implements XmlEvent {

  /**
   * Copies the lists.
   *
   * @throws NullPointerException if an argument is {@code null}
   */
  public XmlElementStart {
    attributes = List.copyOf(attributes);
    namespaces = List.copyOf(namespaces);
  }
}
