package io.tern.codec.xml;

/**
 * A namespace declaration ({@code xmlns:prefix="uri"}, or {@code xmlns="uri"} with prefix {@code
 * ""}) on an {@link XmlElementStart}.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param prefix the declared prefix, or {@code ""} for the default namespace
 * @param uri the namespace
 */
public record XmlNamespace(String prefix, String uri) {}
