package io.tern.codec.xml;

/**
 * A processing instruction ({@code <?target data?>}; the XML declaration is reported in {@link
 * XmlDocumentStart} instead).
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param target the instruction's target
 * @param data the rest, or {@code ""}
 */
public record XmlProcessingInstruction(String target, String data) implements XmlEvent {}
