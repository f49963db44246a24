package io.tern.codec.xml;

/**
 * A comment.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param text the characters between {@code <!--} and {@code -->}
 */
public record XmlComment(String text) implements XmlEvent {}
