package io.tern.codec.xml;

/**
 * Text, with character and predefined entity references replaced; whitespace between elements
 * included. Text may come in several pieces in a row.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param text the characters
 */
public record XmlCharacters(String text) implements XmlEvent {}
