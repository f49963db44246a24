package io.tern.codec.xml;

/**
 * The content of a CDATA section, as it is.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param text the characters between {@code <![CDATA[} and {@code ]]>}
 */
public record XmlCdata(String text) implements XmlEvent {}
