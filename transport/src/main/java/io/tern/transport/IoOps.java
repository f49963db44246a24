package io.tern.transport;

/**
 * An operation an {@link IoHandle} asks its {@link IoHandler} for through {@link
 * IoRegistration#submit}, such as interest in readability. Each handler defines its own types.
 *
 * <h2>Threading</h2>
 *
 * <p>Submitted on the loop thread unless the handler documents otherwise.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects (a handler whose operations lend memory to the kernel
 * documents when it comes back).
 */
public interface IoOps {}
