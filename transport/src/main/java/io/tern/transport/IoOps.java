package io.tern.transport;

/**
 * An operation an {@link IoHandle} asks its {@link IoHandler} for through {@link
 * IoRegistration#submit}, such as interest in readability. Each handler defines its own types.
 */
public interface IoOps {}
