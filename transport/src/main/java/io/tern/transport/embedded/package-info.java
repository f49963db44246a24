/**
 * {@link io.tern.transport.embedded.EmbeddedChannel}: a channel without I/O that runs its pipeline
 * on the calling thread, for testing handlers.
 */
package io.tern.transport.embedded;
